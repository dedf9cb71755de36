/**
 * The shop's day (issue 30, item 5; docs/reports.md) over real HTTP, on both stores, with sales really
 * paid on the ethereum devnet: two tills each with a shift (one closed, one still open), a sale
 * underpaid on one of them, and one sale charged outside any shift. The day's figures are checked
 * against the sales and the shifts' own reports, the hour buckets in a time zone 5 h 45 min from UTC,
 * the CSV and printable formats, bad input, and a cashier's 403.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { localDate } from '../../src/domain/calendar.js';
import { createSession, evmDevnetOf, option, waitForSession } from '../helpers/evm-chain.js';
import { installCounters, measureRequests } from '../helpers/op-counter.js';
import { addStaff, expectError, signInAs, startTestCore, type TestCore } from '../helpers/test-core.js';

// Counts the statements a report sends (the last test): installed before the core, like every counter.
await installCounters();

const ZONE = 'Asia/Kathmandu'; // UTC+05:45: no hour of it is a UTC hour
const E6 = 10n ** 6n;

let t: TestCore;
let eth: Devnet;
let cashier: string;
let cashierId: string;
/** The sales, final: [till-a paid, till-a underpaid, till-b paid, outside any shift]. */
let sales: any[];
let shiftA: any;
let shiftB: any;
let day: any;

const units = (decimal: string) => BigInt(decimal.replace('.', ''));
/** A USD amount (`12.50`) in cents. */
const units2 = (decimal: string) => BigInt(decimal.replace('.', ''));
const sum6 = (xs: string[]) => xs.reduce((a, x) => a + units(x), 0n);
const six = (v: bigint) => `${v / E6}.${String(v % E6).padStart(6, '0')}`;

async function pay(session: any, coin: 'USDT' | 'USDC', amountBase: bigint, payer: number): Promise<void> {
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[payer % DEVNET_PAYER_KEYS.length]!, token: coin, to: option(session, 'ethereum', coin).address, amountBaseUnits: amountBase });
}

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0.2, confirmations: { ethereum: 1 } });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  const zone = await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { time_zone: ZONE } } });
  expect(zone.status, zone.text).toBe(200);
  await addStaff(t, [{ name: 'Cas', role: 'cashier', pin: '1357' }]);
  const cas = await signInAs(t, 'Cas', '1357');
  cashier = cas.token;
  cashierId = cas.user.id;

  // Till A: the cashier's shift; till B: a shift opened by the API key, left open.
  shiftA = (await t.api('POST', '/v1/shifts', { key: cashier, body: { till: 'till-a' } })).body.data;
  shiftB = (await t.api('POST', '/v1/shifts', { body: { till: 'till-b' } })).body.data;
  // The cashier charges at till A; the API key at till B and outside any shift.
  const byCashier = async (value: string) => {
    const res = await t.api('POST', '/v1/payment/sessions', { key: cashier, body: { merchant_id: t.merchantId, amount: { value, currency: 'USD' }, till: 'till-a' } });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const a1 = await byCashier('10.00');
  const a2 = await byCashier('5.00');
  const b1 = await createSession(t, '7.25', 'USD', { till: 'till-b' });
  const outside = await createSession(t, '3.00', 'USD');
  expect([a1.shift_id, a2.shift_id, b1.shift_id, outside.shift_id]).toEqual([shiftA.id, shiftA.id, shiftB.id, null]);

  await pay(a1, 'USDT', units(option(a1, 'ethereum', 'USDT').amount_due), 0);
  await pay(a2, 'USDT', 4n * E6, 1); // short: UNDERPAID
  await pay(b1, 'USDC', units(option(b1, 'ethereum', 'USDC').amount_due), 2);
  await pay(outside, 'USDT', units(option(outside, 'ethereum', 'USDT').amount_due), 3);
  sales = [
    await waitForSession(t, a1.session_id, (x) => x.status === 'SUCCEEDED', 20_000, 'a1 paid'),
    await waitForSession(t, a2.session_id, (x) => x.exception === 'UNDERPAID' && x.payments.every((p: any) => p.status === 'confirmed'), 20_000, 'a2 underpaid'),
    await waitForSession(t, b1.session_id, (x) => x.status === 'SUCCEEDED', 20_000, 'b1 paid'),
    await waitForSession(t, outside.session_id, (x) => x.status === 'SUCCEEDED', 20_000, 'outside paid'),
  ];
  shiftA = (await t.api('POST', `/v1/shifts/${shiftA.id}/close`, { key: cashier })).body.data;
  expect(shiftA.status).toBe('reconciled');
  const res = await t.api('GET', '/v1/reports/daily');
  expect(res.status, res.text).toBe(200);
  day = res.body.data;
  shiftB = (await t.api('GET', `/v1/shifts/${shiftB.id}`)).body.data;
}, 120_000);
afterAll(async () => t?.stop());

describe('the day as JSON', () => {
  test('today in the shop\'s time zone by default, with its DST-correct bounds', () => {
    expect(day).toMatchObject({ object: 'daily_report', date: localDate(Date.now(), ZONE), time_zone: ZONE, reporting_currency: day.totals.reporting_currency });
    // Kathmandu's midnight is 18:15 UTC the day before; the day is 24 hours long there.
    expect(day.starts_at).toMatch(/T18:15:00\.000Z$/);
    expect(Date.parse(day.ends_at) - Date.parse(day.starts_at)).toBe(24 * 3_600_000);
  });

  test('the totals are the shift report\'s figures over every sale of the day, on every till and outside any shift', () => {
    const totals = day.totals;
    expect(totals.object).toBe('shift_report');
    expect(totals.sales.count).toBe(4);
    expect(totals.sales.by_status.SUCCEEDED).toBe(3);
    expect(totals.sales.by_exception).toMatchObject({ UNDERPAID: 1, OVERPAID: 0, PAID_LATE: 0 });
    const booked = (coin: string) => sales.flatMap((s) => s.booked).filter((b: any) => b.currency === coin);
    const usdt = totals.by_coin_network.find((l: any) => l.currency === 'USDT');
    const usdc = totals.by_coin_network.find((l: any) => l.currency === 'USDC');
    expect(totals.by_coin_network).toHaveLength(2);
    expect(usdt).toMatchObject({ network: 'ethereum', sales: 2, refunds: '0.000000', tips: '0.000000' });
    expect(usdt.gross).toBe(six(sum6([sales[0].payments[0].amount, sales[3].payments[0].amount])));
    expect(usdt.gross).toBe(six(sum6(booked('USDT').map((b: any) => b.gross))));
    expect(usdt.fees).toBe(six(sum6(booked('USDT').map((b: any) => b.fee))));
    expect(usdt.net).toBe(six(units(usdt.gross) - units(usdt.fees)));
    expect(usdc).toMatchObject({ network: 'ethereum', sales: 1, gross: six(sum6(booked('USDC').map((b: any) => b.gross))), fees: six(sum6(booked('USDC').map((b: any) => b.fee))) });
    // Charged against arrived, over the whole day: 10 + 5 + 7.25 + 3 asked, 4 of the 5 arrived.
    const charged = totals.reconciliation.charged.find((c: any) => c.currency === 'USD');
    expect(charged.charged).toBe('25.25');
    const cents = sales.reduce((n, s) => n + units2(s.amount_received.value), 0n);
    expect(charged.received).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
    expect(units2(charged.received)).toBeLessThan(2525n);
    expect(totals.reconciliation.underpaid.map((u: any) => u.session_id)).toEqual([sales[1].session_id]);
    // Per staff member: the cashier's two sales, the API key's two (till B and the one outside a shift).
    const staff = Object.fromEntries(totals.staff.map((s: any) => [s.staff, s]));
    expect(staff[`ui:${cashierId}`]).toMatchObject({ name: 'Cas', sessions: 2, succeeded: 1 });
    expect(totals.staff).toHaveLength(2);
    expect(totals.staff.find((s: any) => s.staff !== `ui:${cashierId}`)).toMatchObject({ sessions: 2, succeeded: 2 });
  });

  test('by network: the booked money on ethereum, in the reporting currency', () => {
    expect(day.by_network).toHaveLength(1);
    expect(day.by_network[0]).toMatchObject({ network: 'ethereum', sales: 3 });
    if (day.totals.reporting.missing_rates.length === 0) expect(day.by_network[0].gross).toBe(day.totals.reporting.gross);
  });

  test('sales by hour: 24 buckets by the local hour (Kathmandu), not the UTC one', () => {
    expect(day.by_hour.map((h: any) => h.hour)).toEqual([...Array(24).keys()]);
    const hourOf = (iso: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(Date.parse(iso)));
    const expected = new Array(24).fill(0);
    for (const s of sales) expected[hourOf(s.created_at)]++;
    expect(day.by_hour.map((h: any) => h.sessions)).toEqual(expected);
    expect(day.by_hour.reduce((n: number, h: any) => n + h.succeeded, 0)).toBe(3);
    // At +05:45 no local hour is the UTC hour: the buckets really are the shop's.
    for (const s of sales) expect(hourOf(s.created_at)).not.toBe(new Date(s.created_at).getUTCHours());
  });

  test('sales outside any shift are counted in the totals and said apart', () => {
    expect(day.outside_shifts).toEqual({ sales: 1, charged: [{ currency: 'USD', charged: '3.00', received: '3.00', difference: '0.00' }] });
  });

  test('the day\'s shifts with their own reports\' differences: the closed one and the one still open', () => {
    expect(day.shifts.map((s: any) => [s.id, s.till, s.status, s.sales_today])).toEqual([
      [shiftA.id, 'till-a', 'reconciled', 2],
      [shiftB.id, 'till-b', 'open', 1],
    ]);
    const [a, b] = day.shifts;
    expect(a).toMatchObject({ opened_by: `ui:${cashierId}`, name: 'Cas', opened_at: shiftA.opened_at, closed_at: shiftA.closed_at, underpaid: 1, overpaid: 0, late: 0, unconfirmed: 0 });
    expect(a.charged).toEqual(shiftA.report.reconciliation.charged);
    expect(a.charged[0].difference.startsWith('-')).toBe(true);
    expect(b).toMatchObject({ closed_at: null, underpaid: 0 });
    expect(b.charged).toEqual(shiftB.report.reconciliation.charged);
  });

  test('another day: empty, and none of today\'s shifts that closed or opened outside it', async () => {
    const res = await t.api('GET', '/v1/reports/daily?date=2020-01-01');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ date: '2020-01-01', totals: { sales: { count: 0 } }, by_network: [], shifts: [], outside_shifts: { sales: 0, charged: [] } });
    expect(res.body.data.by_hour.every((h: any) => h.sessions === 0 && h.gross === '0.00')).toBe(true);
  });
});

describe('CSV and the printable page', () => {
  test('`format=csv`: the documented columns, a line per figure', async () => {
    const res = await t.api('GET', `/v1/reports/daily?date=${day.date}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="day-${day.date}.csv"`);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,item,currency,network,sales,gross,tips,refunds,fees,net,charged,received,difference');
    const r = day.totals.reporting;
    expect(lines[1]).toBe(`total,${day.date},${r.currency},,4,${r.gross},${r.tips},${r.refunds},${r.fees},${r.net},,,`);
    const usdt = day.totals.by_coin_network.find((l: any) => l.currency === 'USDT');
    expect(lines).toContain(`coin_network,USDT ethereum,USDT,ethereum,2,${usdt.gross},${usdt.tips},${usdt.refunds},${usdt.fees},${usdt.net},,,`);
    expect(lines.filter((l) => l.startsWith('hour,'))).toHaveLength(24);
    expect(lines).toContain(`outside_shifts,no shift,USD,,1,,,,,,3.00,3.00,0.00`);
    expect(lines.filter((l) => l.startsWith('shift,'))).toHaveLength(2);
  });

  test('`format=html`: a printable page that loads and runs nothing', async () => {
    const res = await t.api('GET', `/v1/reports/daily?date=${day.date}&format=html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(res.text).toContain(`day report ${day.date}`);
    expect(res.text).toContain(shiftA.id);
    expect(res.text).toContain('Sales outside any shift: 1');
    expect(res.text).not.toMatch(/<script|<link|src=/);
  });
});

describe('bad input and roles', () => {
  test.each([['2026-02-30'], ['2026-13-01'], ['yesterday'], ['2026-1-1']])('date %s is 400 with param date', async (date) => {
    expectError(await t.api('GET', `/v1/reports/daily?date=${date}`), 400, 'parameter_invalid', 'date');
  });

  test('an unknown format or parameter is 400', async () => {
    expectError(await t.api('GET', '/v1/reports/daily?format=pdf'), 400, 'parameter_invalid', 'format');
    expect((await t.api('GET', '/v1/reports/daily?till=till-a')).status).toBe(400);
  });

  test('a cashier may not read the day: 403 role_forbidden', async () => {
    expectError(await t.api('GET', '/v1/reports/daily', { key: cashier }), 403, 'role_forbidden', null);
  });

  test('the live key reads its own mode\'s day: none of the test sales', async () => {
    const res = await t.api('GET', '/v1/reports/daily', { key: t.liveKey });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.totals.sales.count).toBe(0);
  });
});

describe('cost', () => {
  // Last in the file: it adds sales to the day.
  test('reading the day sends as many statements with nine sales as with four: sales are read a chunk at a time, not one by one', async () => {
    const statements = async () => (await measureRequests(() => t.api('GET', '/v1/reports/daily'))).reduce((n, c) => n + c.sql.length, 0);
    await statements(); // caches filled, statements prepared
    const withFour = await statements();
    for (const value of ['1.00', '2.00', '3.00', '4.00', '5.00']) await createSession(t, value, 'USD');
    const withNine = (await t.api('GET', '/v1/reports/daily')).body.data;
    expect(withNine.totals.sales.count - day.totals.sales.count).toBe(5);
    expect(await statements()).toBe(withFour);
  });
});
