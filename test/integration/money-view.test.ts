/**
 * What owners see of the money, over HTTP: a session's gross, fee, refunds and net (`booked`), both
 * CSV exports with those columns and, in the `excel` format, a UTF-8 byte order mark and amounts as
 * text cells, and `GET /v1/balance/summary` (pending and available in parts, daily net sales that
 * count refunds). Ledger entries are written through the ledger service on the same data dir (as in
 * csv-export.test.ts): the chain path that books them is tested in test/chain/evm-ledger.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import { shapeA, sqliteDb, startTestCore, type TestCore } from '../helpers/test-core.js';

const BOM = '\uFEFF';

/** A CSV export as bytes decoded with its byte order mark kept (fetch's `text()` drops it). */
async function csvText(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(t.url + path, { headers: { authorization: `Bearer ${t.testKey}` } });
  return { status: res.status, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

let t: TestCore;
let sessionId: string;

/** Runs `write` with the core's services on the test core's data dir, in one transaction. */
async function withLedger(write: (s: CoreServices) => Promise<void>): Promise<void> {
  const s = await createServices(resolveConfig({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }));
  try {
    await s.tx(() => write(s));
  } finally {
    await s.close();
  }
}

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' } } });
  const res = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'USDT', { description: 'Café au lait' }) });
  expect(res.status, res.text).toBe(200);
  sessionId = res.body.data.session_id;
  // The session as a paid one is: SUCCEEDED, its 12.50 USDT booked with 1.5% + 0.10 fee (0.2875).
  await withLedger(async (s) => {
    sqliteDb(s).$client.prepare("UPDATE payment_sessions SET status = 'SUCCEEDED' WHERE id = ?").run(sessionId);
    await s.ledger.postInTransaction({
      merchantId: t.merchantId,
      livemode: false,
      type: 'payment',
      currency: 'USDT',
      amountMinor: 12_500_000n,
      feeMinor: 287_500n,
      settlesAt: Date.now() + 86_400_000,
      sourceId: sessionId,
      description: `Payment for session ${sessionId}`,
    });
  });
});
afterAll(async () => {
  await t?.stop();
});

describe('a session\'s fee and net', () => {
  test('GET /v1/payment/sessions/{id} has the booked gross, fee, refunds and net', async () => {
    const s = (await t.api('GET', `/v1/payment/sessions/${sessionId}`)).body.data;
    expect(s.booked).toEqual([{ currency: 'USDT', gross: '12.500000', tip: '0.000000', fee: '0.287500', refunded: '0.000000', net: '12.212500' }]);
  });

  test('a session not SUCCEEDED has nothing booked', async () => {
    const res = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '3.00', 'USD') });
    expect(res.body.data.booked).toEqual([]);
  });
});

describe('CSV exports', () => {
  test('sessions.csv carries coin, gross, fee, refunded and net; plain by default (no BOM, amounts as numbers)', async () => {
    const csv = await csvText('/v1/payment/sessions.csv?amount=12.50');
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.split('\r\n');
    expect(csv.text.startsWith(BOM)).toBe(false);
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]));
    expect(cells).toMatchObject({ session_id: sessionId, amount: '12.500000', coin: 'USDT', gross: '12.500000', fee: '0.287500', refunded: '0.000000', net: '12.212500' });
  });

  test('sessions.csv?format=excel starts with the UTF-8 BOM and writes amounts as text cells', async () => {
    const csv = await csvText('/v1/payment/sessions.csv?amount=12.50&format=excel');
    expect(csv.status).toBe(200);
    expect(csv.text.startsWith(`${BOM}session_id,created_at,`)).toBe(true);
    const row = csv.text.split('\r\n')[1]!;
    expect(row).toContain(',USDT,"=""12.500000""","=""0.287500""","=""0.000000""","=""12.212500""",Café au lait,');
    // The date stays ISO 8601.
    expect(row).toMatch(new RegExp(`^${sessionId},\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z,SUCCEEDED,`));
  });

  test('balance/transactions.csv?format=excel starts with the BOM; amount (gross), fee and net are text cells', async () => {
    const csv = await csvText('/v1/balance/transactions.csv?type=payment&format=excel');
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.split('\r\n');
    expect(header).toBe(`${BOM}id,created_at,type,currency,amount,fee,net,status,available_on,source,description,tip`);
    expect(row).toContain(',payment,USDT,"=""12.500000""","=""0.287500""","=""12.212500""",pending_until_available_on,');
  });

  test('an unknown format is a 400 in the contract\'s shape', async () => {
    const res = await t.api('GET', '/v1/payment/sessions.csv?format=xlsx');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'format' });
  });
});

describe('GET /v1/balance/summary', () => {
  test('pending in parts adds up to the account; daily net counts fees and refunds', async () => {
    // A 2.00 USDT refund of the session's money, taken from pending, as the refund service writes it.
    await withLedger(async (s) => {
      const [group] = await s.ledger.upcoming({ merchantId: t.merchantId, livemode: false, via: 'api_key', role: 'owner' } as never);
      await s.ledger.postInTransaction({
        merchantId: t.merchantId,
        livemode: false,
        type: 'refund',
        currency: 'USDT',
        amountMinor: -2_000_000n,
        feeMinor: 0n,
        settlesAt: group!.availableOn,
        sourceId: 're_test',
        description: `Refund re_test of session ${sessionId}`,
      });
    });
    const summary = (await t.api('GET', '/v1/balance/summary?days=7')).body.data;
    const balance = (await t.api('GET', '/v1/balance')).body.data;
    const usdt = summary.accounts.find((a: { currency: string }) => a.currency === 'USDT');
    expect(usdt.pending).toEqual({
      gross: { value: '12.500000', currency: 'USDT' },
      tips: { value: '0.000000', currency: 'USDT' },
      fees: { value: '0.287500', currency: 'USDT' },
      refunds: { value: '2.000000', currency: 'USDT' },
      conversions: { value: '0.000000', currency: 'USDT' },
      net: { value: '10.212500', currency: 'USDT' },
    });
    expect(usdt.pending.net).toEqual(balance.accounts.find((a: { currency: string }) => a.currency === 'USDT').pending);
    expect(usdt.available.net.value).toBe('0.000000');

    expect(summary.time_zone).toBe('UTC');
    const usdtDays = summary.days.filter((d: { currency: string }) => d.currency === 'USDT');
    expect(usdtDays).toHaveLength(7);
    const today = usdtDays.at(-1);
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect([today.gross.value, today.fees.value, today.refunds.value, today.net.value]).toEqual(['12.500000', '0.287500', '2.000000', '10.212500']);
    expect(usdtDays.slice(0, -1).every((d: { net: { value: string } }) => d.net.value === '0.000000')).toBe(true);
  });

  test('days outside 1–90 is a 400 naming the parameter', async () => {
    const res = await t.api('GET', '/v1/balance/summary?days=91');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ param: 'days' });
  });
});
