import { createHash } from 'node:crypto';
import type { Receipt } from '../../domain/receipt.js';
import { coinText, moneyText, rateText, REFUND_STATUS_TEXT } from '../../receipt/receipt-text.js';
import { escapeHtml } from './page.js';
import { qrSvg } from './qr.js';

/**
 * The receipt's look: a narrow column on a phone (the public page) and, printed, 80 mm paper with
 * 4 mm margins (the printable page). System fonts only: nothing is fetched from anywhere.
 */
export const RECEIPT_CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f3f4f6;color:#111827;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.receipt{max-width:26rem;margin:0 auto;padding:1.25rem 1rem 2rem;background:#fff;min-height:100vh}
.shop{margin:0;text-align:center;font-size:1.5rem;line-height:1.2}
.meta{margin:.25rem 0 0;text-align:center;color:#4b5563;font-size:.9rem}
.test{margin:.75rem 0 0;padding:.35rem .5rem;border:2px dashed #b45309;color:#92400e;text-align:center;font-weight:700}
.rows{margin:1rem 0 0;padding:.75rem 0 0;border-top:1px dashed #9ca3af;list-style:none}
.rows.plain{margin:0;padding:0;border:0}
.center{text-align:center}
.row{display:flex;justify-content:space-between;gap:.75rem;padding:.15rem 0}
.row span:last-child{white-space:nowrap;font-variant-numeric:tabular-nums}
.sub{color:#4b5563;font-size:.85rem;padding:0 0 .25rem 1rem}
.total{font-weight:700;font-size:1.2rem;border-top:1px solid #111827;margin-top:.35rem;padding-top:.4rem}
h2{margin:1.25rem 0 .25rem;font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:#4b5563}
.tx{margin:0;font:.8rem/1.4 ui-monospace,Menlo,Consolas,monospace;word-break:break-all;color:#374151}
.tx a{color:#1d4ed8}
.explorer{display:block;width:9rem;margin:.5rem auto 0}
.explorer svg,.qr svg{display:block;width:100%;height:auto}
.qr{width:9rem;margin:1rem auto 0}
.note{margin:.5rem 0 0;color:#4b5563;font-size:.85rem}
.id{margin:1.25rem 0 0;text-align:center;font:.75rem ui-monospace,Menlo,Consolas,monospace;color:#6b7280;word-break:break-all}
.thanks{margin:.5rem 0 0;text-align:center;font-weight:600}
.print-only{display:none}
@media (min-width:40rem){body{padding:2rem 0}.receipt{min-height:0;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}}
@media print{
@page{size:80mm auto;margin:0}
body{background:#fff;font:10pt/1.3 ui-monospace,Menlo,Consolas,monospace;padding:0}
.receipt{width:80mm;max-width:none;min-height:0;padding:4mm;box-shadow:none;border-radius:0}
.shop{font-size:14pt}
.explorer,.no-print{display:none}
.print-only{display:block}
.qr{width:30mm}
a{color:inherit;text-decoration:none}
}
.paper .receipt{width:80mm;max-width:80mm;margin:0 auto;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
`;

/** The CSP hash of the printable page's inline style: the page loads nothing, and runs nothing. */
const CSS_HASH = `'sha256-${createHash('sha256').update(RECEIPT_CSS).digest('base64')}'`;

/** CSP of the printable page (`?format=html`): its one inline style and inline SVG, nothing else. */
export const PRINTABLE_RECEIPT_CSP = `default-src 'none'; style-src ${CSS_HASH}; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;

const row = (label: string, amount: string, cls = 'row') => `<li class="${cls}"><span>${escapeHtml(label)}</span><span>${escapeHtml(amount)}</span></li>`;

const svgOf = async (text: string, label: string): Promise<string> =>
  (await qrSvg(text)).replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" `);

/** A transaction id, linked to its explorer when there is one (live mode). */
const txHtml = (txId: string, explorerUrl: string | null): string =>
  explorerUrl && /^https:\/\//.test(explorerUrl)
    ? `<p class="tx">Tx <a href="${escapeHtml(explorerUrl)}" rel="noopener noreferrer" target="_blank">${escapeHtml(txId)}</a></p>`
    : `<p class="tx">Tx ${escapeHtml(txId)}</p>`;

export interface ReceiptPageOptions {
  /** `public`: the customer's page (/pay/{id}/receipt), with explorer QRs; `print`: the printable page, with the receipt QR. */
  kind: 'public' | 'print';
  receiptUrl: string;
}

/**
 * The receipt as an HTML page: the same content as the JSON and the printed paper. English, as the
 * payment page is.
 */
export async function renderReceiptPage(r: Receipt, options: ReceiptPageOptions): Promise<string> {
  const money = (minor: bigint) => moneyText(minor, r.currency);
  const lines = [
    ...r.lines.flatMap((l) => [
      row(`${l.quantity} × ${l.name}`, money(l.amountMinor)),
      ...(l.quantity > 1 ? [`<li class="sub">@ ${escapeHtml(money(l.unitAmountMinor))}</li>`] : []),
    ]),
    ...(r.lines.length || r.tipMinor > 0n ? [row('Subtotal', money(r.amountMinor))] : []),
    ...(r.tipMinor > 0n ? [row('Tip', money(r.tipMinor))] : []),
    row('Total', money(r.totalMinor), 'row total'),
  ];
  const payments = await Promise.all(
    r.payments.map(async (p) => {
      const explorerQr =
        options.kind === 'public' && p.explorerUrl
          ? `<a class="explorer" href="${escapeHtml(p.explorerUrl)}" rel="noopener noreferrer" target="_blank">${await svgOf(p.explorerUrl, `QR code: this transfer on the ${p.networkName} explorer`)}</a>`
          : '';
      return `<div class="payment">
  <ul class="rows plain">${row(p.networkName, coinText(p.amountMinor, p.coin))}</ul>
  ${p.rate !== null ? `<p class="note">Rate ${escapeHtml(rateText(p.rate, r.currency, p.coin))}</p>` : ''}
  ${txHtml(p.txId, p.explorerUrl)}
  ${explorerQr}
</div>`;
    }),
  );
  const refunds = r.refunds.map(
    (x) => `<div class="refund"><ul class="rows plain">${row(`${x.networkName}, ${REFUND_STATUS_TEXT[x.status]}`, `-${coinText(x.amountMinor, x.coin)}`)}</ul>${x.txId !== null ? txHtml(x.txId, x.explorerUrl) : ''}</div>`,
  );
  const receiptQr = options.kind === 'print' ? `<div class="qr">${await svgOf(options.receiptUrl, 'QR code: this receipt online')}</div><p class="note center">Your receipt online</p>` : '';
  const devnetNote = !r.livemode && options.kind === 'public' ? '<p class="note">Test-mode transfers are on a test network, not on a public explorer.</p>' : '';
  const head =
    options.kind === 'print'
      ? `<style>${RECEIPT_CSS}</style>`
      : '<link rel="stylesheet" href="/pay/assets/receipt.css">\n<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
  return `<!doctype html>
<html lang="en"${options.kind === 'print' ? ' class="paper"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light">
<title>Receipt · ${escapeHtml(r.shop.name)} · ${escapeHtml(money(r.totalMinor))}</title>
${head}
</head>
<body>
<main class="receipt" data-session-id="${escapeHtml(r.sessionId)}">
  <h1 class="shop">${escapeHtml(r.shop.name)}</h1>
  ${r.shop.domain ? `<p class="meta">${escapeHtml(r.shop.domain)}</p>` : ''}
  <p class="meta"><time datetime="${new Date(r.paidAt).toISOString()}">${escapeHtml(r.localTime)}</time> (${escapeHtml(r.timeZone)})</p>
  ${r.livemode ? '' : '<p class="test">Test mode · no real money</p>'}
  ${r.description ? `<p class="note">${escapeHtml(r.description)}</p>` : ''}
  <ul class="rows" aria-label="Sale">${lines.join('')}</ul>
  <section aria-labelledby="paid-title"><h2 id="paid-title">Paid</h2>${payments.join('')}${devnetNote}</section>
  ${refunds.length ? `<section aria-labelledby="refunds-title"><h2 id="refunds-title">Refunds</h2>${refunds.join('')}</section>` : ''}
  ${receiptQr}
  <p class="id">${escapeHtml(r.sessionId)}</p>
  <p class="thanks">Thank you!</p>
</main>
</body>
</html>`;
}
