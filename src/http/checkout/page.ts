import type { Merchant } from '../../domain/merchant.js';
import { isFiat, STABLECOINS } from '../../domain/currencies.js';
import { formatMoney } from '../../domain/money.js';
import { NETWORKS, networkName, WALLET_URI_SCHEMES } from '../../chains/registry.js';
import type { PaymentOption } from '../../domain/payment-option.js';
import type { SessionView } from '../../services/session-view.js';
import { totalDueMinor, totalMinor } from '../../domain/session.js';
import { CHECKOUT_JS } from './client.js';
import { qrSvg } from './qr.js';
import { coinAmount, publicStatus, type PublicStatus } from './status.js';
import { CHECKOUT_CSS } from './styles.js';

export { CHECKOUT_CSS, CHECKOUT_JS, publicStatus };

/** Every string from a merchant, a customer or a chain goes through this before it reaches HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Only http(s) links are ever put into an href (the API accepts nothing else; this guards the page too). */
const safeUrl = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/** "12.50 USD", "500 JPY": what the customer pays (the amount and any tip), without depending on the server's locale. */
function displayAmount(view: SessionView): string {
  const { value, currency } = formatMoney({ minor: totalMinor(view.session), currency: view.session.currency });
  return `${value} ${currency}`;
}

const optionKey = (o: { network: string; currency: string }): string => `${o.network}-${o.currency}`;
const optionAmount = (o: PaymentOption): string => coinAmount(formatMoney({ minor: o.amountDueMinor, currency: o.currency }).value);

/**
 * An address in groups of four for reading aloud and comparing; copying and selecting give it whole.
 * The `0x` of hex notation stays with the first group, since it is not part of the digits (base58
 * addresses cannot start with it: their alphabet has no 0).
 */
function addressChunks(address: string): string {
  const prefix = /^0x[0-9a-fA-F]/.test(address) ? '0x' : '';
  const chunks = address.slice(prefix.length).match(/.{1,4}/g) ?? [];
  if (prefix && chunks.length) chunks[0] = prefix + chunks[0];
  return chunks.map((chunk) => `<span>${escapeHtml(chunk)}</span>`).join('');
}

/** A wallet link only for the URI schemes the registered families' wallets register; nothing else goes into an href. */
const walletHref = (uri: string): string | null => (WALLET_URI_SCHEMES.some((scheme) => uri.startsWith(`${scheme}:`)) ? uri : null);

function copyButton(target: string, what: string): string {
  return `<button type="button" class="copy" data-copy-target="${escapeHtml(target)}" aria-label="Copy ${escapeHtml(what)}">Copy</button>`;
}

/**
 * The details beside a Solana Pay request's QR: the amount and network to check in the wallet, and
 * the recipient (the shop's wallet) without a copy button, since paying it by hand is not matched.
 */
function requestDetails(key: string, network: string, tokenStandard: string, amountHtml: string, address: string): string {
  return `<p class="qr-hint">Scan with a Solana Pay wallet (Phantom, Solflare…), or open the request in your wallet app.</p>
      <dl class="fields">
        <div class="field">
          <dt>Amount to send</dt>
          <dd><span class="value big">${amountHtml}</span></dd>
        </div>
        <div class="field">
          <dt>Network</dt>
          <dd><span class="value">${escapeHtml(network)} · ${escapeHtml(tokenStandard)}</span></dd>
        </div>
        <div class="field">
          <dt>Paid to the shop's wallet</dt>
          <dd><code class="value address" id="addr-${escapeHtml(key)}">${addressChunks(address)}</code></dd>
        </div>
      </dl>`;
}

/**
 * One option's panel. The QR carries what the option says (`qr.content`): the wallet URI, which
 * wallets turn into a ready transfer, or the bare address where no URI scheme scans in every wallet
 * (TRON: TronLink iOS rejects `tron:`). For an address QR the wallet learns only where to send, so
 * the exact amount comes first and large, each with a copy button, and a line says the amount must
 * be typed. `data-qr` is what the QR encodes: the script compares it with the live feed's to know a
 * QR went stale (an address QR never does; only its amount changes).
 *
 * An option with a `reference` (Solana Pay) pays the shop's own wallet, the same for every sale, and
 * only the reference in the request tells this payment apart: a transfer typed by hand to the address
 * names no session. So the request is the only way offered (the QR and the wallet link), the address
 * is shown for checking in the wallet but not offered for copying, and the page says why.
 */
async function renderPanel(o: PaymentOption): Promise<string> {
  const key = optionKey(o);
  const network = networkName(o.network);
  const amount = optionAmount(o);
  const asset = `${o.currency} (${o.tokenStandard})`;
  const addressQr = o.qr.content === 'address';
  const svg = (await qrSvg(o.qr.payload)).replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  const href = walletHref(o.uri);
  const qrLabel = addressQr ? `QR code: deposit address on ${network}` : `QR code: pay ${amount} ${o.currency} on ${network}`;
  const amountHtml = `<span class="num" id="amt-${escapeHtml(key)}">${escapeHtml(amount)}</span> ${escapeHtml(o.currency)}`;
  const addressField = `<div class="field">
          <dt>Deposit address</dt>
          <dd><code class="value address" id="addr-${escapeHtml(key)}">${addressChunks(o.address)}</code>${copyButton(`addr-${key}`, 'address')}</dd>
        </div>`;
  const details = o.reference
    ? requestDetails(key, network, o.tokenStandard, amountHtml, o.address)
    : addressQr
    ? `<div class="exact">
        <p class="exact-amount"><span class="exact-label">Send exactly</span> <span class="value">${amountHtml}</span>${copyButton(`amt-${key}`, 'amount')}</p>
        <p class="exact-network">on ${escapeHtml(network)} (${escapeHtml(o.tokenStandard)})</p>
      </div>
      <p class="qr-hint qr-hint-address">The QR code holds the address only: type the amount in your wallet exactly as shown.</p>
      <dl class="fields">
        ${addressField}
      </dl>`
    : `<p class="qr-hint">Scan with your wallet app, or copy the details below.</p>
      <dl class="fields">
        <div class="field">
          <dt>Amount to send</dt>
          <dd><span class="value big">${amountHtml}</span>${copyButton(`amt-${key}`, 'amount')}</dd>
        </div>
        <div class="field">
          <dt>Network</dt>
          <dd><span class="value">${escapeHtml(network)} · ${escapeHtml(o.tokenStandard)}</span></dd>
        </div>
        ${addressField}
      </dl>`;
  return `<section class="panel${addressQr ? ' panel-address' : ''}" id="opt-${escapeHtml(key)}" data-network="${escapeHtml(o.network)}" data-currency="${escapeHtml(o.currency)}" aria-label="Pay with ${escapeHtml(o.currency)} on ${escapeHtml(network)}">
      <div class="qr" id="qr-${escapeHtml(key)}" role="img" aria-label="${escapeHtml(qrLabel)}" data-qr="${escapeHtml(o.qr.payload)}">${svg}</div>
      ${details}
      <p class="warning">${
        o.reference
          ? `Pay only through this request: scan the code or open it in your wallet app. A transfer typed by hand to the shop's address is not matched to your payment.`
          : `Send only ${escapeHtml(asset)} on ${escapeHtml(network)} to this address. Other coins or networks may be lost.`
      }</p>
      ${href ? `<a class="wallet" href="${escapeHtml(href)}" data-wallet-for="${escapeHtml(key)}">Open in wallet app</a>` : ''}
    </section>`;
}

/** The radio group of one picker; CSS (and the script where `:has` is missing) shows the matching panel. */
function picker(name: 'network' | 'coin', legend: string, choices: readonly { value: string; label: string }[]): string {
  const radios = choices
    .map(
      (c, i) =>
        `<input class="vh" type="radio" name="${name}" id="pick-${name}-${escapeHtml(c.value)}" value="${escapeHtml(c.value)}"${i === 0 ? ' checked' : ''}><label for="pick-${name}-${escapeHtml(c.value)}">${escapeHtml(c.label)}</label>`,
    )
    .join('');
  return `<fieldset class="picker picker-${name}"><legend>${escapeHtml(legend)}</legend><div class="segments">${radios}</div></fieldset>`;
}

/**
 * For a page read without its script: a line for each network and coin the pickers can pair but the
 * sale does not offer (USDT on Base), shown by CSS in place of a panel, naming the coins that network
 * takes. With the script such a coin cannot be picked at all (client.ts).
 */
function notOffered(options: readonly PaymentOption[], networks: readonly { value: string; label: string }[], coins: readonly { value: string }[]): string[] {
  return networks.flatMap((n) => {
    const offered = coins.filter((c) => options.some((o) => o.network === n.value && o.currency === c.value)).map((c) => c.value);
    return coins
      .filter((c) => !offered.includes(c.value))
      .map((c) => `<p class="panel-none" id="none-${escapeHtml(n.value)}-${escapeHtml(c.value)}">${escapeHtml(c.value)} is not offered on ${escapeHtml(n.label)}: pick ${escapeHtml(offered.join(' or '))}.</p>`);
  });
}

async function renderPay(view: SessionView, open: boolean): Promise<string> {
  if (!view.options.length) {
    return `<section class="pay pay-none" aria-labelledby="pay-title"${open ? '' : ' hidden'}>
    <h2 id="pay-title">How to pay</h2>
    <p>No payment options are available right now: no network is ready to receive payments for this shop. Please ask the shop for help.</p>
  </section>`;
  }
  const networks = NETWORKS.filter((n) => view.options.some((o) => o.network === n.id)).map((n) => ({ value: n.id, label: n.name }));
  const coins = STABLECOINS.filter((c) => view.options.some((o) => o.currency === c)).map((c) => ({ value: c, label: c }));
  const panels = await Promise.all(view.options.map(renderPanel));
  return `<section class="pay" aria-labelledby="pay-title"${open ? '' : ' hidden'}>
    <h2 id="pay-title" class="vh">How to pay</h2>
    <div class="pickers">
      ${picker('network', 'Network', networks)}
      ${picker('coin', 'Coin', coins)}
    </div>
    <div class="panels">
    ${panels.join('\n    ')}
    ${notOffered(view.options, networks, coins).join('\n    ')}
    </div>
  </section>`;
}

/** The list of transfers seen; the script rebuilds it the same way from the status feed. */
function renderPayments(payments: PublicStatus['payments']): string {
  const shown = payments.filter((p) => p.status !== 'orphaned');
  const items = shown
    .map((p) => {
      const state = p.status === 'confirmed' ? 'Confirmed' : `Confirming · ${p.confirmations} confirmation${p.confirmations === 1 ? '' : 's'}`;
      const tx = `${p.tx_hash.slice(0, 10)}…${p.tx_hash.slice(-6)}`;
      const txHtml = p.explorer_url
        ? `<a class="payment-tx" href="${escapeHtml(p.explorer_url)}" rel="noopener noreferrer" target="_blank" title="${escapeHtml(p.tx_hash)}">${escapeHtml(tx)}</a>`
        : `<span class="payment-tx" title="${escapeHtml(p.tx_hash)}">${escapeHtml(tx)}</span>`;
      return `<li class="payment" data-status="${escapeHtml(p.status)}"><span class="payment-amount">${escapeHtml(coinAmount(p.amount))} ${escapeHtml(p.currency)}</span><span class="payment-meta">${escapeHtml(p.network_name)} · ${escapeHtml(state)}</span>${txHtml}</li>`;
    })
    .join('');
  return `<section class="payments" aria-labelledby="payments-title"${shown.length ? '' : ' hidden'}>
    <h2 id="payments-title">Payments received</h2>
    <ul>${items}</ul>
  </section>`;
}

/**
 * The hosted checkout page at `payment_url`. Server-rendered and usable without scripts: every
 * payment option is a panel with its QR, amount and address; the network and coin pickers are radio
 * buttons that CSS turns into tabs. /pay/assets/checkout.js adds the countdown, copy buttons and the
 * live status from /pay/:id/stream (falling back to polling /pay/:id/status).
 */
/**
 * After "Paid", a link to the receipt and its QR (the same URL), so the customer keeps the receipt on
 * their phone: the page may be open on a tablet or a computer at the shop. Rendered for every session,
 * hidden until it succeeds; the script shows it when the live status says SUCCEEDED.
 */
async function renderReceiptLink(url: string, paid: boolean): Promise<string> {
  const svg = (await qrSvg(url)).replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  return `<section class="receipt-link" aria-labelledby="receipt-title"${paid ? '' : ' hidden'}>
    <h2 id="receipt-title">Your receipt</h2>
    <div class="qr receipt-qr" role="img" aria-label="QR code: your receipt, to open on your phone">${svg}</div>
    <p><a class="button" id="receipt-link" href="${escapeHtml(url)}">View your receipt</a></p>
  </section>`;
}

export async function renderCheckoutPage(view: SessionView, merchant: Merchant, now: number = Date.now(), receiptUrl?: string): Promise<string> {
  const session = view.session;
  const status = publicStatus(view);
  const open = session.status === 'PENDING';
  // The coin amounts locked at creation: what the customer actually sends for a fiat-priced sale.
  const coins = isFiat(session.currency)
    ? `<p class="quotes"><span class="vh">Amount in stablecoins: </span>${[...session.quotes]
        .sort((a, b) => STABLECOINS.indexOf(a.currency) - STABLECOINS.indexOf(b.currency))
        .map((q) => `${escapeHtml(coinAmount(formatMoney({ minor: totalDueMinor(session, q), currency: q.currency }).value))} ${escapeHtml(q.currency)}`)
        .join(' or ')}</p>`
    : '';
  const lines = session.lineItems
    .map((i) => `<li><span>${i.quantity} × ${escapeHtml(i.name)}</span></li>`)
    .join('');
  const cancelUrl = safeUrl(session.cancelUrl);
  const successUrl = safeUrl(status.success_url);
  const showBack = cancelUrl !== null && (session.status === 'EXPIRED' || session.status === 'CANCELED');
  const left = Math.max(0, Math.floor((session.expiresAt - now) / 1000));
  return `<!doctype html>
<html lang="en" class="no-js">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light">
<title>Pay ${escapeHtml(merchant.name)} · ${escapeHtml(displayAmount(view))}</title>
<link rel="stylesheet" href="/pay/assets/checkout.css">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<main class="card" data-session-id="${escapeHtml(session.id)}" data-expires-at="${status.expires_at}" data-server-now="${new Date(now).toISOString()}" data-status="${status.status}">
  <div class="info">
  <header class="head">
    <p class="merchant">${escapeHtml(merchant.name)}</p>
    ${session.livemode ? '' : '<p class="test-banner"><strong>Test mode</strong> · no real money</p>'}
  </header>
  <section class="summary" aria-label="Order">
    <h1 class="amount"><span class="vh">Amount due: </span><span class="amount-total">${escapeHtml(displayAmount(view))}</span></h1>
    ${coins}
    ${session.tipMinor > 0n ? `<p class="tip">Includes a tip of ${escapeHtml(formatMoney({ minor: session.tipMinor, currency: session.currency }).value)} ${escapeHtml(session.currency)}</p>` : ''}
    ${session.description ? `<p class="description">${escapeHtml(session.description)}</p>` : ''}
    ${lines ? `<ul class="items">${lines}</ul>` : ''}
  </section>
  <div class="state">
    <div class="status" role="status" aria-live="polite" data-status="${status.status}" data-exception="${escapeHtml(status.exception ?? '')}">
      <p class="status-text">${escapeHtml(status.status_text)}</p>
      <p class="status-detail"${status.detail ? '' : ' hidden'}>${escapeHtml(status.detail ?? '')}</p>
    </div>
    <p class="countdown"${open ? '' : ' hidden'}><span class="countdown-label">Time left</span> <span id="countdown" class="countdown-time">${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}</span></p>
  </div>
  </div>
  ${await renderPay(view, open)}
  <div class="after">
  ${renderPayments(status.payments)}
  ${receiptUrl ? await renderReceiptLink(receiptUrl, session.status === 'SUCCEEDED') : ''}
  <p class="done"${successUrl ? '' : ' hidden'}><span class="done-note" hidden>Returning you to the shop…</span><a class="button" id="success-link" href="${escapeHtml(successUrl ?? '#')}">Continue to ${escapeHtml(merchant.name)}</a></p>
  <p class="back"${showBack ? '' : ' hidden'}><a id="back-link" href="${escapeHtml(cancelUrl ?? '#')}">Return to ${escapeHtml(merchant.name)}</a></p>
  </div>
  <p class="vh" id="announcer" aria-live="polite"></p>
</main>
<footer class="footer"${(open && view.options.length) || session.status === 'PROCESSING' ? '' : ' hidden'}>Payments are detected on chain automatically: keep this page open after sending.</footer>
<script src="/pay/assets/checkout.js" defer></script>
</body>
</html>`;
}
