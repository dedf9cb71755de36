/**
 * The checkout page's script (served as /pay/assets/checkout.js; the page's CSP allows no inline
 * script). It adds what needs a browser to a page that works without it: the network/coin picker
 * where CSS `:has` is missing, copy buttons, the countdown, and the live status from the session's
 * event stream, falling back to polling the status feed every 3 s. Everything it writes into the
 * page goes through textContent or attributes, never HTML.
 */
export const CHECKOUT_JS = `
(function () {
  'use strict';
  var doc = document;
  var root = doc.documentElement;
  root.className = root.className.replace(/\\bno-js\\b/, 'js');
  var card = doc.querySelector('.card');
  if (!card) return;

  var id = card.getAttribute('data-session-id');
  var base = '/pay/' + encodeURIComponent(id);
  var expiresAt = Date.parse(card.getAttribute('data-expires-at'));
  // The server's clock decides expiry: measure the device's offset from it once.
  var skew = (Date.parse(card.getAttribute('data-server-now')) || Date.now()) - Date.now();
  var statusBox = doc.querySelector('.status');
  var statusText = doc.querySelector('.status-text');
  var statusDetail = doc.querySelector('.status-detail');
  var countdownBox = doc.querySelector('.countdown');
  var countdown = doc.getElementById('countdown');
  var pay = doc.querySelector('.pay');
  var paymentsBox = doc.querySelector('.payments');
  var done = doc.querySelector('.done');
  var receiptLink = doc.querySelector('.receipt-link');
  var amountTotal = doc.querySelector('.amount-total');
  var back = doc.querySelector('.back');
  var announcer = doc.getElementById('announcer');
  var footer = doc.querySelector('.footer');
  var current = statusBox ? statusBox.getAttribute('data-status') : 'PENDING';
  var redirecting = false;

  function all(selector, scope) { return Array.prototype.slice.call((scope || doc).querySelectorAll(selector)); }
  function coinAmount(value) { return String(value).replace(/(\\.\\d\\d\\d*?)0+$/, '$1'); }
  function pad(n) { return n < 10 ? '0' + n : '' + n; }
  function setText(el, text) { if (el && el.textContent !== text) el.textContent = text; }
  function announce(text) {
    if (!announcer) return;
    announcer.textContent = '';
    setTimeout(function () { announcer.textContent = text; }, 50);
  }
  function isHttp(url) { return typeof url === 'string' && /^https?:\\/\\//i.test(url); }

  // Network and coin picker: show the one panel for the checked pair; a coin the network does not
  // offer is disabled and the choice moves to one it does.
  function setUpPicker() {
    if (!pay || !pay.querySelector('.panel')) return;
    var panels = all('.panel', pay);
    function checked(name) {
      var el = pay.querySelector('input[name="' + name + '"]:checked');
      return el ? el.value : null;
    }
    function update() {
      var network = checked('network');
      var offered = {};
      panels.forEach(function (p) { if (p.getAttribute('data-network') === network) offered[p.getAttribute('data-currency')] = true; });
      var coins = all('input[name="coin"]', pay);
      coins.forEach(function (r) { r.disabled = !offered[r.value]; });
      var coin = checked('coin');
      if (!offered[coin]) {
        for (var i = 0; i < coins.length; i++) {
          if (!coins[i].disabled) { coins[i].checked = true; coin = coins[i].value; break; }
        }
      }
      panels.forEach(function (p) {
        p.classList.toggle('is-active', p.getAttribute('data-network') === network && p.getAttribute('data-currency') === coin);
      });
    }
    pay.addEventListener('change', update);
    pay.classList.add('js-picker');
    update();
  }

  // Copy buttons: the Clipboard API where the page is a secure context, else select the text and
  // try the old copy command, leaving it selected for the customer to copy by hand.
  function flash(button, text) {
    var label = button.getAttribute('data-label') || button.textContent;
    button.setAttribute('data-label', label);
    button.textContent = text;
    button.classList.toggle('copied', text === 'Copied');
    clearTimeout(button._reset);
    button._reset = setTimeout(function () { button.textContent = label; button.classList.remove('copied'); }, 2000);
  }
  function selectText(el) {
    var range = doc.createRange();
    range.selectNodeContents(el);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
  function copyFallback(button, el, what) {
    selectText(el);
    var copied = false;
    try { copied = doc.execCommand('copy'); } catch (e) { copied = false; }
    flash(button, copied ? 'Copied' : 'Selected');
    announce(copied ? what + ' copied' : what + ' selected: copy it with your device\\'s copy command');
  }
  doc.addEventListener('click', function (event) {
    var button = event.target && event.target.closest ? event.target.closest('button.copy') : null;
    if (!button) return;
    var el = doc.getElementById(button.getAttribute('data-copy-target'));
    if (!el) return;
    var text = el.textContent.replace(/\\s+/g, '');
    var what = (button.getAttribute('aria-label') || 'Copy').replace(/^Copy /, '');
    what = what.charAt(0).toUpperCase() + what.slice(1);
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { flash(button, 'Copied'); announce(what + ' copied'); },
        function () { copyFallback(button, el, what); }
      );
    } else {
      copyFallback(button, el, what);
    }
  });

  // Countdown to expires_at; at zero the server expires the session and the stream says so.
  var askedAtZero = false;
  function tick() {
    if (!countdown) return;
    var left = Math.max(0, Math.floor((expiresAt - (Date.now() + skew)) / 1000));
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    setText(countdown, h ? h + ':' + pad(m) + ':' + pad(s) : m + ':' + pad(s));
    if (countdownBox) countdownBox.classList.toggle('urgent', left <= 60);
    if (left === 0 && current === 'PENDING' && !askedAtZero) { askedAtZero = true; setTimeout(poll, 1500); }
  }

  // Amounts, QR codes and wallet links follow what is still due after a partial payment. QR codes
  // are drawn by the server: fetch the page again and take its fresh ones (with their labels).
  var refreshingQr = false;
  function refreshQrCodes() {
    if (refreshingQr || !window.DOMParser) return;
    refreshingQr = true;
    fetch(base, { headers: { accept: 'text/html' }, cache: 'no-store' })
      .then(function (r) { return r.ok ? r.text() : ''; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, 'text/html');
        all('.qr', fresh).forEach(function (qr) {
          var old = doc.getElementById(qr.id);
          if (old) old.parentNode.replaceChild(doc.importNode(qr, true), old);
        });
      })
      .catch(function () {})
      .then(function () { refreshingQr = false; });
  }
  function scheme(uri) {
    var m = /^([a-z][a-z0-9+.-]*):/i.exec(uri || '');
    return m ? m[1].toLowerCase() : null;
  }
  function showOptions(options) {
    if (!options) return;
    var stale = false;
    options.forEach(function (o) {
      var key = o.network + '-' + o.currency;
      setText(doc.getElementById('amt-' + key), coinAmount(o.amount_due));
      var qr = doc.getElementById('qr-' + key);
      // What the QR encodes changed (a partial payment changes a wallet URI's amount): draw it
      // again. An address QR stays as it is; only the amount beside it changes, above.
      var payload = o.qr ? o.qr.payload : o.uri;
      if (qr && qr.getAttribute('data-qr') !== payload) stale = true;
      // The server put the link there only for a wallet URI scheme; a new amount keeps that scheme.
      all('a[data-wallet-for="' + key + '"]').forEach(function (a) {
        if (scheme(a.getAttribute('href')) === scheme(o.uri)) a.setAttribute('href', o.uri);
      });
    });
    // Once paid in full the panels are hidden: a QR for nothing due is not worth fetching.
    if (stale && current === 'PENDING') refreshQrCodes();
  }

  function paymentItem(p) {
    var li = doc.createElement('li');
    li.className = 'payment';
    li.setAttribute('data-status', p.status);
    var amount = doc.createElement('span');
    amount.className = 'payment-amount';
    amount.textContent = coinAmount(p.amount) + ' ' + p.currency;
    var meta = doc.createElement('span');
    meta.className = 'payment-meta';
    meta.textContent = p.network_name + ' · ' + (p.status === 'confirmed'
      ? 'Confirmed'
      : 'Confirming · ' + p.confirmations + ' confirmation' + (p.confirmations === 1 ? '' : 's'));
    var tx = doc.createElement(isHttp(p.explorer_url) ? 'a' : 'span');
    tx.className = 'payment-tx';
    tx.title = p.tx_hash;
    tx.textContent = p.tx_hash.slice(0, 10) + '…' + p.tx_hash.slice(-6);
    if (isHttp(p.explorer_url)) { tx.href = p.explorer_url; tx.rel = 'noopener noreferrer'; tx.target = '_blank'; }
    li.appendChild(amount); li.appendChild(meta); li.appendChild(tx);
    return li;
  }
  function showPayments(payments) {
    if (!paymentsBox || !payments) return;
    var shown = payments.filter(function (p) { return p.status !== 'orphaned'; });
    var list = paymentsBox.querySelector('ul');
    var items = shown.map(paymentItem);
    // Rebuild only when something changed, so a screen reader's place in the list is kept.
    var before = all('li', list).map(function (li) { return li.textContent + li.getAttribute('data-status'); }).join('|');
    var after = items.map(function (li) { return li.textContent + li.getAttribute('data-status'); }).join('|');
    if (before !== after) {
      list.textContent = '';
      items.forEach(function (li) { list.appendChild(li); });
    }
    paymentsBox.hidden = shown.length === 0;
  }

  function show(s) {
    current = s.status;
    card.setAttribute('data-status', s.status);
    if (statusBox) {
      statusBox.setAttribute('data-status', s.status);
      statusBox.setAttribute('data-exception', s.exception || '');
    }
    // A tip added at the till after the page opened changes what the customer pays.
    if (s.amount_total) setText(amountTotal, s.amount_total.value + ' ' + s.amount_total.currency);
    setText(statusText, s.status_text);
    setText(statusDetail, s.detail || '');
    if (statusDetail) statusDetail.hidden = !s.detail;
    var open = s.status === 'PENDING';
    if (pay) pay.hidden = !open;
    if (countdownBox) countdownBox.hidden = !open;
    if (footer) footer.hidden = !((open && pay && pay.querySelector('.panel')) || s.status === 'PROCESSING');
    if (s.expires_at) expiresAt = Date.parse(s.expires_at);
    showOptions(s.payment_options);
    showPayments(s.payments);
    if (receiptLink) receiptLink.hidden = s.status !== 'SUCCEEDED';
    if (back) {
      var link = back.querySelector('a');
      var canGoBack = (s.status === 'EXPIRED' || s.status === 'CANCELED') && isHttp(s.cancel_url);
      if (canGoBack) link.setAttribute('href', s.cancel_url);
      back.hidden = !canGoBack;
    }
    if (s.status === 'SUCCEEDED' && isHttp(s.success_url) && !redirecting) {
      redirecting = true;
      if (done) {
        done.querySelector('a').setAttribute('href', s.success_url);
        var note = done.querySelector('.done-note');
        if (note) note.hidden = false;
        done.hidden = false;
      }
      // Long enough to see "Paid" (and to read the note when more was sent than was due).
      setTimeout(function () { window.location.assign(s.success_url); }, s.exception === 'OVERPAID' ? 6000 : 2000);
    }
  }

  // Live status: the event stream, or polling when the stream fails or the browser has none.
  var stream = null;
  var timer = null;
  function settled() { return current === 'SUCCEEDED'; }
  function receive(body) { if (body && body.data) show(body.data); }
  function schedule() {
    if (stream || timer || settled()) return;
    // After expiry or cancellation only a late payment can change the page: ask less often.
    timer = setTimeout(poll, current === 'PENDING' || current === 'PROCESSING' ? 3000 : 15000);
  }
  function poll() {
    clearTimeout(timer);
    timer = null;
    fetch(base + '/status', { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(receive, function () {})
      .then(schedule);
  }
  function connect() {
    if (!window.EventSource) { poll(); return; }
    stream = new EventSource(base + '/stream');
    stream.addEventListener('session', function (event) {
      try { receive(JSON.parse(event.data)); } catch (e) { /* a malformed event: wait for the next */ }
      if (settled() && stream) { stream.close(); stream = null; }
    });
    stream.onerror = function () {
      if (stream) { stream.close(); stream = null; }
      schedule();
    };
  }

  setUpPicker();
  tick();
  setInterval(tick, 1000);
  connect();
})();
`;
