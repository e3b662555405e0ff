// The little plain JavaScript of the dashboard and storefront pages, served at /_assets/pages.js.
// Forms and buttons marked `data-api` send JSON to the same routes the API's users call (the
// dashboard's through its session-authenticated mirror /_dashboard/api/…) and report the answer;
// `[data-copy]` copies, `[data-feed]` shows the live event stream. Everything shown is set with
// textContent, never as HTML. Plain ES2020 in a String.raw literal (no backticks, no dollar-brace).
export const PAGES_JS = String.raw`
(function () {
  'use strict';
  var FLASH = 'store-flash';

  function notice(el, text, ok) {
    if (!el) return;
    el.textContent = text;
    el.className = 'notice ' + (ok ? 'ok' : 'bad');
  }
  function setPath(target, path, value) {
    var keys = path.split('.'), at = target;
    // A numeric key makes an array: items.0.productId -> { items: [{ productId }] }.
    for (var i = 0; i < keys.length - 1; i++) { at[keys[i]] = at[keys[i]] || (/^\d+$/.test(keys[i + 1]) ? [] : {}); at = at[keys[i]]; }
    at[keys[keys.length - 1]] = value;
  }
  function lines(text) { return text.split(/\r?\n/).map(function (s) { return s.trim(); }).filter(Boolean); }

  // One field's value as JSON, by its data-type; undefined leaves the field out of the body.
  function valueOf(el) {
    var type = el.getAttribute('data-type') || 'text';
    var raw = el.value;
    if (el.type === 'checkbox' && type !== 'checks') return el.checked;
    if (raw === '' || raw === undefined) return el.hasAttribute('data-null-empty') ? null : undefined;
    switch (type) {
      case 'number': return Number(raw);
      case 'lines': return lines(raw);
      case 'json': return JSON.parse(raw);
      case 'files': return lines(raw).map(function (line) {
        var cut = line.indexOf('|');
        return cut < 0 ? { name: line.split('/').pop() || line, url: line } : { name: line.slice(0, cut).trim(), url: line.slice(cut + 1).trim() };
      });
      default: return raw;
    }
  }
  function bodyOf(form) {
    var body = {};
    var checks = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled || el.hasAttribute('data-skip')) return;
      if (el.type === 'radio' && !el.checked) return;
      if (el.type === 'submit' || el.type === 'button') return;
      if (el.getAttribute('data-type') === 'checks') {
        checks[el.name] = checks[el.name] || [];
        if (el.checked) checks[el.name].push(el.value);
        return;
      }
      var value;
      try { value = valueOf(el); } catch (e) { throw new Error(el.name + ': is not valid JSON (' + e.message + ')'); }
      if (value !== undefined) setPath(body, el.name, value);
    });
    Object.keys(checks).forEach(function (name) { setPath(body, name, checks[name]); });
    return body;
  }

  function describe(status, json) {
    if (json && typeof json.error === 'string') {
      var more = (json.errors || []).slice(1).map(function (e) { return e.field + ': ' + e.message; });
      return json.error + (more.length ? ' (also ' + more.join('; ') + ')' : '');
    }
    return 'request failed with status ' + status;
  }

  function send(el, body) {
    var method = (el.getAttribute('data-method') || 'POST').toUpperCase();
    var headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (el.hasAttribute('data-dashboard')) {
      headers['x-dashboard-request'] = '1';
      var shop = document.body.getAttribute('data-shop');
      if (shop) headers['x-service-shop'] = shop;
    }
    return fetch(el.getAttribute('data-api'), { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' })
      .then(function (res) {
        return res.text().then(function (text) {
          var json = null;
          try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
          if (!res.ok) throw new Error(describe(res.status, json));
          return json;
        });
      });
  }

  function after(el, json, noticeEl) {
    var then = el.getAttribute('data-then') || 'reload';
    var success = el.getAttribute('data-success') || 'Done.';
    if (then === 'go') {
      var url = json && json[el.getAttribute('data-go-field') || 'url'];
      if (typeof url === 'string') { location.assign(url); return; }
    }
    if (then === 'show') {
      var target = document.querySelector(el.getAttribute('data-show'));
      var field = el.getAttribute('data-show-field');
      if (target) {
        target.hidden = false;
        var out = target.querySelector('[data-output]') || target;
        out.textContent = field ? String(json && json[field]) : JSON.stringify(json, null, 2);
      }
      notice(noticeEl, success, true);
      return;
    }
    if (then === 'replace') {
      var done = document.createElement('p');
      done.className = 'notice ok';
      done.setAttribute('role', 'status');
      done.textContent = success;
      el.replaceWith(done);
      if (noticeEl) noticeEl.textContent = '';
      return;
    }
    try { sessionStorage.setItem(FLASH, success); } catch (e) { /* private mode */ }
    location.reload();
  }

  function run(el, body, button) {
    var noticeEl = document.getElementById(el.getAttribute('data-notice') || 'flash');
    var question = el.getAttribute('data-confirm');
    if (question && !window.confirm(question)) return;
    if (button) button.disabled = true;
    notice(noticeEl, 'Working\u2026', true);
    send(el, body).then(function (json) { after(el, json, noticeEl); })
      .catch(function (error) { notice(noticeEl, error.message, false); })
      .then(function () { if (button) button.disabled = false; });
  }

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute('data-api')) return;
    event.preventDefault();
    // A select marked data-sets-api picks the URL (the simulator's endpoint).
    var target = form.querySelector('[data-sets-api]');
    if (target) form.setAttribute('data-api', target.value);
    var body;
    try { body = bodyOf(form); } catch (error) { notice(document.getElementById(form.getAttribute('data-notice') || 'flash'), error.message, false); return; }
    run(form, body, form.querySelector('button[type="submit"], button:not([type])'));
  });
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-api]');
    if (button && !button.form) {
      var raw = button.getAttribute('data-body');
      run(button, raw ? JSON.parse(raw) : undefined, button);
      return;
    }
    var copy = event.target.closest && event.target.closest('button[data-copy]');
    if (copy) {
      var source = document.querySelector(copy.getAttribute('data-copy'));
      var text = source ? (source.value !== undefined ? source.value : source.textContent) : '';
      var done = function () { var label = copy.textContent; copy.textContent = 'Copied'; setTimeout(function () { copy.textContent = label; }, 1500); };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, function () { fallbackCopy(source); done(); });
      else { fallbackCopy(source); done(); }
    }
  });
  function fallbackCopy(source) {
    if (source && source.select) { source.select(); try { document.execCommand('copy'); } catch (e) { /* selected for the user */ } }
  }
  // The checkout's total follows its quantity field (unit price × quantity, rounded to cents, formatted as the server does).
  document.addEventListener('input', function (event) {
    var el = event.target;
    var out = el && el.id ? document.querySelector('[data-total-of="' + el.id + '"]') : null;
    var quantity = Math.floor(Number(el && el.value));
    if (!out || !(quantity >= 1)) return;
    var amount = Math.round((Number(out.getAttribute('data-unit-price')) * quantity + Number.EPSILON) * 100) / 100;
    var currency = out.getAttribute('data-currency') || 'USD';
    try {
      out.textContent = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency, currencyDisplay: 'code' }).format(amount).replace(/\u00a0/g, ' ');
    } catch (e) { out.textContent = currency + ' ' + amount.toFixed(2); }
  });
  document.addEventListener('change', function (event) {
    var el = event.target;
    if (el.hasAttribute && el.hasAttribute('data-autosubmit') && el.form) el.form.submit();
    if (el.hasAttribute && el.hasAttribute('data-check-all')) {
      var scope = el.closest('fieldset');
      scope.querySelectorAll('input[type="checkbox"][data-type="checks"]').forEach(function (box) { box.checked = el.checked; });
    }
  });

  function feed(list) {
    var status = document.getElementById(list.getAttribute('data-status'));
    var kinds = JSON.parse(list.getAttribute('data-kinds') || '[]');
    var max = 200;
    var source = new EventSource(list.getAttribute('data-feed'));
    function show(message) {
      var data = message.data, parsed = null;
      try { parsed = JSON.parse(data); } catch (e) { parsed = null; }
      var kind = (parsed && (parsed.event || parsed.kind)) || message.type;
      var li = document.createElement('li');
      li.setAttribute('data-kind', kind);
      var head = document.createElement('div');
      head.className = 'spread';
      var name = document.createElement('strong');
      name.textContent = kind;
      var meta = document.createElement('span');
      meta.className = 'muted small';
      meta.textContent = (message.lastEventId ? '#' + message.lastEventId + ' \u00b7 ' : '') + ((parsed && (parsed.createdAt || parsed.timestamp)) || '');
      head.appendChild(name); head.appendChild(meta);
      var pre = document.createElement('pre');
      pre.textContent = parsed ? JSON.stringify(parsed, null, 2) : data;
      li.appendChild(head); li.appendChild(pre);
      list.insertBefore(li, list.firstChild);
      while (list.children.length > max) list.removeChild(list.lastChild);
      var empty = document.getElementById('feed-empty');
      if (empty) empty.hidden = true;
    }
    source.onmessage = show;
    kinds.forEach(function (kind) { source.addEventListener(kind, show); });
    source.onopen = function () { if (status) { status.textContent = 'connected'; status.className = 'badge ok'; } };
    source.onerror = function () { if (status) { status.textContent = 'reconnecting\u2026'; status.className = 'badge warn'; } };
  }

  function init() {
    var flash = null;
    try { flash = sessionStorage.getItem(FLASH); sessionStorage.removeItem(FLASH); } catch (e) { flash = null; }
    if (flash) notice(document.getElementById('flash'), flash, true);
    document.querySelectorAll('[data-feed]').forEach(feed);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
})();
`
