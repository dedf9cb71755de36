import { localDate, startOfDate, startOfNextLocalDay } from '../domain/calendar.js';
import { type DailyReport, dailyReport } from '../domain/daily-report.js';
import { ApiError } from '../domain/errors.js';
import type { Caller } from '../domain/merchant.js';
import type { MerchantService } from './merchant-service.js';
import type { Clock, ReadSnapshot } from './ports.js';
import type { ShiftService, ShiftStore } from './shift-service.js';

export interface DailyReportServiceDeps {
  store: Pick<ShiftStore, 'overlapping' | 'sessionIdsCreated'>;
  shifts: Pick<ShiftService, 'reportInput' | 'withReportSoFar'>;
  merchants: MerchantService;
  snapshot: ReadSnapshot;
  now: Clock;
}

/**
 * The shop's day (docs/reports.md): the shift report's figures over every sale created on one calendar
 * day in the shop's time zone, with the day's shifts, read from one state of the store.
 */
export class DailyReportService {
  constructor(private readonly d: DailyReportServiceDeps) {}

  /** @param date `YYYY-MM-DD`; default today in the shop's time zone. @throws ApiError parameter_invalid (date) */
  async day(caller: Caller, date?: string): Promise<DailyReport> {
    const { timeZone } = await this.d.merchants.get(caller.merchantId);
    const now = this.d.now();
    const day = date ?? localDate(now, timeZone);
    const start = startOfDate(day, timeZone);
    if (start === null) throw new ApiError('parameter_invalid', 'must be a calendar date, YYYY-MM-DD', 'date');
    const end = startOfNextLocalDay(start, timeZone);
    return await this.d.snapshot(async () => {
      const ids = await this.d.store.sessionIdsCreated(caller.merchantId, caller.livemode, start, end);
      // One at a time: a snapshot is one connection's transaction on PostgreSQL.
      const shifts = [];
      for (const s of await this.d.store.overlapping(caller.merchantId, caller.livemode, start, end)) shifts.push(await this.d.shifts.withReportSoFar(s));
      const input = await this.d.shifts.reportInput(caller.merchantId, caller.livemode, ids, now, shifts.map((s) => s.openedBy));
      return dailyReport({ ...input, date: day, timeZone, start, end, shifts });
    });
  }
}
