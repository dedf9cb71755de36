import { createHash } from 'node:crypto';
import type { DailyReport } from '../../domain/daily-report.js';
import { escapeHtml } from '../checkout/page.js';

/** The printable day's look: A4 or a wide receipt roll alike, system fonts, nothing fetched. */
const DAILY_CSS = `*{box-sizing:border-box}
body{margin:0 auto;max-width:48rem;padding:1.5rem 1rem;color:#111827;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{margin:0;font-size:1.4rem}h2{margin:1.25rem 0 .35rem;font-size:.85rem;letter-spacing:.06em;text-transform:uppercase;color:#374151}
.meta{margin:.2rem 0 0;color:#4b5563}
table{width:100%;border-collapse:collapse}th,td{padding:.2rem .4rem;border-bottom:1px solid #e5e7eb;text-align:left}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.note{color:#4b5563;font-size:.85rem}
@media print{body{max-width:none;padding:0;font-size:10pt}@page{margin:12mm}}
`;

const CSS_HASH = `'sha256-${createHash('sha256').update(DAILY_CSS).digest('base64')}'`;

/** CSP of the printable day: its one inline style, nothing else. */
export const PRINTABLE_DAY_CSP = `default-src 'none'; style-src ${CSS_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;

const e = escapeHtml;
const table = (head: string[], numeric: number, rows: (string | number)[][]): string =>
  `<table><thead><tr>${head.map((h, i) => `<th${i >= head.length - numeric ? ' class="n"' : ''} scope="col">${e(h)}</th>`).join('')}</tr></thead><tbody>` +
  rows.map((r) => `<tr>${r.map((c, i) => `<td${i >= r.length - numeric ? ' class="n"' : ''}>${e(String(c))}</td>`).join('')}</tr>`).join('') +
  '</tbody></table>';

/** The day's Z-report as a printable page (`?format=html`): English, as the receipt's printable page. */
export function renderDailyPage(r: DailyReport, shop: string): string {
  const t = r.totals;
  const cur = r.reporting_currency;
  const money = ['Gross', 'Tips', 'Refunds', 'Fees', 'Net'];
  const m = (l: { gross: string; tips: string; refunds: string; fees: string; net: string }) => [l.gross, l.tips, l.refunds, l.fees, l.net];
  const body = [
    `<h1>${e(shop)}: day report ${e(r.date)}</h1>`,
    `<p class="meta">${e(r.time_zone)} · ${e(r.starts_at)} to ${e(r.ends_at)} · generated ${e(t.generated_at)}</p>`,
    `<h2>Totals (${e(cur)})</h2>`,
    table(['Sales', ...money], 6, [[t.sales.count, ...m(t.reporting)]]),
    t.reporting.missing_rates.length > 0 ? `<p class="note">No rate for ${e(t.reporting.missing_rates.join(', '))}: left out of the ${e(cur)} sums.</p>` : '',
    '<h2>Sales by state</h2>',
    table(['State', 'Sales'], 1, [...Object.entries(t.sales.by_status), ...Object.entries(t.sales.by_exception)].filter(([, n]) => n > 0)),
    '<h2>By coin and network</h2>',
    table(['Coin', 'Network', 'Sales', ...money], 6, t.by_coin_network.map((l) => [l.currency, l.network, l.sales, ...m(l)])),
    `<h2>By network (${e(cur)})</h2>`,
    table(['Network', 'Sales', ...money], 6, r.by_network.map((l) => [l.network, l.sales, ...m(l)])),
    `<h2>By staff member (${e(cur)})</h2>`,
    table(['Staff', 'Sales', 'Paid', ...money], 7, t.staff.map((l) => [l.name, l.sessions, l.succeeded, ...m(l)])),
    `<h2>By hour (${e(cur)})</h2>`,
    table(['Hour', 'Sales', 'Paid', 'Gross', 'Tips'], 4, r.by_hour.filter((h) => h.sessions > 0).map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.sessions, h.succeeded, h.gross, h.tips])),
    '<h2>Charged against arrived</h2>',
    table(['Currency', 'Charged', 'Received', 'Difference'], 3, t.reconciliation.charged.map((c) => [c.currency, c.charged, c.received, c.difference])),
    `<p class="note">Underpaid ${t.reconciliation.underpaid.length} · overpaid ${t.reconciliation.overpaid.length} · late ${t.reconciliation.late.length} · unconfirmed ${t.reconciliation.unconfirmed.length} · unmatched deposits ${t.reconciliation.unmatched_deposits.length}</p>`,
    '<h2>Shifts</h2>',
    table(
      ['Shift', 'Till', 'Who', 'Opened', 'Closed', 'Sales today', 'Charged', 'Received', 'Difference'],
      4,
      r.shifts.flatMap((s) =>
        (s.charged.length > 0 ? s.charged : [null]).map((c) => [s.id, s.till, s.name, s.opened_at, s.closed_at ?? 'open', s.sales_today, c ? `${c.charged} ${c.currency}` : '', c?.received ?? '', c?.difference ?? '']),
      ),
    ),
    `<p class="note">Sales outside any shift: ${r.outside_shifts.sales} (counted in the totals).</p>`,
  ].join('\n');
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(shop)}: day report ${e(r.date)}</title><style>${DAILY_CSS}</style></head><body><main>\n${body}\n</main></body></html>\n`;
}
