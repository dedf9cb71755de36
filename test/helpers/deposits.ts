/**
 * Helpers for the unmatched-deposit tests on the devnets (issue 17), whatever the network: the clock
 * move that ends a session's monitoring window, a network's deposits read over the API, bounded waits
 * for a transfer to be listed and for a deposit to reach a state, and the owner's three resolutions
 * (attribute, refund, dismiss) checked end to end the same way on every network, so each network's
 * file says only how money moves on its chain.
 */
import { expect } from 'vitest';
import { createSession, waitFor, waitForSession } from './evm-chain.js';
import { expectError, type TestCore } from './test-core.js';

const MINUTE = 60_000;
/** The merchant's default expiry (15 min) and monitoring window (24 h), and a minute more. */
export const PAST_WINDOW = 15 * MINUTE + 24 * 60 * MINUTE + MINUTE;

/** A transfer in a block listed: the watcher's next pass or two on a devnet mining every 0.2–0.25 s, with room for a loaded machine. */
export const LISTED_MS = 10_000;

type Api = Pick<TestCore, 'api'>;

/** The network's deposits in the caller's mode, newest first (one page: the tests make fewer than 100). */
export async function depositsOf(t: Api, network: string): Promise<any[]> {
  return (await t.api('GET', `/v1/deposits?network=${network}&limit=100`)).body.data.items;
}

/** Waits until the transfer `txId` is listed on `network`; returns every deposit listed for it (once, if all is well). */
export function listedOnce(t: Api, network: string, txId: string, timeoutMs = LISTED_MS): Promise<any[]> {
  return waitFor(async () => {
    const found = (await depositsOf(t, network)).filter((d: any) => d.tx_hash === txId);
    return found.length > 0 ? found : undefined;
  }, timeoutMs, `the ${network} deposit ${txId} listed`);
}

export async function depositOf(t: Api, id: string): Promise<any> {
  return (await t.api('GET', `/v1/deposits/${id}`)).body.data;
}

/**
 * Waits until the deposit `id` has the network's confirmations (`confirmed`: only then may it be
 * attributed or refunded, and its `confirmations` stop changing), and returns it as then listed.
 */
export function confirmedDeposit(t: Api, id: string, timeoutMs: number): Promise<any> {
  return waitFor(async () => {
    const d = await depositOf(t, id);
    return d.confirmed ? d : undefined;
  }, timeoutMs, `the deposit ${id} confirmed`);
}

/** Event types of an object, newest first, as `GET /v1/events` lists them. */
export async function eventTypes(t: Api, objectId: string): Promise<string[]> {
  return (await t.api('GET', `/v1/events?object_id=${objectId}&limit=100`)).body.data.items.map((e: any) => e.type);
}

/** Ledger entries, newest first (`GET /v1/balance/transactions`). */
export async function ledger(t: Api): Promise<any[]> {
  return (await t.api('GET', '/v1/balance/transactions?limit=100')).body.data.items;
}

/** The merchant's money as the owner sees it: `GET /v1/balance` and `GET /v1/balance/summary`. */
export async function moneyShown(t: Api): Promise<{ balance: any; summary: any }> {
  const balance = (await t.api('GET', '/v1/balance')).body.data;
  const summary = (await t.api('GET', '/v1/balance/summary')).body.data;
  return { balance, summary };
}

/**
 * Attributes `deposit` (unmatched, a supported coin) to a new session waiting for exactly its amount
 * (`value`, the amount in the session's pricing precision), priced in its coin, and checks that it pays it as a payment would: SUCCEEDED once the watcher has
 * counted its confirmations (within `confirmMs`), the transfer its one payment, booked once in the
 * ledger, the session's usual events and `deposit.attributed`; still one deposit for the transfer.
 * @returns the session, SUCCEEDED
 */
export async function expectAttributionCompletesSession(t: Pick<TestCore, 'api' | 'merchantId'>, deposit: any, value: string, confirmMs: number): Promise<any> {
  const s = await createSession(t, value, deposit.currency);
  expect(s.status).toBe('PENDING');
  const res = await t.api('POST', `/v1/deposits/${deposit.id}/attribute`, { body: { session_id: s.session_id } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({ id: deposit.id, status: 'attributed', session_id: s.session_id, refund_id: null, resolved_at: expect.any(String) });

  // Its confirmations are counted by the network's watcher, as any payment's.
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', confirmMs);
  expect(done).toMatchObject({ exception: null, amount_received: { value: s.amount.value, currency: deposit.currency } });
  expect(done.payments.map((p: any) => [p.tx_hash, p.from, p.status])).toEqual([[deposit.tx_hash, deposit.from, 'confirmed']]);
  const booked = (await ledger(t)).filter((e: any) => e.source === s.session_id);
  expect(booked.map((e: any) => [e.type, e.amount.value, e.amount.currency])).toEqual([['payment', s.amount.value, deposit.currency]]);
  // Still one deposit for the transfer, however many passes the watcher made since.
  expect((await depositsOf(t, deposit.network)).filter((d: any) => d.tx_hash === deposit.tx_hash)).toEqual([
    expect.objectContaining({ id: deposit.id, status: 'attributed', session_id: s.session_id }),
  ]);
  expect(await eventTypes(t, deposit.id)).toEqual(['deposit.attributed', 'deposit.unmatched']);
  expect(await eventTypes(t, s.session_id)).toEqual([
    'payment_session.succeeded',
    'payment_session.processing',
    'payment_session.payment_detected',
    'payment_session.created',
  ]);
  return done;
}

/**
 * Refunds `deposit` (unmatched, a supported coin, from a wallet that is no contract) and checks that
 * test mode's refund wallet pays it back through the refund machinery: the refund made at once to the
 * sender for the deposit's amount, named by the deposit; once it SUCCEEDED (within `refundMs`) the
 * sender's token balance read from the chain (`senderBalance`) has risen by exactly the deposit's base
 * units, the deposit is `refunded` with `deposit.refunded`, nothing was debited from the ledger, and a
 * second refund is refused (never paid twice).
 * @returns the refund, SUCCEEDED
 */
export async function expectRefundPaysSenderBack(t: Api, deposit: any, senderBalance: () => Promise<bigint>, refundMs: number): Promise<any> {
  const before = await senderBalance();
  const ledgerBefore = await ledger(t);
  const res = await t.api('POST', `/v1/deposits/${deposit.id}/refund`, { body: {} });
  expect(res.status, res.text).toBe(200);
  const refund = res.body.data;
  expect(refund).toMatchObject({
    object: 'refund',
    deposit_id: deposit.id,
    session_id: null,
    network: deposit.network,
    destination_address: deposit.from,
    destination_source: 'payer',
    amount: { currency: deposit.currency },
    // The deposit's own base units, not its amount rounded to the app's six decimals.
    payout: { method: 'wallet', amount_base: deposit.amount_base },
  });
  expect(await depositOf(t, deposit.id)).toMatchObject({ status: 'unmatched', refund_id: refund.id });

  const after = await waitFor(async () => {
    const d = await depositOf(t, deposit.id);
    return d.status === 'refunded' ? d : false;
  }, refundMs, `the deposit ${deposit.id} refunded`);
  expect(after).toMatchObject({ refund_id: refund.id, session_id: null, resolved_at: expect.any(String) });
  const paid = (await t.api('GET', `/v1/refunds/${refund.id}`)).body.data;
  expect(paid).toMatchObject({ status: 'SUCCEEDED', payout: { tx_hash: expect.any(String) } });
  expect(await senderBalance()).toBe(before + BigInt(deposit.amount_base));
  expect(await eventTypes(t, deposit.id)).toEqual(['deposit.refunded', 'deposit.unmatched']);
  // Never in the ledger, so nothing is taken out of it.
  const entries = await ledger(t);
  expect(entries.filter((e: any) => e.source === refund.id || e.source === deposit.id)).toEqual([]);
  expect(entries).toEqual(ledgerBefore);

  // Never paid twice.
  expectError(await t.api('POST', `/v1/deposits/${deposit.id}/refund`, { body: {} }), 409, 'invalid_state');
  expect((await t.api('GET', '/v1/refunds?limit=100')).body.data.items.filter((r: any) => r.deposit_id === deposit.id).map((r: any) => r.id)).toEqual([refund.id]);
  return paid;
}

/** Dismisses `deposit` with a note and checks it is `dismissed`, with `deposit.dismissed`, and that balances, their summary and the ledger stay as they were. */
export async function expectDismissedOutOfBalances(t: Api, deposit: any, note: string): Promise<void> {
  const before = await moneyShown(t);
  const ledgerBefore = await ledger(t);
  const res = await t.api('POST', `/v1/deposits/${deposit.id}/dismiss`, { body: { note } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({ id: deposit.id, status: 'dismissed', note, session_id: null, refund_id: null, resolved_at: expect.any(String) });
  expect(await depositOf(t, deposit.id)).toEqual(res.body.data);
  expect(await moneyShown(t)).toEqual(before);
  expect(await ledger(t)).toEqual(ledgerBefore);
  expect(await eventTypes(t, deposit.id)).toEqual(['deposit.dismissed', 'deposit.unmatched']);
  expectError(await t.api('POST', `/v1/deposits/${deposit.id}/refund`, { body: {} }), 409, 'invalid_state');
}
