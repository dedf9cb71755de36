import { localHour } from './calendar.js';
import { type FiatCurrency, scaleOf } from './currencies.js';
import { formatDecimal } from './money.js';
import { type Shift, shiftStatus, type ShiftStatus } from './shift.js';
import { byNetwork, type MoneyLine, type NetworkLine, type ShiftReport, shiftReport, type ShiftReportInput } from './shift-report.js';

/**
 * The shop's day (docs/reports.md): the Z-report over every till and shift of one calendar day in the
 * shop's time zone. Pure, and built from the shift report's own functions over the day's sessions, so
 * a day's figures are a shift's figures over more sales, never a second computation.
 */
export interface DailyReportInput extends ShiftReportInput {
  /** `YYYY-MM-DD` in `timeZone`. */
  date: string;
  timeZone: string;
  /** The day's bounds (ms): [start, end), DST-correct (domain/calendar.ts). */
  start: number;
  end: number;
  /** The shifts open at some time that day, each with its report (a closed one's as kept, an open one's so far). */
  shifts: readonly Shift[];
}

export interface HourLine extends Pick<MoneyLine, 'gross' | 'tips'> {
  /** Local hour, 0–23. */
  hour: number;
  /** Sessions created in that hour. */
  sessions: number;
  succeeded: number;
}

export interface DayShift {
  id: string;
  till: string;
  status: ShiftStatus;
  opened_by: string;
  name: string;
  opened_at: string;
  closed_at: string | null;
  /** Sales of the shift created that day. */
  sales_today: number;
  /** The shift's own charged-vs-arrived figures (its whole report's, which may span midnight). */
  charged: ShiftReport['reconciliation']['charged'];
  underpaid: number;
  overpaid: number;
  late: number;
  unconfirmed: number;
  unmatched_deposits: number;
}

export interface DailyReport {
  object: 'daily_report';
  date: string;
  time_zone: string;
  starts_at: string;
  ends_at: string;
  reporting_currency: FiatCurrency;
  /** The shift report's figures over every sale created that day (all tills, in a shift or not). */
  totals: ShiftReport;
  /** 24 buckets by local hour of creation, money in the reporting currency. */
  by_hour: HourLine[];
  /** Money per network, in the reporting currency. */
  by_network: NetworkLine[];
  /** Sales created that day on no shift (no till named, or a till with no open shift): counted in `totals` too. */
  outside_shifts: { sales: number; charged: ShiftReport['reconciliation']['charged'] };
  shifts: DayShift[];
}

export function dailyReport(input: DailyReportInput): DailyReport {
  const over = (sessions: ShiftReportInput['sessions']): ShiftReport => shiftReport({ ...input, sessions });
  const totals = over(input.sessions);
  const zero = formatDecimal(0n, scaleOf(input.reportingCurrency));
  const hours = Array.from({ length: 24 }, () => [] as ShiftReportInput['sessions'][number][]);
  for (const s of input.sessions) hours[localHour(s.createdAt, input.timeZone)]!.push(s);
  const outside = input.sessions.filter((s) => s.shiftId === null);
  const salesOf = new Map<string, number>();
  for (const s of input.sessions) if (s.shiftId !== null) salesOf.set(s.shiftId, (salesOf.get(s.shiftId) ?? 0) + 1);
  return {
    object: 'daily_report',
    date: input.date,
    time_zone: input.timeZone,
    starts_at: new Date(input.start).toISOString(),
    ends_at: new Date(input.end).toISOString(),
    reporting_currency: input.reportingCurrency,
    totals,
    by_hour: hours.map((sessions, hour) => {
      // An empty hour needs no report; a busy one is the shift report over that hour's sales.
      const r = sessions.length === 0 ? null : over(sessions);
      return {
        hour,
        sessions: sessions.length,
        succeeded: sessions.filter((s) => s.status === 'SUCCEEDED').length,
        gross: r?.reporting.gross ?? zero,
        tips: r?.reporting.tips ?? zero,
      };
    }),
    by_network: byNetwork(input),
    outside_shifts: { sales: outside.length, charged: over(outside).reconciliation.charged },
    shifts: [...input.shifts]
      .sort((a, b) => a.openedAt - b.openedAt || a.id.localeCompare(b.id))
      .map((shift) => {
        const rec = shift.report?.reconciliation;
        return {
          id: shift.id,
          till: shift.till,
          status: shiftStatus(shift),
          opened_by: shift.openedBy,
          name: input.staffNames.get(shift.openedBy) ?? shift.openedBy,
          opened_at: new Date(shift.openedAt).toISOString(),
          closed_at: shift.closedAt === null ? null : new Date(shift.closedAt).toISOString(),
          sales_today: salesOf.get(shift.id) ?? 0,
          charged: rec?.charged ?? [],
          underpaid: rec?.underpaid.length ?? 0,
          overpaid: rec?.overpaid.length ?? 0,
          late: rec?.late.length ?? 0,
          unconfirmed: rec?.unconfirmed.length ?? 0,
          unmatched_deposits: rec?.unmatched_deposits.length ?? 0,
        };
      }),
  };
}
