import type { DailyReport } from '../../domain/daily-report.js';
import { csvField } from '../csv.js';

/** The daily report's CSV columns (docs/reports.md, "CSV"): one line per figure, a `section` saying which. */
export const DAILY_CSV_COLUMNS = ['section', 'item', 'currency', 'network', 'sales', 'gross', 'tips', 'refunds', 'fees', 'net', 'charged', 'received', 'difference'] as const;

type Row = Partial<Record<(typeof DAILY_CSV_COLUMNS)[number], string | number>>;

/**
 * The day as one CSV (RFC 4180, cells a spreadsheet could run defused): the totals in the reporting
 * currency, per coin × network, per network, per staff member, per hour, what was charged against
 * what arrived, the sales outside any shift, and each shift's differences.
 */
export function dailyCsv(r: DailyReport): string {
  const t = r.totals;
  const rows: Row[] = [
    { section: 'total', item: r.date, currency: t.reporting.currency, sales: t.sales.count, ...money(t.reporting) },
    ...Object.entries(t.sales.by_status).map(([status, n]) => ({ section: 'status', item: status, sales: n })),
    ...Object.entries(t.sales.by_exception).map(([exception, n]) => ({ section: 'exception', item: exception, sales: n })),
    ...t.by_coin_network.map((l) => ({ section: 'coin_network', item: `${l.currency} ${l.network}`, currency: l.currency, network: l.network, sales: l.sales, ...money(l) })),
    ...r.by_network.map((l) => ({ section: 'network', item: l.network, currency: r.reporting_currency, network: l.network, sales: l.sales, ...money(l) })),
    ...t.staff.map((l) => ({ section: 'staff', item: l.name, currency: r.reporting_currency, sales: l.sessions, ...money(l) })),
    ...r.by_hour.map((h) => ({ section: 'hour', item: `${String(h.hour).padStart(2, '0')}:00`, currency: r.reporting_currency, sales: h.sessions, gross: h.gross, tips: h.tips })),
    ...t.reconciliation.charged.map((c) => ({ section: 'charged', item: 'day', currency: c.currency, charged: c.charged, received: c.received, difference: c.difference })),
    ...r.outside_shifts.charged.map((c) => ({ section: 'outside_shifts', item: 'no shift', currency: c.currency, sales: r.outside_shifts.sales, charged: c.charged, received: c.received, difference: c.difference })),
    ...r.shifts.flatMap((s) =>
      (s.charged.length > 0 ? s.charged : [null]).map((c) => ({
        section: 'shift',
        item: `${s.id} ${s.till} ${s.name}`,
        sales: s.sales_today,
        ...(c && { currency: c.currency, charged: c.charged, received: c.received, difference: c.difference }),
      })),
    ),
  ];
  const line = (row: Row) => DAILY_CSV_COLUMNS.map((c) => csvField(String(row[c] ?? ''))).join(',');
  return [DAILY_CSV_COLUMNS.join(','), ...rows.map(line)].join('\r\n') + '\r\n';
}

const money = (l: { gross: string; tips: string; refunds: string; fees: string; net: string }) => ({ gross: l.gross, tips: l.tips, refunds: l.refunds, fees: l.fees, net: l.net });
