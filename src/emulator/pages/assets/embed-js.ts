// The embeddable checkout, served at /embed.js (spec, "Embed"; DESIGN.md, "Storefront").
// Any element with data-service-store and data-service-product or data-service-group becomes a
// button opening a modal (product or bundle, quantity, gateway, e-mail) that checks out through the
// storefront's JSON API with fetch — no redirect — and shows the order and its invoice link.
// Runs on foreign pages: everything it adds is prefixed `sstore-`, every value from the API is set
// with textContent, and it keeps no globals but one guard. Plain ES2020 in a String.raw literal.
export const EMBED_JS = String.raw`
(function () {
  'use strict';
  if (window.__serviceStoreEmbed) { window.__serviceStoreEmbed.scan(document); return; }
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, location.href).origin : location.origin;
  var GATEWAYS = [['processor', 'Card'], ['wallet', 'Wallet'], ['crypto', 'Crypto']];
  var SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
  var counter = 0;
  var open = null;

  if (!document.querySelector('link[data-sstore-css]')) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = origin + '/embed.css';
    link.setAttribute('data-sstore-css', '');
    (document.head || document.documentElement).appendChild(link);
  }

  // data-service-store: a shop slug ("demo"), a storefront URL (".../storefront/demo"), or a
  // store subdomain ("demo.shop.example", first label = slug) served by this script's emulator.
  function storefrontOf(value) {
    value = String(value || '').trim();
    if (SLUG.test(value)) return origin + '/storefront/' + value;
    try {
      var url = new URL(value.indexOf('://') < 0 ? 'https://' + value : value);
      var match = /\/storefront\/([a-z0-9-]+)/.exec(url.pathname);
      if (match) return (value.indexOf('://') < 0 ? origin : url.origin) + '/storefront/' + match[1];
      var label = url.hostname.split('.')[0];
      if (SLUG.test(label) && !/^\d+$/.test(label) && url.hostname !== 'localhost') return origin + '/storefront/' + label;
    } catch (e) { /* falls through */ }
    return null;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'class') node.className = attrs[key];
      else if (attrs[key] !== undefined && attrs[key] !== null && attrs[key] !== false) node.setAttribute(key, attrs[key] === true ? '' : attrs[key]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }
  function money(amount, currency) {
    try { return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency || 'USD' }).format(amount); }
    catch (e) { return (currency || 'USD') + ' ' + Number(amount).toFixed(2); }
  }
  // What the checkout's API fields are called on the form, so a refusal names what the buyer sees.
  var LABELS = { email: 'E-mail', name: 'Name', couponCode: 'Coupon', gateway: 'Payment method', groupId: 'Bundle', 'customFields.__mysteryClientSeed': 'Client seed' };
  function fieldLabel(field) {
    if (LABELS[field]) return LABELS[field];
    if (/^items\.\d+\.quantity$/.test(field)) return 'Quantity';
    if (/^items(\.\d+(\.productId)?)?$/.test(field)) return 'Product';
    return null;
  }
  /** A refusal in the buyer's words: each field error under the form's own label, never an API path. */
  function buyerMessage(json, status) {
    var errors = (json && json.errors) || [];
    if (errors.length) {
      return errors.map(function (e) {
        var label = fieldLabel(e.field);
        return label ? label + ': ' + e.message + '.' : 'Your order could not be placed: ' + e.message + '.';
      }).join(' ');
    }
    if (status === 429 || status >= 500) return 'The shop could not take your order just now. Please try again in a moment.';
    return (json && json.error) ? json.error.charAt(0).toUpperCase() + json.error.slice(1) + '.' : 'Your order could not be placed (error ' + status + '). Please try again.';
  }
  function getJson(url) {
    return fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (!res.ok) throw new Error(res.status === 404 ? 'This item is not on sale right now.' : buyerMessage(body, res.status));
        return body;
      });
    });
  }

  function focusables(root) {
    return Array.prototype.filter.call(
      root.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'),
      function (node) { return node.offsetWidth > 0 || node.offsetHeight > 0 || node === document.activeElement; });
  }

  function close() {
    if (!open) return;
    var state = open;
    open = null;
    document.removeEventListener('keydown', state.onKey, true);
    state.backdrop.remove();
    document.documentElement.classList.remove('sstore-locked');
    if (state.trigger && document.contains(state.trigger)) state.trigger.focus();
  }

  function openModal(trigger) {
    if (open) close();
    var base = storefrontOf(trigger.getAttribute('data-service-store'));
    var productId = trigger.getAttribute('data-service-product');
    var groupId = trigger.getAttribute('data-service-group');
    var id = 'sstore-' + (++counter);
    var title = el('h2', { id: id + '-title', class: 'sstore-title', text: 'Loading\u2026' });
    var closeButton = el('button', { type: 'button', class: 'sstore-close', 'aria-label': 'Close', text: '\u00d7' });
    var body = el('div', { class: 'sstore-body' });
    var status = el('div', { class: 'sstore-error', role: 'alert' });
    var modal = el('div', { class: 'sstore-modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', tabindex: '-1' }, [closeButton, title, body, status]);
    var backdrop = el('div', { class: 'sstore-backdrop' }, [modal]);
    var onKey = function (event) {
      if (!open) return;
      if (event.key === 'Escape') { event.preventDefault(); close(); return; }
      if (event.key !== 'Tab') return;
      var items = focusables(modal);
      if (!items.length) { event.preventDefault(); modal.focus(); return; }
      var first = items[0], last = items[items.length - 1];
      if (!modal.contains(document.activeElement)) { event.preventDefault(); first.focus(); }
      else if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
    };
    open = { backdrop: backdrop, trigger: trigger, onKey: onKey };
    closeButton.addEventListener('click', close);
    backdrop.addEventListener('mousedown', function (event) { if (event.target === backdrop) close(); });
    document.addEventListener('keydown', onKey, true);
    document.body.appendChild(backdrop);
    document.documentElement.classList.add('sstore-locked');
    modal.focus();

    if (!base || (!productId && !groupId)) {
      title.textContent = 'Checkout unavailable';
      status.textContent = 'This button needs data-service-store (a shop) and data-service-product or data-service-group.';
      return;
    }
    var what = productId ? base + '/products/' + encodeURIComponent(productId) : base + '/groups/' + encodeURIComponent(groupId);
    getJson(what).then(function (item) {
      if (!open || open.backdrop !== backdrop) return;
      renderForm(item, { base: base, productId: productId, groupId: groupId, id: id, title: title, body: body, status: status, trigger: trigger, modal: modal });
    }).catch(function (error) {
      title.textContent = 'Checkout unavailable';
      status.textContent = error.message;
    });
  }

  function field(id, label, input, hint) {
    input.id = id;
    return el('div', { class: 'sstore-field' }, [el('label', { for: id, text: label }), input, hint ? el('p', { class: 'sstore-hint', text: hint }) : null]);
  }

  function renderForm(item, ctx) {
    var isGroup = !!ctx.groupId;
    ctx.title.textContent = item.name;
    var lines = [];
    if (item.description) lines.push(el('p', { class: 'sstore-desc', text: item.description }));
    if (isGroup) {
      var list = el('ul', { class: 'sstore-list' });
      (item.products || []).forEach(function (p) { list.appendChild(el('li', { text: p.name + ' \u2014 ' + money(p.price, p.currency || item.currency) })); });
      lines.push(list);
      if (item.discountPercent) lines.push(el('p', { class: 'sstore-price', text: 'Bundle discount ' + item.discountPercent + '%' }));
    } else {
      lines.push(el('p', { class: 'sstore-price', text: money(item.price, item.currency) + (item.stock === null ? '' : ' \u00b7 ' + item.stock + ' left') }));
    }
    var form = el('form', { class: 'sstore-form', novalidate: true });
    var quantity = el('input', { type: 'number', min: '1', max: String(item.stock === null || item.stock === undefined ? 10000 : Math.max(1, item.stock)), value: '1', inputmode: 'numeric', required: true });
    if (!isGroup) form.appendChild(field(ctx.id + '-qty', 'Quantity', quantity));
    else form.appendChild(el('p', { class: 'sstore-hint', text: 'One bundle: every product once.' }));
    var gateways = el('fieldset', { class: 'sstore-gateways' }, [el('legend', { text: 'Pay with' })]);
    GATEWAYS.forEach(function (g, i) {
      var radio = el('input', { type: 'radio', name: ctx.id + '-gateway', value: g[0], id: ctx.id + '-gw-' + g[0], checked: i === 0 });
      gateways.appendChild(el('label', { class: 'sstore-radio', for: ctx.id + '-gw-' + g[0] }, [radio, document.createTextNode(' ' + g[1])]));
    });
    form.appendChild(gateways);
    var email = el('input', { type: 'email', required: true, autocomplete: 'email' });
    form.appendChild(field(ctx.id + '-email', 'E-mail', email));
    var name = el('input', { type: 'text', autocomplete: 'name' });
    form.appendChild(field(ctx.id + '-name', 'Name (optional)', name));
    var coupon = el('input', { type: 'text', autocomplete: 'off' });
    form.appendChild(field(ctx.id + '-coupon', 'Coupon (optional)', coupon));
    var seed = null;
    if (item.type === 'MysteryBox') {
      seed = el('input', { type: 'text', maxlength: '64', autocomplete: 'off' });
      form.appendChild(field(ctx.id + '-seed', 'Client seed (optional)', seed, 'Your own seed for the provably fair roll; a random one is used otherwise.'));
      if (item.mystery) form.appendChild(el('p', { class: 'sstore-hint sstore-commit', text: 'Commitment ' + item.mystery.commitment + ' \u00b7 pool v' + item.mystery.poolVersion }));
    }
    var submit = el('button', { type: 'submit', class: 'sstore-submit', text: 'Place order' });
    form.appendChild(submit);
    lines.forEach(function (node) { ctx.body.appendChild(node); });
    ctx.body.appendChild(form);
    (isGroup ? email : quantity).focus();

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      ctx.status.textContent = '';
      if (!email.value || (email.validity && !email.validity.valid)) { ctx.status.textContent = 'Enter your e-mail address.'; email.focus(); return; }
      var qty = Number(quantity.value);
      if (!isGroup && (!Number.isInteger(qty) || qty < 1)) { ctx.status.textContent = 'Quantity must be a whole number of at least 1.'; quantity.focus(); return; }
      var checked = gateways.querySelector('input:checked');
      var payload = { email: email.value.trim(), gateway: checked ? checked.value : GATEWAYS[0][0] };
      if (isGroup) payload.groupId = ctx.groupId; else payload.items = [{ productId: ctx.productId, quantity: qty }];
      if (name.value.trim()) payload.name = name.value.trim();
      if (coupon.value.trim()) payload.couponCode = coupon.value.trim();
      if (seed && seed.value) payload.customFields = { __mysteryClientSeed: seed.value };
      submit.disabled = true;
      submit.textContent = 'Placing order\u2026';
      fetch(ctx.base + '/checkout', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(payload), credentials: 'omit' })
        .then(function (res) {
          return res.json().catch(function () { return {}; }).then(function (json) {
            if (!res.ok) throw new Error(buyerMessage(json, res.status));
            return json;
          });
        })
        .then(function (result) { renderDone(result, ctx); })
        .catch(function (error) {
          ctx.status.textContent = error instanceof TypeError ? 'The shop could not be reached. Check your connection and try again.' : error.message;
          submit.disabled = false;
          submit.textContent = 'Place order';
        });
    });
  }

  function renderDone(result, ctx) {
    var order = result.order;
    var invoice = new URL(result.invoiceUrl, ctx.base).href;
    ctx.title.textContent = 'Order ' + order.orderNumber + ' placed';
    while (ctx.body.firstChild) ctx.body.removeChild(ctx.body.firstChild);
    var dl = el('dl', { class: 'sstore-summary' });
    [['Order', order.orderNumber], ['Total', money(order.total, order.currency)], ['Status', order.status + ' \u00b7 ' + order.paymentStatus], ['E-mail', order.customerEmail]]
      .forEach(function (pair) { dl.appendChild(el('dt', { text: pair[0] })); dl.appendChild(el('dd', { text: pair[1] })); });
    var link = el('a', { href: invoice, target: '_blank', rel: 'noopener', class: 'sstore-submit sstore-link', text: 'Open your invoice' });
    var done = el('button', { type: 'button', class: 'sstore-secondary', text: 'Close' });
    done.addEventListener('click', close);
    ctx.body.appendChild(el('p', { class: 'sstore-ok', role: 'status', text: 'Thank you! Your order is placed and awaits payment; the invoice shows your delivery once it is paid.' }));
    ctx.body.appendChild(dl);
    ctx.body.appendChild(el('div', { class: 'sstore-actions' }, [link, done]));
    ctx.body.setAttribute('data-order', order.orderNumber);
    ctx.body.setAttribute('data-invoice', invoice);
    link.focus();
    try { ctx.trigger.dispatchEvent(new CustomEvent('service-store:order', { bubbles: true, detail: { order: order, invoiceUrl: invoice } })); } catch (e) { /* old browsers */ }
  }

  function enhance(node) {
    if (node.__sstore) return;
    node.__sstore = true;
    var native = node.tagName === 'BUTTON' || (node.tagName === 'A' && node.hasAttribute('href'));
    if (!native) {
      node.setAttribute('role', 'button');
      if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '0');
    }
    if (node.tagName === 'BUTTON' && !node.hasAttribute('type')) node.setAttribute('type', 'button');
    node.setAttribute('aria-haspopup', 'dialog');
    node.classList.add('sstore-button');
    if (!node.textContent.trim()) node.textContent = node.hasAttribute('data-service-group') ? 'Buy the bundle' : 'Buy now';
    node.addEventListener('click', function (event) { event.preventDefault(); openModal(node); });
    if (!native) node.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); openModal(node); }
    });
  }
  function scan(root) {
    (root.querySelectorAll ? root : document).querySelectorAll('[data-service-store]').forEach(function (node) {
      if (node.hasAttribute('data-service-product') || node.hasAttribute('data-service-group')) enhance(node);
    });
  }
  window.__serviceStoreEmbed = { scan: scan, close: close };
  function start() {
    scan(document);
    if (window.MutationObserver) new MutationObserver(function (records) {
      records.forEach(function (r) { r.addedNodes.forEach(function (n) { if (n.nodeType === 1) { if (n.hasAttribute('data-service-store')) scan(n.parentNode || document); else scan(n); } }); });
    }).observe(document.documentElement, { childList: true, subtree: true });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
`
