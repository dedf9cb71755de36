import type { Merchant } from '../../domain/merchant.js';
import type { PaymentSession } from '../../domain/session.js';
import type { SessionView } from '../../services/session-view.js';
import { formatMoney } from '../../domain/money.js';
import { isFiat } from '../../domain/currencies.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STATUS_TEXT: Record<PaymentSession['status'], string> = {
  PENDING: 'Waiting for payment',
  PROCESSING: 'Payment received, confirming…',
  SUCCEEDED: 'Paid',
  EXPIRED: 'Expired',
  CANCELED: 'Canceled',
};

/** What the checkout page and its status feed show a customer: nothing beyond this session. */
export function publicStatus(session: PaymentSession) {
  return {
    session_id: session.id,
    status: session.status,
    status_text: STATUS_TEXT[session.status],
    exception: session.exception,
    amount: formatMoney({ minor: session.amountMinor, currency: session.currency }),
    amount_received: formatMoney({ minor: session.amountReceivedMinor, currency: session.currency }),
    expires_at: new Date(session.expiresAt).toISOString(),
    success_url: session.status === 'SUCCEEDED' ? session.successUrl : null,
    cancel_url: session.cancelUrl,
  };
}

/** Formats an amount for people, e.g. "€12.50" or "500 JPY", without depending on the server's locale. */
function displayAmount(session: PaymentSession): string {
  const { value, currency } = formatMoney({ minor: session.amountMinor, currency: session.currency });
  return `${value} ${currency}`;
}

/**
 * The hosted checkout page at `payment_url`. Server-rendered so it works without the app's UI bundle;
 * the countdown and live status come from /pay/assets/checkout.js polling the public status feed.
 */
export function renderCheckoutPage(view: SessionView, merchant: Merchant): string {
  const session = view.session;
  const status = publicStatus(session);
  // The coin amounts locked at creation: what the customer actually sends for a fiat-priced sale.
  const coins = isFiat(session.currency)
    ? `<p class="quotes" aria-label="Amount in stablecoins">${session.quotes
        .map((q) => `${formatMoney({ minor: q.amountDueMinor, currency: q.currency }).value.replace(/(\.\d\d)0+$/, '$1')} ${q.currency}`)
        .join(' or ')}</p>`
    : '';
  const lines = session.lineItems
    .map((i) => `<li><span>${i.quantity} × ${escapeHtml(i.name)}</span></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(merchant.name)} · ${escapeHtml(displayAmount(session))}</title>
<link rel="stylesheet" href="/pay/assets/checkout.css">
</head>
<body>
<main class="card" data-session-id="${escapeHtml(session.id)}" data-expires-at="${status.expires_at}">
  <p class="merchant">${escapeHtml(merchant.name)}</p>
  ${session.livemode ? '' : '<p class="test-banner">Test mode: no real money moves</p>'}
  <h1 class="amount" aria-label="Amount due">${escapeHtml(displayAmount(session))}</h1>
  ${coins}
  ${session.description ? `<p class="description">${escapeHtml(session.description)}</p>` : ''}
  ${lines ? `<ul class="items">${lines}</ul>` : ''}
  <p class="status" role="status" aria-live="polite" data-status="${status.status}">${escapeHtml(status.status_text)}</p>
  <p class="countdown" aria-label="Time left to pay"><span id="countdown">--:--</span> left to pay</p>
  <section class="how-to-pay" aria-label="How to pay">
    <p>Payment options appear here once a network is enabled for this shop.</p>
  </section>
</main>
<script src="/pay/assets/checkout.js" defer></script>
</body>
</html>`;
}

export const CHECKOUT_CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f3f4f6;color:#111827;display:flex;min-height:100vh;align-items:center;justify-content:center}
.card{background:#fff;border-radius:16px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:420px;width:100%;text-align:center}
.merchant{font-weight:600;color:#374151;margin:0}.amount{font-size:40px;margin:8px 0}
.test-banner{background:#fef3c7;color:#92400e;border-radius:8px;padding:4px 8px;font-size:14px}
.status{font-size:20px;font-weight:600}.status[data-status=SUCCEEDED]{color:#047857}.status[data-status=EXPIRED],.status[data-status=CANCELED]{color:#b91c1c}
.quotes{color:#374151;font-weight:600;margin:0}.items{list-style:none;padding:0;color:#4b5563}.countdown{color:#4b5563}.how-to-pay{border-top:1px solid #e5e7eb;margin-top:16px;padding-top:16px;color:#6b7280}
`;

/** Countdown and live status. Polls the public status feed; stops once the session is final. */
export const CHECKOUT_JS = `
(function () {
  var card = document.querySelector('.card');
  if (!card) return;
  var id = card.getAttribute('data-session-id');
  var expiresAt = Date.parse(card.getAttribute('data-expires-at'));
  var statusEl = document.querySelector('.status');
  var countdownEl = document.getElementById('countdown');
  var final = { SUCCEEDED: 1, EXPIRED: 1, CANCELED: 1 };
  function pad(n) { return n < 10 ? '0' + n : '' + n; }
  function tick() {
    var left = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
    countdownEl.textContent = Math.floor(left / 60) + ':' + pad(left % 60);
  }
  function show(s) {
    statusEl.textContent = s.status_text;
    statusEl.setAttribute('data-status', s.status);
    if (s.status === 'SUCCEEDED' && s.success_url) { window.location.assign(s.success_url); }
    return !final[s.status];
  }
  function poll() {
    fetch('/pay/' + encodeURIComponent(id) + '/status', { headers: { accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) {
        if (body && body.data && !show(body.data)) return;
        setTimeout(poll, 2000);
      })
      .catch(function () { setTimeout(poll, 5000); });
  }
  tick(); setInterval(tick, 1000); poll();
})();
`;
