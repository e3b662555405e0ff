// The Requests page's live tail, served at /_assets/requests.js: new requests of the account from
// the session-authenticated stream (GET /_dashboard/api/emulator/requests, Server-Sent Events) are
// added on top of the table as they are answered. Everything shown is set with textContent.
// Plain ES2020 in a String.raw literal (no backticks, no dollar-brace) so tsc ships it as is.
export const REQUESTS_JS = String.raw`
(function () {
  'use strict';
  var MAX_ROWS = 500;

  function when(iso) {
    var d = new Date(iso);
    return isNaN(d.getTime()) ? iso : d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  }
  function cell(row, text, className) {
    var td = document.createElement('td');
    if (className) td.className = className;
    if (text instanceof Node) td.appendChild(text); else td.textContent = text;
    row.appendChild(td);
    return td;
  }
  function code(text) {
    var el = document.createElement('code');
    el.textContent = text;
    return el;
  }
  function badge(status) {
    var el = document.createElement('span');
    el.className = 'badge ' + (status < 300 ? 'ok' : status < 400 ? 'warn' : 'bad');
    el.textContent = String(status);
    return el;
  }

  function rowOf(entry, detail, shop) {
    var row = document.createElement('tr');
    row.setAttribute('data-request', entry.id);
    cell(row, when(entry.at), 'nowrap');
    cell(row, code(entry.method));
    var link = document.createElement('a');
    link.href = detail + encodeURIComponent(entry.id) + '?shop=' + encodeURIComponent(shop);
    link.appendChild(code(entry.path + (entry.query ? '?' + entry.query : '')));
    cell(row, link);
    cell(row, badge(entry.status));
    cell(row, entry.durationMs.toFixed(1) + ' ms', 'num');
    cell(row, entry.reason || '', 'small');
    return row;
  }

  function tail(status) {
    var body = document.querySelector('#' + status.getAttribute('data-rows') + ' tbody');
    var detail = status.getAttribute('data-detail');
    var shop = status.getAttribute('data-shop');
    var source = new EventSource(status.getAttribute('data-stream'));
    source.onmessage = function (message) {
      var entry;
      try { entry = JSON.parse(message.data); } catch (e) { return; }
      if (body.querySelector('[data-request="' + entry.id + '"]')) return;
      body.insertBefore(rowOf(entry, detail, shop), body.firstChild);
      while (body.children.length > MAX_ROWS) body.removeChild(body.lastChild);
      var empty = document.getElementById('requests-empty');
      if (empty) empty.hidden = true;
    };
    source.onopen = function () { status.textContent = 'connected'; status.className = 'badge ok'; };
    source.onerror = function () { status.textContent = 'reconnecting\u2026'; status.className = 'badge warn'; };
  }

  function init() {
    var status = document.getElementById('tail-status');
    if (status && status.hasAttribute('data-stream')) tail(status);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
})();
`
