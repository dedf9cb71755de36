import { STABLECOINS } from '../../domain/currencies.js';
import { NETWORK_IDS } from '../../chains/registry.js';

// Without scripts the network and coin radios pick the panel through `:has`: one rule per pair the
// page can render. With the script (or without `:has`) the script marks the active panel instead.
// A pair the sale does not offer shows its "not offered" line (page.ts, notOffered) the same way.
const panelRules = NETWORK_IDS.flatMap((n) =>
  STABLECOINS.map((c) => `.pay:not(.js-picker):has(#pick-network-${n}:checked):has(#pick-coin-${c}:checked) :is(#opt-${n}-${c},#none-${n}-${c}){display:block}`),
).join('\n');

/** The checkout page's stylesheet: plain CSS, no web fonts, readable on a phone and across a counter. */
export const CHECKOUT_CSS = `
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#eef1f5;color:#111827;padding:16px 12px 24px}
a{color:#3730a3}
.vh{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.card{background:#fff;border-radius:20px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 32px rgba(16,24,40,.08);padding:24px 18px;max-width:460px;margin:0 auto}
@media (min-width:520px){body{padding:40px 16px}.card{padding:32px}}

.head{text-align:center}
.merchant{font-weight:650;font-size:18px;color:#374151;margin:0}
.test-banner{display:inline-block;margin:8px 0 0;background:#fef3c7;color:#92400e;border:1px solid #fcd34d;border-radius:999px;padding:2px 12px;font-size:14px}
.summary{text-align:center;margin:10px 0 16px}
.amount{font-size:clamp(34px,10vw,48px);line-height:1.15;margin:0;font-weight:750;letter-spacing:-.02em;font-variant-numeric:tabular-nums}
.quotes{margin:2px 0 0;color:#374151;font-weight:600;font-size:18px}
.description{margin:8px 0 0;color:#4b5563}
.items{list-style:none;padding:0;margin:6px 0 0;color:#4b5563;font-size:15px}

.status{position:relative;border-radius:14px;padding:12px 12px 12px 42px;background:#eff6ff;color:#1e3a8a;margin:0 0 12px;min-height:52px}
.status::before{content:"";position:absolute;left:16px;top:19px;width:14px;height:14px;border-radius:50%;background:#2563eb;animation:pulse 1.6s ease-in-out infinite}
.status-text{margin:0;font-size:18px;font-weight:650;line-height:1.4}
.status-detail{margin:2px 0 0;font-size:15px;opacity:.9}
.status[data-exception=UNDERPAID]{background:#fffbeb;color:#78350f}
.status[data-exception=UNDERPAID]::before{background:#d97706}
.status[data-status=PROCESSING]::before{background:none;border:3px solid #bfdbfe;border-top-color:#2563eb;width:20px;height:20px;left:12px;top:16px;animation:spin .9s linear infinite}
.status[data-status=SUCCEEDED]{background:#ecfdf5;color:#065f46}
.status[data-status=SUCCEEDED] .status-text{font-size:24px}
.status[data-status=SUCCEEDED]::before{content:"✓";background:#059669;color:#fff;width:24px;height:24px;left:11px;top:15px;font:700 15px/24px system-ui,sans-serif;text-align:center;animation:none}
.status[data-status=EXPIRED],.status[data-status=CANCELED]{background:#fef2f2;color:#991b1b}
.status[data-status=EXPIRED]::before,.status[data-status=CANCELED]::before{content:"!";background:#dc2626;color:#fff;width:24px;height:24px;left:11px;top:15px;font:700 15px/24px system-ui,sans-serif;text-align:center;animation:none}
.status[data-exception=PAID_LATE]:not([data-status=SUCCEEDED]){background:#fffbeb;color:#78350f}
.status[data-exception=PAID_LATE]:not([data-status=SUCCEEDED])::before{background:#d97706}
@keyframes pulse{50%{opacity:.35;transform:scale(.8)}}
@keyframes spin{to{transform:rotate(360deg)}}

.state{display:flex;align-items:flex-start;gap:8px;margin:0 0 16px}
.state .status{flex:1;margin:0}
.countdown{flex:none;display:flex;flex-direction:column;align-items:center;justify-content:center;margin:0;padding:6px 10px;border-radius:14px;background:#f3f4f6;color:#4b5563;min-width:76px;min-height:52px}
.countdown-label{font-size:12px;font-weight:650;text-transform:uppercase;letter-spacing:.05em;line-height:1.2}
.countdown-time{font-size:22px;font-weight:750;color:#111827;font-variant-numeric:tabular-nums;line-height:1.3}
.countdown.urgent{background:#fef2f2}
.countdown.urgent .countdown-time{color:#b91c1c}

.pay h2{font-size:17px;margin:0 0 8px}
.pay-none{background:#f9fafb;border:1px dashed #d1d5db;border-radius:14px;padding:16px;color:#374151;text-align:center}
.pay-none p{margin:0}
.pickers{display:grid;gap:10px;margin:0 0 14px}
.picker{border:0;margin:0;padding:0;min-width:0}
.picker legend{font-size:13px;font-weight:650;text-transform:uppercase;letter-spacing:.05em;color:#6b7280;margin:0 0 6px;padding:0}
.segments{display:flex;flex-wrap:wrap;gap:4px;background:#f3f4f6;border-radius:12px;padding:4px}
.segments label{flex:1 1 0;min-width:max-content;min-height:44px;display:flex;align-items:center;justify-content:center;text-align:center;padding:8px 12px;border-radius:9px;cursor:pointer;font-weight:600;color:#4b5563}
.segments label:hover{color:#111827}
.segments input:checked+label{background:#fff;color:#3730a3;box-shadow:0 1px 3px rgba(16,24,40,.15),inset 0 0 0 2px #6366f1}
.segments input:focus-visible+label{outline:3px solid #4f46e5;outline-offset:2px}
.segments input:disabled+label{opacity:.45;cursor:not-allowed;text-decoration:line-through}
@supports not selector(:has(*)){.no-js .pickers{display:none}}

.panel{border:1px solid #e5e7eb;border-radius:16px;padding:16px 14px;margin:0 0 12px}
.pay.js-picker .panel:not(.is-active){display:none}
.panel-none{display:none;margin:0 0 12px;padding:14px;border-radius:14px;background:#fffbeb;color:#78350f;text-align:center;font-weight:600}
@supports selector(:has(*)){
.pay:not(.js-picker) .panel{display:none}
${panelRules}
}
.qr{width:min(100%,272px);margin:0 auto;border-radius:8px;overflow:hidden}
.qr svg{display:block;width:100%;height:auto}
.qr-hint{text-align:center;font-size:14px;color:#6b7280;margin:6px 0 12px}
/* An address QR: the wallet learns only where to send, so the exact amount leads, large. */
.exact{text-align:center;margin:10px 0 4px;background:#eef2ff;border-radius:14px;padding:10px 12px}
.exact-amount{margin:0;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:4px 12px}
.exact-label{flex-basis:100%;font-size:15px;font-weight:650;color:#3730a3}
.exact-amount .value{font-size:30px;font-weight:800;line-height:1.2;font-variant-numeric:tabular-nums}
.exact-network{margin:2px 0 0;font-size:16px;font-weight:650;color:#374151}
.qr-hint-address{color:#374151}
.fields{margin:0;display:grid;gap:8px}
.field{background:#f9fafb;border-radius:12px;padding:8px 12px}
.field dt{font-size:13px;color:#6b7280;font-weight:600}
.field dd{margin:0;display:flex;align-items:center;justify-content:space-between;gap:12px}
.value{min-width:0;overflow-wrap:anywhere}
.big{font-size:22px;font-weight:750;font-variant-numeric:tabular-nums}
.address{font:16px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;color:#111827}
.address span{display:inline-block;margin-right:.3em}
.address span:last-child{margin-right:0}
.address span:nth-child(-n+2),.address span:last-child{font-weight:700}
.copy{flex:none;font:inherit;font-size:14px;font-weight:650;min-width:72px;min-height:40px;padding:6px 12px;border-radius:10px;border:1px solid #c7d2fe;background:#eef2ff;color:#3730a3;cursor:pointer}
.copy:hover{background:#e0e7ff}
.copy.copied{background:#059669;border-color:#059669;color:#fff}
.no-js .copy{display:none}
.copy:focus-visible,a:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
.warning{margin:12px 0 0;background:#fff7ed;border:1px solid #fed7aa;color:#9a3412;border-radius:12px;padding:10px 12px;font-size:14px}
.warning::before{content:"⚠ ";font-weight:700}
.wallet{display:block;text-align:center;margin-top:12px;padding:12px;border-radius:12px;background:#4338ca;color:#fff;font-weight:650;text-decoration:none}
@media (hover:hover) and (pointer:fine){.wallet{display:none}}

.payments{margin-top:16px;border-top:1px solid #e5e7eb;padding-top:12px}
.payments h2{font-size:15px;margin:0 0 8px;color:#374151}
.payments ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.payment{display:grid;grid-template-columns:1fr auto;gap:0 12px;align-items:center;background:#f9fafb;border-radius:12px;padding:8px 12px;font-size:14px}
.payment-amount{font-weight:700;font-size:16px}
.payment-meta{grid-column:1;color:#4b5563}
.payment[data-status=confirmed] .payment-meta{color:#047857}
.payment-tx{grid-column:2;grid-row:1/span 2;font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#6b7280}
a.payment-tx{color:#3730a3}

.done,.back{text-align:center;margin:16px 0 0}
.receipt-link{text-align:center;margin:16px 0 0}
.receipt-link h2{font-size:16px;margin:0 0 8px}
.receipt-link .receipt-qr{width:160px;margin:0 auto 8px}
.receipt-qr svg{display:block;width:100%;height:auto}
.done-note{display:block;color:#4b5563;font-size:15px;margin:0 0 8px}
.button{display:inline-block;padding:12px 20px;border-radius:12px;background:#047857;color:#fff;font-weight:650;text-decoration:none}
.back a{font-weight:600}
.footer{text-align:center;color:#4b5563;font-size:13px;max-width:460px;margin:16px auto 0}
@media (min-width:720px){.card{max-width:500px}.qr{width:min(100%,300px)}.footer{max-width:500px}}
/* A wide screen turned to the customer across a counter: order and status left, how to pay right. */
@media (min-width:900px){
.card[data-status=PENDING]{max-width:920px;display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.1fr);grid-template-areas:"info pay" "after pay";grid-template-rows:auto 1fr;column-gap:40px;padding:40px}
.card[data-status=PENDING] .info{grid-area:info}
.card[data-status=PENDING] .pay{grid-area:pay}
.card[data-status=PENDING] .after{grid-area:after}
.card[data-status=PENDING] .amount{font-size:56px}
.card[data-status=PENDING] .qr{width:min(100%,320px)}
.card[data-status=PENDING] ~ .footer{max-width:920px}
}
@media (prefers-reduced-motion:reduce){*,*::before{animation:none!important;transition:none!important}}
`;
