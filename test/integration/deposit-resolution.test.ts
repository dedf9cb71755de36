/**
 * Resolving unmatched deposits through the real services and HTTP app (no chain; a watcher's scans are
 * applied as chain-integration applies them, and refunds use a stand-in network whose payouts are paid
 * by hand): attributing one completes a session as a payment would (state machine, ledger, events,
 * counted once), refunding goes through the refund machinery (the deposit `refunded` when its refund
 * succeeds, never twice), dismissing keeps it out for good; conflicts, bad input, owner only,
 * idempotency, list filters, and a restart on the same data dir changing nothing. The same on the real
 * devnets: test/chain/solana-deposits.test.ts, evm-deposit-resolution.test.ts and tron-deposit-resolution.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { UnmatchedTransfer } from '../../src/domain/chain-scan.js';
import type { PayoutPort } from '../../src/domain/payout.js';
import { buildApp } from '../../src/http/app.js';
import type { ChainScan } from '../../src/services/payment-recorder.js';
import type { RefundNetwork } from '../../src/services/refund-service.js';
import { NO_CHAINS } from '../../src/services/chain-handlers.js';
import { checkedInject } from '../helpers/openapi-responses.js';
import { RpcCheckService } from '../../src/services/rpc-check.js';

const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const OTHER_MINT = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo'; // PYUSD: a token the app does not support
const MERCHANT_ATA = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const CUSTOMER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

let dataDir: string;
let s: CoreServices;
let app: FastifyInstance;
let inject: ReturnType<typeof checkedInject>;
let testKey: string;
let liveKey: string;
let cashier: string;
let merchantId: string;
let nextSlot = 5000;
let head = 0;

/** Test mode's Solana, as refunds see it: nothing is signed (no refund wallet), the owner pays by hand. */
const payouts = {
  head: async () => head,
  isContract: async () => false,
  request: (token: string, to: string, amount: bigint) => `solana:${to}?amount=${amount}&spl-token=${token}`,
  requestContent: 'uri',
} as unknown as PayoutPort;
const solana: RefundNetwork = { network: 'solana', livemode: false, confirmations: 1, tokens: { USDT: { contract: USDT_MINT, decimals: 6 } }, payouts };

async function open(): Promise<void> {
  const config = resolveConfig({ dataDir, rateFeed: { source: 'off' } });
  s = await createServices(config, {}, {
    handlers: NO_CHAINS,
    refundNetworks: { get: (n, live) => (n === 'solana' && !live ? solana : undefined), all: () => [solana] },
    watched: () => [],
  });
  app = await buildApp({
    services: { ...s, networks: () => [], rpcCheck: new RpcCheckService({ probe: async () => null, now: config.now }), uiMode: 'test', now: config.now, publicBaseUrl: () => 'http://127.0.0.1' },
    authenticate: s.authenticate,
    rateLimit: { max: 100_000, windowMs: 1000 },
    logger: false,
  });
  await app.ready();
  inject = checkedInject(app);
}

async function close(): Promise<void> {
  await app?.close();
  await s?.close();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stablepos-deposit-resolution-'));
  await open();
  merchantId = (await s.merchants.defaultMerchant()).id;
  testKey = (await s.apiKeys.create(merchantId, 'test')).secret;
  liveKey = (await s.apiKeys.create(merchantId, 'live')).secret;
  await s.users.add(merchantId, { name: 'Owner', role: 'owner', pin: '2580' });
  await s.users.add(merchantId, { name: 'Cashier', role: 'cashier', pin: '1357' });
  cashier = (await inject({ method: 'POST', url: '/v1/ui/sessions', payload: { user: 'Cashier', pin: '1357' } })).json().data.token;
});

afterAll(async () => {
  await close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, key = testKey) => inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
const post = (url: string, payload: unknown, key = testKey, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${key}`, ...headers } });

/** A transfer of `amount` base units into the merchant's token account that named no session. */
function transfer(amount: bigint, over: Partial<UnmatchedTransfer> = {}): UnmatchedTransfer {
  const slot = nextSlot++;
  return {
    txId: `sig${slot}${'y'.repeat(80)}`.slice(0, 88),
    eventIndex: 0,
    blockNumber: slot,
    blockRef: `hash${slot}`,
    blockTime: Date.now() - 60_000,
    currency: 'USDT',
    tokenContract: USDT_MINT,
    decimals: 6,
    from: CUSTOMER,
    to: MERCHANT_ATA,
    amountBase: amount,
    reason: 'no_reference',
    ...over,
  };
}

/** One Solana watcher pass at `head` that found `found` (as chain-integration hands it to the recorder). */
function pass(found: UnmatchedTransfer[], livemode = false): ChainScan {
  head = Math.max(head, nextSlot + 40);
  return { network: 'solana', livemode, confirmations: 1, chainId: 'genesis', head, cursor: `c${head}`, blocks: [], transfers: [], unmatched: found };
}

/** Records one unmatched deposit and returns it as the API shows it. */
async function deposit(amount: bigint, over: Partial<UnmatchedTransfer> = {}, livemode = false): Promise<any> {
  const t = transfer(amount, over);
  await s.payments.apply(pass([t], livemode));
  const items = (await get('/v1/deposits?limit=100', livemode ? liveKey : testKey)).json().data.items;
  return items.find((d: any) => d.tx_hash === t.txId);
}

async function session(value: string, extra: Record<string, unknown> = {}, key = testKey): Promise<any> {
  const res = await post('/v1/payment/sessions', { merchant_id: merchantId, amount: { value, currency: 'USDT' }, ...extra }, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const eventsOf = async (objectId: string) => (await get(`/v1/events?object_id=${objectId}&limit=100`)).json().data.items.map((e: any) => e.type).reverse();
const ledger = async () => (await get('/v1/balance/transactions?limit=100')).json().data.items;

function expectError(res: { statusCode: number; json(): any }, status: number, code: string, param?: string | null): void {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json().error).toMatchObject({ code, ...(param !== undefined && { param }) });
}

describe('attribute', () => {
  test('a deposit attributed to a waiting session pays it as a payment would: SUCCEEDED once confirmed, booked once, with the session\'s and the deposit\'s events', async () => {
    const d = await deposit(3_000_000n);
    const ps = await session('3.00');
    const res = await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: d.id, status: 'attributed', session_id: ps.session_id, refund_id: null, resolved_by: expect.any(String), resolved_at: expect.any(String) });

    // A payment carrying the deposit's transfer, waiting for its confirmations like any other.
    let view = (await get(`/v1/payment/sessions/${ps.session_id}`)).json().data;
    expect(view.status).toBe('PROCESSING');
    expect(view.payments).toEqual([expect.objectContaining({ tx_hash: d.tx_hash, log_index: 0, status: 'detected' })]);
    // The watcher's next pass counts its confirmations, and it reports the transfer as unmatched again
    // (its scans do not know it was attributed): nothing new is recorded, the payment stays.
    await s.payments.apply(pass([transfer(3_000_000n, { txId: d.tx_hash, blockNumber: d.block_number, blockRef: `hash${d.block_number}` })]));
    view = (await get(`/v1/payment/sessions/${ps.session_id}`)).json().data;
    expect(view).toMatchObject({ status: 'SUCCEEDED', exception: null, amount_received: { value: '3.000000', currency: 'USDT' } });
    expect(view.payments).toEqual([expect.objectContaining({ tx_hash: d.tx_hash, status: 'confirmed' })]);
    expect((await get('/v1/deposits?limit=100')).json().data.items.filter((x: any) => x.tx_hash === d.tx_hash)).toHaveLength(1);

    const booked = (await ledger()).filter((e: any) => e.source === ps.session_id && e.type === 'payment');
    expect(booked.map((e: any) => e.amount.value)).toEqual(['3.000000']);
    expect(await eventsOf(d.id)).toEqual(['deposit.unmatched', 'deposit.attributed']);
    expect(await eventsOf(ps.session_id)).toEqual(['payment_session.created', 'payment_session.payment_detected', 'payment_session.processing', 'payment_session.succeeded']);

    // Never counted twice: once attributed, nothing else may happen to it.
    const other = await session('3.00');
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: other.session_id }), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${d.id}/refund`, {}), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${d.id}/dismiss`, { note: 'no' }), 409, 'invalid_state');
    expect((await get(`/v1/payment/sessions/${other.session_id}`)).json().data.status).toBe('PENDING');
  });

  test('to a SUCCEEDED session it is an overpayment (OVERPAID, the extra booked); arriving after an EXPIRED session\'s deadline it is PAID_LATE, for the owner to resolve', async () => {
    const paid = await session('1.00');
    const first = await deposit(1_000_000n);
    await post(`/v1/deposits/${first.id}/attribute`, { session_id: paid.session_id });
    await s.payments.apply(pass([]));
    expect((await get(`/v1/payment/sessions/${paid.session_id}`)).json().data).toMatchObject({ status: 'SUCCEEDED', exception: null });
    const extra = await deposit(500_000n);
    expect((await post(`/v1/deposits/${extra.id}/attribute`, { session_id: paid.session_id })).statusCode).toBe(200);
    await s.payments.apply(pass([]));
    expect((await get(`/v1/payment/sessions/${paid.session_id}`)).json().data).toMatchObject({ status: 'SUCCEEDED', exception: 'OVERPAID', amount_received: { value: '1.500000' } });
    expect((await ledger()).filter((e: any) => e.source === paid.session_id && e.type === 'payment').map((e: any) => e.amount.value).sort()).toEqual(['0.500000', '1.000000']);

    const expiring = await session('2.00', { expires_at: new Date(Date.now() + 61_000).toISOString() });
    const late = await deposit(2_000_000n, { blockTime: Date.now() + 3_600_000 });
    expect((await post(`/v1/deposits/${late.id}/attribute`, { session_id: expiring.session_id })).statusCode).toBe(200);
    await s.payments.apply(pass([]));
    expect((await get(`/v1/payment/sessions/${expiring.session_id}`)).json().data).toMatchObject({ status: 'EXPIRED', exception: 'PAID_LATE' });
    expect((await post(`/v1/payment/sessions/${expiring.session_id}/resolve`, {})).json().data).toMatchObject({ status: 'SUCCEEDED', exception: 'PAID_LATE' });
  });

  test('counted once: a transfer recorded as a payment is never also a deposit, and an attributed deposit\'s payment survives a reorganisation that keeps its transfer', async () => {
    const paid = transfer(6_000_000n);
    await s.payments.apply({ ...pass([]), transfers: [{ ...paid, currency: 'USDT' }] });
    await s.payments.apply(pass([paid])); // the same transfer, reported as paying no session
    expect((await get('/v1/deposits?limit=100')).json().data.items.some((x: any) => x.tx_hash === paid.txId)).toBe(false);

    const d = await deposit(6_000_000n);
    const ps = await session('6.00');
    await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id });
    // A reorganisation below its block: the rescan finds the same transfer again (as unmatched, as ever).
    const kept = transfer(6_000_000n, { txId: d.tx_hash, blockNumber: d.block_number, blockRef: `hash${d.block_number}` });
    await s.payments.apply({ ...pass([kept]), reorgAncestor: d.block_number - 1 });
    const view = (await get(`/v1/payment/sessions/${ps.session_id}`)).json().data;
    expect(view.payments).toEqual([expect.objectContaining({ tx_hash: d.tx_hash, status: 'confirmed' })]);
    expect(view.status).toBe('SUCCEEDED');
  });

  test('bad input: no such session, another mode\'s session, no session_id, a token the app does not support, no such deposit', async () => {
    const d = await deposit(4_000_000n);
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: 'ps_nope' }), 404, 'resource_missing', 'session_id');
    const live = await session('4.00', {}, liveKey);
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: live.session_id }), 404, 'resource_missing', 'session_id');
    expectError(await post(`/v1/deposits/${d.id}/attribute`, {}), 400, 'parameter_missing', 'session_id');
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: 'x', extra: 1 }), 400, 'parameter_unknown', 'extra');
    const other = await deposit(4_000_000n, { currency: null, tokenContract: OTHER_MINT, reason: 'no_reference' });
    const ps = await session('4.00');
    expectError(await post(`/v1/deposits/${other.id}/attribute`, { session_id: ps.session_id }), 409, 'invalid_state');
    expectError(await post('/v1/deposits/dep_nope/attribute', { session_id: ps.session_id }), 404, 'resource_missing', 'id');
    // Nothing changed on either.
    expect((await get(`/v1/deposits/${d.id}`)).json().data.status).toBe('unmatched');
    expect((await get(`/v1/payment/sessions/${ps.session_id}`)).json().data).toMatchObject({ status: 'PENDING', payments: [] });
  });
});

describe('confirmations and reorganisations (issue 26)', () => {
  /** A Solana pass at an explicit head (the finalized slot), found `found`, maybe after a reorganisation. */
  const passAt = (at: number, found: UnmatchedTransfer[], reorgAncestor?: number): ChainScan => ({
    ...pass(found),
    head: at,
    cursor: `c${at}-${nextSlot}`,
    ...(reorgAncestor !== undefined && { reorgAncestor }),
  });
  /** Records `t` at a head that has not yet finalized its slot. */
  async function early(t: UnmatchedTransfer): Promise<any> {
    await s.payments.apply(passAt(t.blockNumber - 1, [t]));
    return (await get('/v1/deposits?limit=100')).json().data.items.find((d: any) => d.tx_hash === t.txId);
  }

  test('refund and attribute answer 409 deposit_unconfirmed until the deposit has the network\'s confirmations (Solana: its slot finalized), then go through', async () => {
    const t = transfer(1_250_000n);
    const d = await early(t);
    expect(d).toMatchObject({ status: 'unmatched', confirmations: 0, confirmed: false, block_number: t.blockNumber, block_hash: t.blockRef });
    const ps = await session('1.25');
    expectError(await post(`/v1/deposits/${d.id}/refund`, {}), 409, 'deposit_unconfirmed');
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id }), 409, 'deposit_unconfirmed');
    expect((await get(`/v1/deposits/${d.id}`)).json().data).toMatchObject({ status: 'unmatched', refund_id: null });
    expect((await get(`/v1/payment/sessions/${ps.session_id}`)).json().data).toMatchObject({ status: 'PENDING', payments: [] });

    // Its slot finalized: counted by the next pass as a payment is, and now it may be attributed.
    await s.payments.apply(passAt(t.blockNumber, []));
    expect((await get(`/v1/deposits/${d.id}`)).json().data).toMatchObject({ confirmations: 1, confirmed: true });
    expect((await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id })).statusCode).toBe(200);

    const r = await early(transfer(700_000n));
    expectError(await post(`/v1/deposits/${r.id}/refund`, {}), 409, 'deposit_unconfirmed');
    await s.payments.apply(passAt(r.block_number + 5, []));
    expect((await post(`/v1/deposits/${r.id}/refund`, {})).statusCode).toBe(200);
  });

  test('a reorganisation that drops an unconfirmed deposit orphans it (deposit.orphaned), out of the inbox, never attributed nor refunded; mined again, it is unmatched again with its new block', async () => {
    const t = transfer(2_500_000n);
    const d = await early(t);
    await s.payments.apply(passAt(t.blockNumber, [], t.blockNumber - 1)); // the rescan did not find it
    expect((await get(`/v1/deposits/${d.id}`)).json().data).toMatchObject({ status: 'orphaned', confirmations: 0, confirmed: false });
    expect(await eventsOf(d.id)).toEqual(['deposit.unmatched', 'deposit.orphaned']);
    const inbox = (await get('/v1/deposits?status=unmatched&limit=100')).json().data.items;
    expect(inbox.some((x: any) => x.id === d.id)).toBe(false);
    expect((await get('/v1/deposits?status=orphaned&limit=100')).json().data.items.map((x: any) => x.id)).toContain(d.id);
    const ps = await session('2.50');
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id }), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${d.id}/refund`, {}), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${d.id}/dismiss`, { note: 'x' }), 409, 'invalid_state');
    // Counting goes on without it: a later pass far ahead leaves it orphaned, never "confirmed" by height.
    await s.payments.apply(passAt(t.blockNumber + 100, []));
    expect((await get(`/v1/deposits/${d.id}`)).json().data).toMatchObject({ status: 'orphaned', confirmed: false });

    // The same transaction mined again in a later block: the money did arrive after all.
    const again = { ...t, blockNumber: t.blockNumber + 101, blockRef: `rehash${t.blockNumber}` };
    await s.payments.apply(passAt(again.blockNumber + 1, [again]));
    expect((await get(`/v1/deposits/${d.id}`)).json().data).toMatchObject({ status: 'unmatched', block_number: again.blockNumber, block_hash: again.blockRef, confirmations: 2, confirmed: true });
    expect(await eventsOf(d.id)).toEqual(['deposit.unmatched', 'deposit.orphaned', 'deposit.unmatched']);
    expect((await get(`/v1/payment/sessions/${ps.session_id}`)).json().data).toMatchObject({ status: 'PENDING', payments: [] });
  });

  test('an attributed deposit\'s payment is confirmed by the watcher\'s next pass, never at once by its height: a reorganisation before it orphans the payment and the deposit, and nothing is booked', async () => {
    const t = transfer(4_400_000n);
    const d = await early(t);
    await s.payments.apply(passAt(t.blockNumber, []));
    const ps = await session('4.40');
    expect((await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id })).statusCode).toBe(200);
    expect((await get(`/v1/payment/sessions/${ps.session_id}`)).json().data.payments).toEqual([expect.objectContaining({ status: 'detected' })]);
    // The next pass found its block replaced (a reorganisation deeper than the confirmations): the rescan lacks it.
    await s.payments.apply(passAt(t.blockNumber + 3, [], t.blockNumber - 1));
    const view = (await get(`/v1/payment/sessions/${ps.session_id}`)).json().data;
    expect(view.payments).toEqual([expect.objectContaining({ tx_hash: t.txId, status: 'orphaned' })]);
    expect(view.status).not.toBe('SUCCEEDED');
    expect((await ledger()).filter((e: any) => e.source === ps.session_id)).toEqual([]);
    expect((await get(`/v1/deposits/${d.id}`)).json().data.status).toBe('orphaned');
    expect(await eventsOf(d.id)).toEqual(['deposit.unmatched', 'deposit.attributed', 'deposit.orphaned']);
    await s.payments.apply(passAt(t.blockNumber + 50, []));
    expect((await get(`/v1/payment/sessions/${ps.session_id}`)).json().data.payments).toEqual([expect.objectContaining({ status: 'orphaned' })]);
  });

  test('a wrong_asset deposit (a contract the network does not offer, even under an offered coin\'s name) is never attributed: 409 invalid_state; refunded, it goes back by its own contract and decimals', async () => {
    const FAKE_USDT = 'FakeUsdtMint1111111111111111111111111111111';
    const d = await deposit(5_000_000_000n, { currency: 'USDT', tokenContract: FAKE_USDT, decimals: 9, reason: 'wrong_asset' });
    const ps = await session('5.00');
    const res = await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id });
    expectError(res, 409, 'invalid_state');
    expect(res.json().error.message).toMatch(/refund it/);
    expect((await get(`/v1/payment/sessions/${ps.session_id}`)).json().data).toMatchObject({ status: 'PENDING', payments: [] });
    const refund = await post(`/v1/deposits/${d.id}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({ token_contract: FAKE_USDT, amount: { value: '5.000000' }, payout: { amount_base: '5000000000' } });
  });

  test('what could never be done is refused as such even before the confirmations: an unsupported token (attribute, refund) and a wrong_asset deposit (attribute) are 409 invalid_state, never deposit_unconfirmed ("retry")', async () => {
    const found = [
      transfer(3_000_000n, { currency: null, tokenContract: OTHER_MINT, reason: 'unsupported_token' }),
      transfer(3_000_000n, { tokenContract: 'FakeUsdtMint2222222222222222222222222222222', reason: 'wrong_asset' }),
    ];
    // One pass, before either slot is finalized (each pass counts every unconfirmed deposit).
    await s.payments.apply(passAt(found[0]!.blockNumber - 1, found));
    const listed = (await get('/v1/deposits?limit=100')).json().data.items;
    const [other, wrong] = found.map((t) => listed.find((d: any) => d.tx_hash === t.txId));
    expect([other.confirmed, wrong.confirmed]).toEqual([false, false]);
    const ps = await session('3.00');
    expectError(await post(`/v1/deposits/${other.id}/attribute`, { session_id: ps.session_id }), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${other.id}/refund`, {}), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${wrong.id}/attribute`, { session_id: ps.session_id }), 409, 'invalid_state');
    // Sent back by its own contract it can be, once confirmed: until then, retry.
    expectError(await post(`/v1/deposits/${wrong.id}/refund`, {}), 409, 'deposit_unconfirmed');
  });
});

describe('refund', () => {
  test('through the refund machinery: the exact amount to the sender, the deposit shows the refund at once and is refunded when it succeeds, never twice', async () => {
    const d = await deposit(2_345_678n);
    const res = await post(`/v1/deposits/${d.id}/refund`, { reason: 'customer asked' });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().data;
    expect(first).toMatchObject({
      object: 'refund',
      status: 'PENDING',
      session_id: null,
      deposit_id: d.id,
      amount: { value: '2.345678', currency: 'USDT' },
      network: 'solana',
      token_contract: USDT_MINT,
      destination_address: CUSTOMER,
      destination_source: 'payer',
      payment: { tx_hash: d.tx_hash, log_index: 0, from: CUSTOMER },
      reason: 'customer asked',
      payout: { method: 'manual', amount_base: '2345678' },
    });
    expect((await get(`/v1/deposits/${d.id}`)).json().data).toMatchObject({ status: 'unmatched', refund_id: first.id });
    // One refund at a time, and nothing else while it holds the money.
    expectError(await post(`/v1/deposits/${d.id}/refund`, {}), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${d.id}/dismiss`, { note: 'x' }), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: (await session('2.35')).session_id }), 409, 'invalid_state');

    // Canceled, the deposit may be refunded again.
    expect((await post(`/v1/refunds/${first.id}/cancel`, {})).json().data.status).toBe('CANCELED');
    const second = (await post(`/v1/deposits/${d.id}/refund`, {})).json().data;
    expect(second.id).not.toBe(first.id);
    // The owner pays it by hand; the watcher sees the transfer and it confirms.
    expect(await s.refunds.matchManual('solana', false, { txId: 'payout-sig', to: CUSTOMER, tokenContract: USDT_MINT, amountBase: 2_345_678n, blockTime: Date.now() })).toBe(true);
    await s.refunds.progress(second.id, 9000, 1, 1);
    expect((await get(`/v1/refunds/${second.id}`)).json().data.status).toBe('SUCCEEDED');
    expect((await get(`/v1/deposits/${d.id}`)).json().data).toMatchObject({ status: 'refunded', refund_id: second.id, resolved_at: expect.any(String) });
    expect(await eventsOf(d.id)).toEqual(['deposit.unmatched', 'deposit.refunded']);
    expectError(await post(`/v1/deposits/${d.id}/refund`, {}), 409, 'invalid_state');
    // The deposit was never booked, so its refund debits nothing.
    expect((await ledger()).filter((e: any) => e.source === first.id || e.source === second.id)).toEqual([]);
  });

  test('a token the app does not support cannot be paid out (409, to send back by hand); a bad destination is 400; a mode with no network is 503', async () => {
    const other = await deposit(1_000_000n, { currency: null, tokenContract: OTHER_MINT });
    expectError(await post(`/v1/deposits/${other.id}/refund`, {}), 409, 'invalid_state');
    const d = await deposit(1_000_000n);
    expectError(await post(`/v1/deposits/${d.id}/refund`, { destination_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }), 400, 'parameter_invalid', 'destination_address');
    const live = await deposit(1_000_000n, {}, true);
    expectError(await post(`/v1/deposits/${live.id}/refund`, {}, liveKey), 503, 'network_unavailable');
    for (const x of [other, d]) expect((await get(`/v1/deposits/${x.id}`)).json().data).toMatchObject({ status: 'unmatched', refund_id: null });
  });
});

describe('refunded before it succeeded', () => {
  test('a paid-late session refunded in part, then resolved, books only what it kept; the refund canceled afterwards, its money is booked then', async () => {
    const ps = await session('3.00', { expires_at: new Date(Date.now() + 61_000).toISOString() });
    const onTime = await deposit(1_000_000n);
    const late = await deposit(500_000n, { blockTime: Date.now() + 3_600_000 });
    for (const d of [onTime, late]) expect((await post(`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id })).statusCode).toBe(200);
    await s.payments.apply(pass([]));
    expect((await get(`/v1/payment/sessions/${ps.session_id}`)).json().data).toMatchObject({ status: 'EXPIRED', exception: 'PAID_LATE', amount_received: { value: '1.500000' } });

    // The customer's money, outside the balance: its refund debits nothing.
    const refund = await post('/v1/refunds', { session_id: ps.session_id, amount: { value: '0.50', currency: 'USDT' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await ledger()).filter((e: any) => e.source === ps.session_id || e.source === refund.json().data.id)).toEqual([]);

    // Resolved by hand, it books what it kept: 1.50 received less the 0.50 paid back.
    const resolved = await post(`/v1/payment/sessions/${ps.session_id}/resolve`, {});
    expect(resolved.statusCode, resolved.body).toBe(200);
    const view = resolved.json().data;
    expect(view).toMatchObject({ status: 'SUCCEEDED', amount_received: { value: '1.500000' }, amount_refunded: { value: '0.500000' } });
    expect(view.booked).toEqual([expect.objectContaining({ currency: 'USDT', gross: '1.000000', refunded: '0.000000' })]);
    const payments = async () => (await ledger()).filter((e: any) => e.source === ps.session_id && e.type === 'payment').map((e: any) => e.amount.value).sort();
    expect(await payments()).toEqual(['1.000000']);

    // The refund canceled: the 0.50 is the shop's after all, booked as a new entry (percentage fee only).
    expect((await post(`/v1/refunds/${refund.json().data.id}/cancel`, {})).json().data.status).toBe('CANCELED');
    expect(await payments()).toEqual(['0.500000', '1.000000']);
    const after = (await get(`/v1/payment/sessions/${ps.session_id}`)).json().data;
    expect(after).toMatchObject({ amount_refunded: { value: '0.000000' }, booked: [expect.objectContaining({ gross: '1.500000', refunded: '0.000000' })] });
    const topUp = (await ledger()).find((e: any) => e.source === ps.session_id && e.amount.value === '0.500000');
    expect(topUp.fee.value).toBe('0.007500');
  });
});

describe('dismiss', () => {
  test('dismissed with its note, out of balances for good, a deposit.dismissed event; a note is required', async () => {
    const d = await deposit(9_000_000n);
    expectError(await post(`/v1/deposits/${d.id}/dismiss`, {}), 400, 'parameter_missing', 'note');
    expectError(await post(`/v1/deposits/${d.id}/dismiss`, { note: '' }), 400, 'parameter_invalid', 'note');
    const before = await ledger();
    const res = await post(`/v1/deposits/${d.id}/dismiss`, { note: 'our own test transfer' });
    expect(res.json().data).toMatchObject({ status: 'dismissed', note: 'our own test transfer', session_id: null, refund_id: null, resolved_at: expect.any(String) });
    expect(await eventsOf(d.id)).toEqual(['deposit.unmatched', 'deposit.dismissed']);
    expect(await ledger()).toEqual(before);
    expectError(await post(`/v1/deposits/${d.id}/dismiss`, { note: 'again' }), 409, 'invalid_state');
    expectError(await post(`/v1/deposits/${d.id}/attribute`, { session_id: (await session('9.00')).session_id }), 409, 'invalid_state');
  });

  test('Idempotency-Key: the same request again replays the answer and writes nothing more', async () => {
    const d = await deposit(1_500_000n);
    const headers = { 'idempotency-key': `dismiss-${d.id}` };
    const first = await post(`/v1/deposits/${d.id}/dismiss`, { note: 'duplicate' }, testKey, headers);
    const again = await post(`/v1/deposits/${d.id}/dismiss`, { note: 'duplicate' }, testKey, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await eventsOf(d.id)).toEqual(['deposit.unmatched', 'deposit.dismissed']);
    expectError(await post(`/v1/deposits/${d.id}/dismiss`, { note: 'other' }, testKey, headers), 409, 'idempotency_key_reused');
  });
});

describe('access and lists', () => {
  test('owner only in both modes: a cashier gets 403 role_forbidden and changes nothing', async () => {
    const d = await deposit(1_000_000n);
    const ps = await session('1.00');
    for (const [url, body] of [
      [`/v1/deposits/${d.id}/attribute`, { session_id: ps.session_id }],
      [`/v1/deposits/${d.id}/refund`, {}],
      [`/v1/deposits/${d.id}/dismiss`, { note: 'x' }],
    ] as const) {
      const res = await post(url, body, cashier);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('role_forbidden');
    }
    expect((await get(`/v1/deposits/${d.id}`)).json().data.status).toBe('unmatched');
  });

  test('filters: status, currency (a coin, or `other` for unsupported tokens), created_gte/created_lt; unknown values are 400 with their param', async () => {
    const all = (await get('/v1/deposits?limit=100')).json().data.items;
    for (const status of ['unmatched', 'attributed', 'refunded', 'dismissed']) {
      const items = (await get(`/v1/deposits?status=${status}&limit=100`)).json().data.items;
      expect(items.length, status).toBeGreaterThan(0);
      expect(items.map((x: any) => x.id)).toEqual(all.filter((x: any) => x.status === status).map((x: any) => x.id));
    }
    expect((await get('/v1/deposits?currency=other&limit=100')).json().data.items.map((x: any) => x.id)).toEqual(all.filter((x: any) => x.currency === null).map((x: any) => x.id));
    expect((await get('/v1/deposits?currency=USDT&limit=100')).json().data.items.map((x: any) => x.id)).toEqual(all.filter((x: any) => x.currency === 'USDT').map((x: any) => x.id));
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`/v1/deposits?created_gte=${future}`)).json().data.items).toEqual([]);
    expect((await get(`/v1/deposits?created_lt=${future}&limit=100`)).json().data.items).toHaveLength(all.length);
    for (const [query, param] of [
      ['status=lost', 'status'],
      ['currency=DAI', 'currency'],
      ['created_gte=yesterday', 'created_gte'],
      ['created_lt=2026-13-01', 'created_lt'],
      ['starting_after=dep_nope', 'starting_after'],
    ]) {
      const res = await get(`/v1/deposits?${query}`);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.json().error, query).toMatchObject({ param });
    }
  });

  test('a restart on the same data dir changes nothing: every deposit, session, ledger entry and event as before', async () => {
    const snapshot = async () => ({
      deposits: (await get('/v1/deposits?limit=100')).json().data.items,
      sessions: (await get('/v1/payment/sessions?limit=100')).json().data.items,
      ledger: await ledger(),
      events: (await get('/v1/events?limit=100')).json().data.items.map((e: any) => e.id),
      refunds: (await get('/v1/refunds?limit=100')).json().data.items,
    });
    const before = await snapshot();
    await close();
    await open();
    expect(await snapshot()).toEqual(before);
  });
});
