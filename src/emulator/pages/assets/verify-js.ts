// The invoice page's mystery-box verifier, run in the buyer's browser with Web Crypto: it re-derives
// every step of DESIGN.md "Mystery box fairness — exact algorithm" from the revealed values on the
// page alone and marks each check passed or failed. Served at /_assets/verify.js.
// Plain ES2020 in a String.raw literal (no backticks, no dollar-brace) so tsc ships it as is.
export const VERIFY_JS = String.raw`
(function () {
  'use strict';
  var enc = new TextEncoder();

  function hex(buffer) {
    var bytes = new Uint8Array(buffer), out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }
  function sha256(text) { return crypto.subtle.digest('SHA-256', enc.encode(text)).then(hex); }
  function hmac(keyText, message) {
    return crypto.subtle.importKey('raw', enc.encode(keyText), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      .then(function (key) { return crypto.subtle.sign('HMAC', key, enc.encode(message)); })
      .then(hex);
  }
  // Integer value of the first 13 hex characters (52 bits, exact in a double) modulo m.
  function indexOf(hash, m) { return parseInt(String(hash).slice(0, 13), 16) % m; }
  function inStock(o) { return o.stock === null || o.stock === undefined || o.stock > 0; }
  function totalWeight(odds) { var t = 0; odds.forEach(function (o) { if (inStock(o)) t += o.weight; }); return t; }
  function walk(odds, roll) {
    var cumulative = 0;
    for (var i = 0; i < odds.length; i++) {
      if (!inStock(odds[i])) continue;
      cumulative += odds[i].weight;
      if (cumulative > roll) return odds[i].name;
    }
    return null;
  }

  function mark(li, state, detail) {
    var badge = li.querySelector('.badge');
    badge.textContent = state;
    badge.className = 'badge ' + (state === 'passed' ? 'ok' : state === 'failed' ? 'bad' : state === 'n/a' ? '' : 'warn');
    li.setAttribute('data-result', state);
    if (detail !== undefined) li.querySelector('.detail').textContent = detail;
  }

  function verifyOpen(box, line) {
    var open = JSON.parse(box.getAttribute('data-open'));
    var previous = box.getAttribute('data-previous') ? JSON.parse(box.getAttribute('data-previous')) : null;
    var items = {};
    box.querySelectorAll('[data-check]').forEach(function (li) { items[li.getAttribute('data-check')] = li; });
    var summary = box.querySelector('[data-summary]');
    var results = [];
    function record(name, ok, detail) {
      if (!items[name]) return;
      mark(items[name], ok ? 'passed' : 'failed', detail);
      results.push(ok);
    }
    function skip(name, detail) { if (items[name]) mark(items[name], 'not checked', detail); }
    function notApplicable(name, detail) { if (items[name]) mark(items[name], 'n/a', detail); }

    if (!open.serverSeed) {
      Object.keys(items).forEach(function (name) { skip(name, 'the server seed is revealed once the order is paid'); });
      summary.textContent = 'waiting for payment';
      summary.className = 'badge warn';
      return Promise.resolve();
    }
    if (!window.crypto || !crypto.subtle) {
      Object.keys(items).forEach(function (name) { skip(name, 'Web Crypto is not available here: open this page over https or on localhost'); });
      summary.textContent = 'not checked';
      summary.className = 'badge warn';
      return Promise.resolve();
    }
    var seed = open.serverSeed;
    return Promise.all([
      sha256(seed),
      hmac(seed, open.clientSeed + ':' + open.nonce),
      open.codeProof ? hmac(seed, open.clientSeed + ':' + open.nonce + ':code') : Promise.resolve(null)
    ]).then(function (r) {
      var commitment = r[0], proof = r[1], codeProof = r[2];
      record('commitment', commitment === open.commitment && open.commitment === line.commitment,
        'SHA-256(server seed) = ' + commitment + (commitment === open.commitment ? ' = ' : ' \u2260 ') + 'commitment ' + open.commitment +
        (open.commitment === line.commitment ? '' : ' (the line was bought against ' + line.commitment + ')'));
      record('nonce', open.nonce === open.index, 'open ' + open.index + ' uses nonce ' + open.nonce);
      record('proof', proof === open.proofHash,
        'HMAC-SHA256(server seed, "' + open.clientSeed + ':' + open.nonce + '") = ' + proof + (proof === open.proofHash ? '' : ' \u2260 shown ' + open.proofHash));
      var total = totalWeight(open.odds);
      var roll = total > 0 ? indexOf(proof, total) : NaN;
      record('roll', total === open.totalWeight && roll === open.rollIndex,
        'int(0x' + proof.slice(0, 13) + ') mod ' + total + ' = ' + roll + ' (shown: ' + open.rollIndex + ' of ' + open.totalWeight + ')');
      var winner = walk(open.odds, open.rollIndex);
      record('walk', winner === open.outcome,
        'walking the in-stock odds to ' + open.rollIndex + ' lands on "' + winner + '" (won: "' + open.outcome + '")');
      if (items.chain) {
        if (!previous) notApplicable('chain', 'first open of the line: its snapshot is the published table');
        else {
          var expected = previous.odds.map(function (o) {
            return { name: o.name, weight: o.weight, stock: o.name === previous.outcome && o.stock !== null ? o.stock - 1 : o.stock };
          });
          var same = expected.length === open.odds.length && expected.every(function (o, i) {
            var got = open.odds[i];
            return got.name === o.name && got.weight === o.weight && got.stock === o.stock;
          });
          record('chain', same, same ? 'the snapshot is the previous one after "' + previous.outcome + '" was taken' : 'the snapshot does not follow from the previous open');
        }
      }
      if (items.code) {
        if (!open.codeProof) notApplicable('code', 'no code was drawn for this outcome');
        else {
          var codeIndex = indexOf(codeProof, open.codePoolSize);
          record('code', codeProof === open.codeProof && codeIndex === open.codeIndex,
            'HMAC-SHA256(server seed, "' + open.clientSeed + ':' + open.nonce + ':code") = ' + codeProof +
            '; int(0x' + codeProof.slice(0, 13) + ') mod ' + open.codePoolSize + ' = ' + codeIndex + ' (shown: ' + open.codeIndex + ')');
        }
      }
      var passed = results.every(Boolean);
      summary.textContent = passed ? 'verified' : 'verification failed';
      summary.className = 'badge ' + (passed ? 'ok' : 'bad');
      box.setAttribute('data-verified', passed ? 'passed' : 'failed');
    }).catch(function (error) {
      summary.textContent = 'verification error: ' + error.message;
      summary.className = 'badge bad';
      box.setAttribute('data-verified', 'failed');
    });
  }

  function run() {
    document.documentElement.removeAttribute('data-verification');
    var lines = document.querySelectorAll('[data-mystery-line]');
    var jobs = [];
    lines.forEach(function (lineEl) {
      var line = { commitment: lineEl.getAttribute('data-commitment') };
      lineEl.querySelectorAll('[data-open]').forEach(function (box) { jobs.push(verifyOpen(box, line)); });
    });
    return Promise.all(jobs).then(function () { document.documentElement.setAttribute('data-verification', 'done'); });
  }
  // Re-runs every check (for a reader who edited a value in the developer tools, and the tests).
  window.storeVerifyInvoice = run;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run); else run();
})();
`
