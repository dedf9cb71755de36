/**
 * The ledger end to end on a devnet: a paid session books gross, fee and net, pending until 00:00 of
 * the next day in the merchant's time zone; the settlement job then makes it available exactly once
 * (a `balance.available` event), conversions move available funds between accounts, and the
 * transactions list, its filters and the CSV export show every entry. The core's clock is moved
 * (`t.advance`) to cross midnight; the chain's clock is not needed.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { budget, createSession, option, PAY_MS, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestCore;
let eth: Devnet;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } },
    devnetBlockTimeSeconds: 0.2,
    confirmations: { ethereum: 2 },
    expiryMaxSleepMs: 100, // timers re-read the (test-advanced) clock at least this often
  });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 60_000);
afterAll(async () => t?.stop());

const balance = async () => (await t.api('GET', '/v1/balance')).body.data;
const account = (b: any, currency: string) => b.accounts.find((a: any) => a.currency === currency);
const settlementEvents = () => {
  const db = new Database(join(t.dataDir, 'stablepos.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT payload FROM events WHERE type = 'balance.available' ORDER BY seq").all() as { payload: string }[]).map((r) => JSON.parse(r.payload));
  } finally {
    db.close();
  }
};

/** The waits of paidSession, for a test's budget: mintAndPay, then SUCCEEDED. */
const PAID_SESSION = [PAY_MS, 15_000];

async function paidSession(value: string, coin: 'USDT' | 'USDC' = 'USDT'): Promise<any> {
  const s = await createSession(t, value, coin);
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: coin, to: option(s, 'ethereum', coin).address, amountBaseUnits: BigInt(Math.round(Number(value) * 1e6)) });
  return waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 15_000);
}

test('a new shop has empty USDT and USDC accounts and a zero total in its reporting currency', async () => {
  const b = await balance();
  expect(b.accounts).toEqual([
    { currency: 'USDC', available: { value: '0.000000', currency: 'USDC' }, pending: { value: '0.000000', currency: 'USDC' } },
    { currency: 'USDT', available: { value: '0.000000', currency: 'USDT' }, pending: { value: '0.000000', currency: 'USDT' } },
  ]);
  expect(b.total).toEqual({ currency: 'USD', available: { value: '0.00', currency: 'USD' }, pending: { value: '0.00', currency: 'USD' }, missing_rates: [] });
  expect(b.upcoming_settlements).toEqual([]);
});

test('a 100 USDT payment is 98.40 pending and 0 available; past midnight it becomes available, once', async () => {
  const s = await paidSession('100');
  const entries = (await t.api('GET', `/v1/balance/transactions?source=${s.session_id}`)).body.data.items;
  expect(entries).toHaveLength(1);
  const e = entries[0];
  expect(e).toMatchObject({
    object: 'balance_transaction',
    type: 'payment',
    currency: 'USDT',
    amount: { value: '100.000000', currency: 'USDT' },
    fee: { value: '1.600000', currency: 'USDT' },
    net: { value: '98.400000', currency: 'USDT' },
    status: 'pending_until_available_on',
    source: s.session_id,
  });
  // 00:00 UTC (the default time zone) of the day after the payment was booked.
  const booked = Date.parse(e.created_at);
  expect(Date.parse(e.available_on)).toBe(Math.floor(booked / DAY) * DAY + DAY);
  expect((await t.api('GET', `/v1/balance/transactions/${e.id}`)).body.data).toEqual(e);

  let b = await balance();
  expect(account(b, 'USDT')).toEqual({ currency: 'USDT', available: { value: '0.000000', currency: 'USDT' }, pending: { value: '98.400000', currency: 'USDT' } });
  expect(b.total).toMatchObject({ available: { value: '0.00' }, pending: { value: '98.40' } });
  expect(b.upcoming_settlements).toEqual([expect.objectContaining({ currency: 'USDT', amount: { value: '98.400000', currency: 'USDT' }, available_on: e.available_on, status: 'scheduled', entry_count: 1 })]);
  expect(settlementEvents()).toEqual([]);

  // The clock crosses midnight: the settlement job moves it, and says so once.
  t.advance(Date.parse(e.available_on) - Date.now() + 1_000);
  b = await waitFor(async () => {
    const now = await balance();
    return account(now, 'USDT').available.value === '98.400000' ? now : false;
  }, 5_000, 'the settlement');
  expect(account(b, 'USDT').pending.value).toBe('0.000000');
  expect(b.upcoming_settlements).toEqual([]);
  await new Promise((r) => setTimeout(r, 400)); // several more timer rounds: nothing settles twice
  const events = settlementEvents();
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    object: 'settlement',
    currency: 'USDT',
    amount: { value: '98.400000', currency: 'USDT' },
    status: 'settled',
    available_on: e.available_on,
    balance: { currency: 'USDT', available: { value: '98.400000', currency: 'USDT' }, pending: { value: '0.000000', currency: 'USDT' } },
  });
  expect(account(await balance(), 'USDT').available.value).toBe('98.400000');
}, budget([...PAID_SESSION, 5_000]));

test('the merchant\'s time zone decides the midnight; the fee follows the merchant\'s settings', async () => {
  const patched = await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { time_zone: 'Asia/Kolkata', fee: { percent: '2', fixed: { value: '0.25', currency: 'USD' } } } } });
  expect(patched.status).toBe(200);
  expect(patched.body.data.settings).toMatchObject({ time_zone: 'Asia/Kolkata', fee: { percent: '2', fixed: { value: '0.25', currency: 'USD' } } });
  expectError(await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { time_zone: 'Mars/Olympus' } } }), 400, 'parameter_invalid', 'settings.time_zone');
  expectError(await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { fee: { percent: '101' } } } }), 400, 'parameter_invalid', 'settings.fee.percent');

  const s = await paidSession('10', 'USDC');
  const [e] = (await t.api('GET', `/v1/balance/transactions?source=${s.session_id}`)).body.data.items;
  // 2% of 10 = 0.20, plus 0.25: 0.45; net 9.55.
  expect(e).toMatchObject({ currency: 'USDC', amount: { value: '10.000000' }, fee: { value: '0.450000' }, net: { value: '9.550000' } });
  // Midnight in Kolkata (UTC+5:30) is 18:30 UTC.
  const at = new Date(e.available_on);
  expect([at.getUTCHours(), at.getUTCMinutes()]).toEqual([18, 30]);
  expect(Date.parse(e.available_on) - Date.parse(e.created_at)).toBeGreaterThan(0);
  expect(Date.parse(e.available_on) - Date.parse(e.created_at)).toBeLessThanOrEqual(DAY);
  await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { time_zone: 'UTC', fee: { percent: '1.5', fixed: { value: '0.10', currency: 'USD' } } } } });
}, budget(PAID_SESSION));

test('conversions move available funds only, at the quoted rate, with a fee line', async () => {
  // 98.40 USDT is available (first test). 50 USDT → EUR at the test table (1 EUR = 1.08 USD):
  // 50 / 1.08 = 46.296… → 46.29 EUR (never rounded up); fee 0.5% = 0.23145 → 0.23; credited 46.06.
  const quote = await t.api('POST', '/v1/conversions/quote', { body: { from: { value: '50', currency: 'USDT' }, to: 'EUR' } });
  expect(quote.status).toBe(200);
  expect(quote.body.data).toMatchObject({ object: 'conversion_quote', from: { value: '50.000000', currency: 'USDT' }, gross: { value: '46.29', currency: 'EUR' }, fee: { value: '0.23' }, to: { value: '46.06' }, rate_source: 'test' });

  expectError(await t.api('POST', '/v1/conversions', { body: { from: { value: '51', currency: 'USDT' }, to: 'EUR', quote_id: quote.body.data.id } }), 400, 'parameter_invalid', 'quote_id');
  const done = await t.api('POST', '/v1/conversions', { body: { from: { value: '50', currency: 'USDT' }, to: 'EUR', quote_id: quote.body.data.id } });
  expect(done.status).toBe(200);
  expect(done.body.data).toMatchObject({ object: 'conversion', to: { value: '46.06', currency: 'EUR' }, fee: { value: '0.23' }, quote_id: quote.body.data.id, automatic: false });
  // A quote is used once.
  expectError(await t.api('POST', '/v1/conversions', { body: { from: { value: '50', currency: 'USDT' }, to: 'EUR', quote_id: quote.body.data.id } }), 404, 'resource_missing', 'quote_id');

  const b = await balance();
  expect(account(b, 'USDT').available.value).toBe('48.400000');
  expect(account(b, 'EUR')).toEqual({ currency: 'EUR', available: { value: '46.06', currency: 'EUR' }, pending: { value: '0.00', currency: 'EUR' } });
  const entries = (await t.api('GET', `/v1/balance/transactions?source=${done.body.data.id}`)).body.data.items;
  expect(entries.map((x: any) => [x.type, x.currency, x.amount.value, x.net.value]).sort()).toEqual([
    ['conversion', 'EUR', '46.29', '46.29'],
    ['conversion', 'USDT', '-50.000000', '-50.000000'],
    ['fee', 'EUR', '-0.23', '-0.23'],
  ]);

  // Pending funds (the 9.55 USDC of the previous test) cannot be converted, nor more than is available.
  expectError(await t.api('POST', '/v1/conversions', { body: { from: { value: '1', currency: 'USDC' }, to: 'EUR' } }), 409, 'amount_too_large', 'from.value');
  expectError(await t.api('POST', '/v1/conversions', { body: { from: { value: '48.400001', currency: 'USDT' }, to: 'EUR' } }), 409, 'amount_too_large', 'from.value');
  expectError(await t.api('POST', '/v1/conversions', { body: { from: { value: '1', currency: 'USDT' }, to: 'USDT' } }), 400, 'parameter_invalid', 'to');
  expectError(await t.api('POST', '/v1/conversions', { body: { from: { value: '1.5', currency: 'JPY' }, to: 'USDT' } }), 400, 'parameter_invalid', 'from.value');
  const list = (await t.api('GET', '/v1/conversions')).body.data;
  expect(list.items.map((c: any) => c.id)).toEqual([done.body.data.id]);
  expect((await t.api('GET', `/v1/conversions/${done.body.data.id}`)).body.data).toEqual(done.body.data);
  expectError(await t.api('GET', `/v1/conversions/${done.body.data.id}`, { key: t.liveKey }), 404, 'resource_missing', 'id');
});

test('the transactions list pages and filters; the CSV export has every entry; live mode sees none of it', async () => {
  const all = (await t.api('GET', '/v1/balance/transactions?limit=100')).body.data;
  expect(all.items.length).toBe(5);
  const page1 = (await t.api('GET', '/v1/balance/transactions?limit=2')).body.data;
  expect(page1.has_more).toBe(true);
  const page2 = (await t.api('GET', `/v1/balance/transactions?limit=2&starting_after=${page1.items[1].id}`)).body.data;
  const back = (await t.api('GET', `/v1/balance/transactions?limit=2&ending_before=${page2.items[0].id}`)).body.data;
  expect(back.items.map((x: any) => x.id)).toEqual(page1.items.map((x: any) => x.id));
  expect([...page1.items, ...page2.items].map((x: any) => x.id)).toEqual(all.items.slice(0, 4).map((x: any) => x.id));
  expect((await t.api('GET', '/v1/balance/transactions?type=payment')).body.data.items.every((x: any) => x.type === 'payment')).toBe(true);
  expect((await t.api('GET', '/v1/balance/transactions?currency=eur')).body.data.items.map((x: any) => x.type).sort()).toEqual(['conversion', 'fee']);
  const future = new Date(Date.now() + 10 * DAY).toISOString();
  expect((await t.api('GET', `/v1/balance/transactions?available_on_gte=${future}`)).body.data.items).toEqual([]);
  expectError(await t.api('GET', '/v1/balance/transactions?type=bonus'), 400, 'parameter_invalid', 'type');
  expectError(await t.api('GET', '/v1/balance/transactions?created_gte=yesterday'), 400, 'parameter_invalid', 'created_gte');
  expectError(await t.api('GET', '/v1/balance/transactions?colour=red'), 400, 'parameter_unknown', 'colour');
  expectError(await t.api('GET', '/v1/balance/transactions/txn_nope'), 404, 'resource_missing', 'id');

  const csv = await t.api('GET', '/v1/balance/transactions.csv');
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  const lines = csv.text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,created_at,type,currency,amount,fee,net,status,available_on,source,description,tip');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(all.items.map((x: any) => x.id));
  expect(lines[lines.length - 1]).toContain(',payment,USDT,100.000000,1.600000,98.400000,');
  expectError(await t.api('GET', '/v1/balance/transactions.csv?created_lt=soon'), 400, 'parameter_invalid', 'created_lt');

  expect((await t.api('GET', '/v1/balance/transactions', { key: t.liveKey })).body.data.items).toEqual([]);
  const live = (await t.api('GET', '/v1/balance', { key: t.liveKey })).body.data;
  expect(live.livemode).toBe(true);
  expect(live.accounts.every((a: any) => /^0\.0+$/.test(a.available.value) && /^0\.0+$/.test(a.pending.value))).toBe(true);
});

test('with a settlement currency set, settled funds convert into it automatically, with their fee line', async () => {
  expect((await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { settlement_currency: 'eur' } } })).body.data.settings.settlement_currency).toBe('EUR');
  const before = account(await balance(), 'EUR').available.value;
  const s = await paidSession('20', 'USDC');
  const [e] = (await t.api('GET', `/v1/balance/transactions?source=${s.session_id}`)).body.data.items;
  expect(e.net.value).toBe('19.600000'); // 20 − (0.30 + 0.10)
  t.advance(Date.parse(e.available_on) - Date.now() + 1_000);
  const conversion = await waitFor(async () => {
    const list = (await t.api('GET', '/v1/conversions')).body.data.items;
    return list.find((c: any) => c.automatic && c.from.value === '19.600000');
  }, 5_000, 'the automatic conversion');
  // 19.60 USDC at 1/1.08 = 18.148… → 18.14 EUR, fee 0.5% = 0.0907 → 0.09; credited 18.05.
  expect(conversion).toMatchObject({ from: { value: '19.600000', currency: 'USDC' }, gross: { value: '18.14' }, fee: { value: '0.09' }, to: { value: '18.05', currency: 'EUR' }, automatic: true });
  // The 9.55 USDC of the time-zone test settled in the same sweep and converted too: 9.55 / 1.08 =
  // 8.842… → 8.84, fee 0.0442 → 0.04, credited 8.80. Nothing is left in USDC.
  const automatic = (await t.api('GET', '/v1/conversions')).body.data.items.filter((c: any) => c.automatic);
  expect(automatic.map((c: any) => [c.from.value, c.to.value]).sort()).toEqual([['19.600000', '18.05'], ['9.550000', '8.80']]);
  const b = await balance();
  expect(account(b, 'USDC')).toMatchObject({ available: { value: '0.000000' }, pending: { value: '0.000000' } });
  expect(Math.round((Number(account(b, 'EUR').available.value) - Number(before)) * 100)).toBe(1805 + 880);
  // Switched off again, later settlements stay in their coin.
  expect((await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { settlement_currency: null } } })).body.data.settings.settlement_currency).toBeNull();
}, budget([...PAID_SESSION, 5_000]));

test('sessions filter by the network they were paid on; test-mode payments have no explorer link', async () => {
  const paid = (await t.api('GET', '/v1/payment/sessions?network=ethereum&limit=100')).body.data.items;
  expect(paid.length).toBeGreaterThanOrEqual(3);
  expect(paid.every((s: any) => s.payments.some((p: any) => p.network === 'ethereum' && p.explorer_url === null))).toBe(true);
  expect((await t.api('GET', '/v1/payment/sessions?network=bsc')).body.data.items).toEqual([]);
});

test('the balance equals the sum of the ledger, account by account', async () => {
  const db = new Database(join(t.dataDir, 'stablepos.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const sums = db.prepare('SELECT currency, livemode, SUM(net_minor) AS net FROM balance_transactions GROUP BY currency, livemode').all() as { currency: string; livemode: number; net: number }[];
    const accounts = db.prepare('SELECT currency, livemode, available_minor + pending_minor AS total FROM funds_accounts').all() as { currency: string; livemode: number; total: number }[];
    expect(accounts.map((a) => [a.currency, a.livemode, a.total]).sort()).toEqual(sums.map((s) => [s.currency, s.livemode, s.net]).sort());
  } finally {
    db.close();
  }
});
