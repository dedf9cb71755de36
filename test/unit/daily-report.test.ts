/**
 * The day's report as a pure function (domain/daily-report.ts) on the days a daylight-saving change
 * makes 23 and 25 hours long (Europe/Berlin): the day's bounds, the 24 local-hour buckets (the
 * repeated hour's sales in one bucket, the skipped one empty), money per network in the reporting
 * currency, the sales outside any shift, and the shifts with their reports' differences.
 */
import { expect, test } from 'vitest';
import { startOfDate, startOfNextLocalDay } from '../../src/domain/calendar.js';
import { dailyReport } from '../../src/domain/daily-report.js';
import type { MoneyParts } from '../../src/domain/ledger-summary.js';
import type { Payment } from '../../src/domain/payment.js';
import { RATE_SCALE } from '../../src/domain/rates.js';
import type { PaymentSession } from '../../src/domain/session.js';
import type { Shift } from '../../src/domain/shift.js';
import { shiftReport } from '../../src/domain/shift-report.js';
import { sessionOf } from '../helpers/sales-records.js';

const ZONE = 'Europe/Berlin';
const ONE = 10n ** BigInt(RATE_SCALE);
const E6 = 10n ** 6n;
const H = 3_600_000;
const quotes = [{ currency: 'USDT' as const, rateScaled: ONE, rateSource: 'test', amountDueMinor: 0n, feeFixedMinor: 0n }];
const sale = (id: string, createdAt: number, over: Partial<PaymentSession> = {}) =>
  sessionOf({ id, createdAt, status: 'SUCCEEDED', amountMinor: 1000n, amountReceivedMinor: 1000n, quotes, createdBy: 'ui:usr_a', ...over });
const payment = (sessionId: string, network: string, amountMinor: bigint): Payment => ({
  id: `pay_${sessionId}`, sessionId, network, livemode: false, currency: 'USDT', tokenContract: '0xt', txId: `0x${sessionId}`, eventIndex: 0,
  blockNumber: 1, blockRef: '0xb', blockTime: 0, from: '0xf', to: '0xto', amountBase: 0n, amountMinor, confirmations: 3, status: 'confirmed', detectedAt: 0,
});
const parts = (gross: bigint, fees: bigint): MoneyParts[] => [{ currency: 'USDT', grossMinor: gross, tipsMinor: 0n, feesMinor: fees, refundsMinor: 0n, conversionsMinor: 0n, netMinor: gross - fees }];

function day(date: string, sessions: PaymentSession[], payments: Payment[], shifts: Shift[] = []) {
  const start = startOfDate(date, ZONE)!;
  const end = startOfNextLocalDay(start, ZONE);
  const booked = new Map(payments.map((p) => [p.sessionId!, parts(p.amountMinor, p.amountMinor / 100n)]));
  const input = { sessions, payments, refunds: [], deposits: [], booked, staffNames: new Map([['ui:usr_a', 'Ana']]), reportingCurrency: 'USD' as const, rates: { USDT: ONE, USDC: ONE }, at: end };
  return { start, end, input, report: dailyReport({ ...input, date, timeZone: ZONE, start, end, shifts }) };
}

test('the day the clocks go back is 25 hours: the repeated 02:00 hour\'s sales share one bucket', () => {
  // 2026-10-25: 03:00 CEST becomes 02:00 CET; the day starts at 22:00 UTC the day before.
  const start = startOfDate('2026-10-25', ZONE)!;
  expect(new Date(start).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  const first = sale('ps_first', start + 2 * H + 60_000); // 02:01 CEST
  const again = sale('ps_again', start + 3 * H + 60_000); // 02:01 CET, an hour later
  const evening = sale('ps_evening', start + 24 * H + 30 * 60_000, { shiftId: 'shift_1' }); // 23:30 CET
  const { report, end } = day('2026-10-25', [first, again, evening], [payment('ps_first', 'ethereum', 10n * E6), payment('ps_again', 'bsc', 10n * E6), payment('ps_evening', 'bsc', 10n * E6)]);
  expect(end - start).toBe(25 * H);
  expect(report.ends_at).toBe('2026-10-25T23:00:00.000Z');
  expect(report.by_hour).toHaveLength(24);
  expect(report.by_hour[2]).toEqual({ hour: 2, sessions: 2, succeeded: 2, gross: '20.00', tips: '0.00' });
  expect(report.by_hour[23]).toEqual({ hour: 23, sessions: 1, succeeded: 1, gross: '10.00', tips: '0.00' });
  expect(report.by_hour.filter((h) => h.sessions === 0).every((h) => h.gross === '0.00')).toBe(true);
  // Per network, in the reporting currency: the shift report's money per coin × network added up.
  expect(report.by_network).toEqual([
    { network: 'bsc', sales: 2, gross: '20.00', tips: '0.00', refunds: '0.00', fees: '0.20', net: '19.80' },
    { network: 'ethereum', sales: 1, gross: '10.00', tips: '0.00', refunds: '0.00', fees: '0.10', net: '9.90' },
  ]);
  expect(report.totals.reporting).toMatchObject({ gross: '30.00', fees: '0.30', net: '29.70' });
  expect(report.outside_shifts).toEqual({ sales: 2, charged: [{ currency: 'USD', charged: '20.00', received: '20.00', difference: '0.00' }] });
});

test('the day the clocks go forward is 23 hours: the skipped 02:00 hour is empty', () => {
  const start = startOfDate('2026-03-29', ZONE)!;
  const atThree = sale('ps_three', start + 2 * H + 60_000); // 02:01 CET does not exist: 03:01 CEST
  const { report, end } = day('2026-03-29', [atThree], [payment('ps_three', 'ethereum', 10n * E6)]);
  expect(end - start).toBe(23 * H);
  expect(report.by_hour[2]!.sessions).toBe(0);
  expect(report.by_hour[3]!.sessions).toBe(1);
});

test('the totals are the shift report over the day\'s sales; each shift shows its own report\'s differences', () => {
  const start = startOfDate('2026-06-01', ZONE)!;
  const short = sale('ps_short', start + 10 * H, { status: 'PENDING', exception: 'UNDERPAID', amountReceivedMinor: 600n, shiftId: 'shift_a' });
  const paid = sale('ps_paid', start + 11 * H, { shiftId: 'shift_a' });
  const payments = [payment('ps_paid', 'ethereum', 10n * E6)];
  const { input } = day('2026-06-01', [short, paid], payments);
  const shiftA: Shift = { id: 'shift_a', merchantId: 'm', livemode: false, till: 'till-a', openedBy: 'ui:usr_a', openedAt: start - H, closedAt: start + 12 * H, closedBy: 'ui:usr_a', report: shiftReport(input), reconciledAt: start + 12 * H };
  const open: Shift = { ...shiftA, id: 'shift_b', till: 'till-b', openedAt: start + 13 * H, closedAt: null, closedBy: null, report: null, reconciledAt: null };
  const { report } = day('2026-06-01', [short, paid], payments, [open, shiftA]);
  expect(report.totals).toEqual(shiftReport(input));
  expect(report.outside_shifts).toEqual({ sales: 0, charged: [] });
  expect(report.shifts.map((s) => [s.id, s.status, s.name, s.sales_today, s.underpaid])).toEqual([
    ['shift_a', 'reconciled', 'Ana', 2, 1],
    ['shift_b', 'open', 'Ana', 0, 0],
  ]);
  expect(report.shifts[0]!.charged).toEqual([{ currency: 'USD', charged: '20.00', received: '16.00', difference: '-4.00' }]);
});
