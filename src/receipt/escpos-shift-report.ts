import { localDateTime } from '../domain/calendar.js';
import { formatDecimal } from '../domain/money.js';
import type { ShiftStatus } from '../domain/shift.js';
import type { MoneyLine, ShiftReport } from '../domain/shift-report.js';
import { CODE_PAGE_WPC1252, EscPos } from './escpos-commands.js';
import { twoColumns, wrap } from './escpos-receipt.js';

/** What the printed report needs beyond the report itself: who and when, in words. */
export interface ShiftReportPrint {
  shopName: string;
  /** The shop's IANA time zone: every time prints in it. */
  timeZone: string;
  till: string;
  livemode: boolean;
  status: ShiftStatus;
  /** Staff members by name (an API key by its id). */
  openedBy: string;
  openedAt: number;
  closedBy: string | null;
  closedAt: number | null;
  /** When the paper is printed (ms): an open shift's figures are those of that moment. */
  printedAt: number;
  report: ShiftReport;
}

export interface EscPosShiftReportOptions {
  /** Characters per line, as for receipts (escpos-receipt.ts): 48 on 80 mm paper, 42 on 512-dot heads. */
  columns?: 48 | 42;
  /** A network's name from its id ("bsc" → "BNB Smart Chain"); the id itself when left out. */
  networkName?: (id: string) => string;
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  PENDING: 'Waiting for payment',
  PROCESSING: 'Confirming',
  SUCCEEDED: 'Paid',
  EXPIRED: 'Expired',
  CANCELED: 'Canceled',
};
const EXCEPTION_TEXT: Readonly<Record<string, string>> = { UNDERPAID: 'Underpaid', OVERPAID: 'Overpaid', PAID_LATE: 'Paid late' };

/** "1.20" → "-1.20"; zero stays unsigned. */
const minus = (v: string): string => (/^0(\.0+)?$/.test(v) ? v : `-${v}`);

/** "12.500000" → "12.50": a coin's amount as receipts print it (trailing zeros dropped down to two decimals). */
const coinDecimal = (value: string): string => value.replace(/(\.\d\d\d*?)0+$/, '$1');

/**
 * A shift's report as ESC/POS bytes for the till's 80 mm printer (docs/shifts.md, "Printing the
 * report"): the shop, the till, who opened and closed it and when (in the shop's time zone), the
 * sales by state, the money per coin × network and in the reporting currency, per staff member, what
 * was charged against what arrived with every difference, and whether it is reconciled; then a cut.
 * The figures are the report's own decimal strings, never computed again: the paper says what the
 * API and the till's screen say.
 */
export function escposShiftReport(r: ShiftReportPrint, options: EscPosShiftReportOptions = {}): Uint8Array {
  const width = options.columns ?? 48;
  const network = options.networkName ?? ((id: string) => id);
  const report = r.report;
  const fiat = report.reporting_currency;
  const p = new EscPos().init().codePage(CODE_PAGE_WPC1252);
  const rule = '-'.repeat(width);
  const text = (lines: string[]) => {
    for (const l of lines) p.line(l);
  };
  // Rows under a heading are indented by two spaces (wrap drops leading spaces: added after it).
  const row = (label: string, value: string, indent = 0) => text(twoColumns(label, value, width - indent).map((l) => ' '.repeat(indent) + l));
  const indented = (words: string) => text(wrap(words, width - 2).map((l) => `  ${l}`));
  const heading = (title: string) => {
    p.line(rule).bold(true);
    text(wrap(title, width));
    p.bold(false);
  };
  const money = (m: MoneyLine, unit: (v: string) => string) => {
    row('Gross', unit(m.gross), 2);
    row('Tips', unit(m.tips), 2);
    // Refunds and fees are taken off the gross: printed with their minus, as the net line adds up.
    row('Refunds', unit(minus(m.refunds)), 2);
    row('Fees', unit(minus(m.fees)), 2);
    p.bold(true);
    row('Net', unit(m.net), 2);
    p.bold(false);
  };
  const when = (ms: number) => localDateTime(ms, r.timeZone);

  p.align('center').bold(true).size(2, 2);
  text(wrap(r.shopName, Math.floor(width / 2)));
  p.size(1, 1);
  text(wrap(`SHIFT REPORT - till ${r.till}`, width));
  p.bold(false);
  text(wrap(
    r.status === 'open' ? 'SHIFT OPEN: the figures so far' : r.status === 'closed' ? 'CLOSED, NOT RECONCILED YET' : 'CLOSED AND RECONCILED',
    width,
  ));
  if (!r.livemode) p.bold(true).line('TEST MODE - NO REAL MONEY').bold(false);

  p.align('left').line(rule);
  row('Opened', when(r.openedAt));
  indented(`by ${r.openedBy}`);
  if (r.closedAt !== null) {
    row('Closed', when(r.closedAt));
    indented(`by ${r.closedBy ?? 'unknown'}`);
  } else row('Closed', 'still open');
  row('Printed', when(r.printedAt));
  text(wrap(`Times in ${r.timeZone}`, width));

  heading(`SALES: ${report.sales.count}`);
  for (const [status, n] of Object.entries(report.sales.by_status)) if (n > 0) row(STATUS_TEXT[status] ?? status, String(n), 2);
  for (const [exception, n] of Object.entries(report.sales.by_exception)) if (n > 0) row(EXCEPTION_TEXT[exception] ?? exception, String(n), 2);

  heading('BY COIN AND NETWORK');
  if (!report.by_coin_network.length) p.line('No money booked.');
  for (const l of report.by_coin_network) {
    text(wrap(`${l.currency} on ${network(l.network)} (${l.sales} ${l.sales === 1 ? 'sale' : 'sales'})`, width));
    money(l, (v) => `${coinDecimal(v)} ${l.currency}`);
  }

  heading(`TOTAL IN ${fiat}`);
  money(report.reporting, (v) => `${v} ${fiat}`);
  for (const [coin, rate] of Object.entries(report.reporting.rates)) text(wrap(`Rate 1 ${coin} = ${rate} ${fiat}`, width));
  for (const coin of report.reporting.missing_rates) text(wrap(`No rate for ${coin}: left out of the total`, width));

  heading('BY STAFF MEMBER');
  if (!report.staff.length) p.line('No sales.');
  for (const s of report.staff) {
    text(wrap(`${s.name} (${s.sessions} ${s.sessions === 1 ? 'sale' : 'sales'}, ${s.succeeded} paid)`, width));
    money(s, (v) => `${v} ${fiat}`);
  }

  const rec = report.reconciliation;
  heading('CHARGED AGAINST ARRIVED');
  if (!rec.charged.length) p.line('Nothing charged.');
  for (const c of rec.charged) {
    row(`Charged ${c.currency}`, c.charged);
    row(`Arrived ${c.currency}`, c.received);
    p.bold(true);
    row(`Difference ${c.currency}`, c.difference);
    p.bold(false);
  }
  const differences = (title: string, list: ShiftReport['reconciliation']['underpaid']) => {
    if (!list.length) return;
    p.line('').bold(true).line(`${title}: ${list.length}`).bold(false);
    for (const d of list) {
      text(wrap(d.session_id, width));
      row(`asked ${d.amount_total}, got ${d.amount_received}`, `${d.difference} ${d.currency}`, 2);
    }
  };
  differences('Underpaid', rec.underpaid);
  differences('Overpaid', rec.overpaid);
  differences('Paid late', rec.late);
  if (rec.unconfirmed.length) {
    p.line('').bold(true).line(`Unconfirmed${r.status === 'open' ? '' : ' at close'}: ${rec.unconfirmed.length}`).bold(false);
    for (const u of rec.unconfirmed) {
      text(wrap(u.session_id, width));
      row(`${network(u.network)}, ${u.confirmations} conf.`, `${coinDecimal(u.amount)} ${u.currency}`, 2);
    }
  }
  if (rec.unmatched_deposits.length) {
    p.line('').bold(true).line(`Unmatched deposits: ${rec.unmatched_deposits.length}`).bold(false);
    for (const d of rec.unmatched_deposits) {
      const amount = coinDecimal(formatDecimal(BigInt(d.amount_base), d.decimals));
      row(`${network(d.network)}, ${d.reason.toLowerCase().replaceAll('_', ' ')}`, `${amount} ${d.currency ?? 'tokens'}`, 2);
      indented(`Tx ${d.tx_id}`);
    }
  }
  const none = !rec.underpaid.length && !rec.overpaid.length && !rec.late.length && !rec.unconfirmed.length && !rec.unmatched_deposits.length;
  if (none) text(wrap('No sale underpaid, overpaid or paid late; nothing unconfirmed or unmatched.', width));

  p.line(rule).align('center').bold(true);
  text(wrap(
    r.status === 'reconciled' ? 'RECONCILED' : r.status === 'closed' ? 'NOT RECONCILED: payments still confirming' : 'NOT CLOSED: the figures can still change',
    width,
  ));
  p.bold(false).feed(3).partialCut();
  return p.toBytes();
}
