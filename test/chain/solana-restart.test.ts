/**
 * Solana payments across a restart of the app, and late payments. The chain is a surfnet the test runs
 * itself (0.05 s slots), given to the core as its `solana` RPC endpoint, so it keeps running, with its
 * history, while the core is stopped: a payment made then is found on the next start from the
 * watcher's persisted cursor (the last signature of each merchant token account), once.
 *
 * Late payments: a payment's timeliness is judged by its block's time (surfnet's is the wall clock)
 * against `expires_at`, while the core's clock (`t.advance`) decides when the session EXPIRES.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { CoreConfig } from '../../src/config.js';
import { budget, createSession, getSession, outboxEvents, paymentRows, waitForSession } from '../helpers/evm-chain.js';
import { CONFIRM_MS, openTokenAccount, type OwnSurfnet, slotOf, SolanaPayer, solanaOption, startOwnSurfnet, testMerchantWalletOf, waitForSolanaPayable } from '../helpers/solana-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const MINUTE = 60_000;
/** A core on an RPC endpoint: the database, the server, the first watcher pass. */
const CORE_MS = 15_000;

let dir: string;
let chain: OwnSurfnet;
let config: Partial<CoreConfig>;
let t: TestCore;
let wallet: PublicKey;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-solana-restart-'));
  chain = await startOwnSurfnet();
  config = {
    dataDir: join(dir, 'data'),
    networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: chain.network } },
    chainPollMs: 100,
    // The expiry timer re-reads the (test-moved) clock at least this often.
    expiryMaxSleepMs: 100,
  };
  t = await startTestCore(config);
  // The merchant's token accounts, opened by the test (test mode opens them only on its own devnet).
  wallet = testMerchantWalletOf(t.dataDir);
  await openTokenAccount(chain, chain.coins.USDT, wallet);
  await openTokenAccount(chain, chain.coins.USDC, wallet);
  await waitForSolanaPayable(t);
}, 60_000);

afterAll(async () => {
  await t?.stop().catch(() => undefined);
  chain?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const solanaOf = async (api: Pick<TestCore, 'api'>) => (await api.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'solana');

test('payments made while the app was stopped are found on the next start, from the persisted cursor, once', async () => {
  // chain_id is null for Solana in the API (a genesis hash is no number); the core checks it against the RPC all the same.
  expect(await solanaOf(t)).toMatchObject({ status: 'ready', devnet: false, chain_id: null, rpc_url: chain.rpcUrl });
  // A payment before the stop: the watcher's cursor is stored past it.
  const before = await createSession(t, '1.00');
  await new SolanaPayer(chain).pay(chain.coins.USDT, solanaOption(before), 1_000_000n);
  await waitForSession(t, before.session_id, (x) => x.status === 'SUCCEEDED');
  const s = await createSession(t, '12.50');
  const other = await createSession(t, '3.00');
  await t.stop();

  const payer = new SolanaPayer(chain);
  const paid = await payer.pay(chain.coins.USDT, solanaOption(s), 12_500_000n);
  const paidUsdc = await new SolanaPayer(chain).pay(chain.coins.USDC, solanaOption(other, 'USDC'), 3_000_000n);

  t = await startTestCore(config);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000, 'the payment found after the restart');
  expect(done.exception).toBeNull();
  expect(done.payments).toEqual([
    expect.objectContaining({ network: 'solana', currency: 'USDT', tx_hash: paid, from: payer.address, amount: '12.500000', status: 'confirmed', block_number: await slotOf(chain.connection, paid) }),
  ]);
  const done2 = await waitForSession(t, other.session_id, (x) => x.status === 'SUCCEEDED', 10_000, 'the USDC payment found after the restart');
  expect(done2.payments).toEqual([expect.objectContaining({ currency: 'USDC', tx_hash: paidUsdc })]);
  // Once each, and the payment before the stop not again.
  const rows = (await paymentRows(t.dataDir));
  expect(rows.filter((r) => r.tx_hash === paid)).toHaveLength(1);
  expect((await getSession(t, before.session_id)).payments).toHaveLength(1);
  expect((await outboxEvents(t.dataDir, s.session_id)).map((e) => e.type).filter((x) => x !== 'payment_session.processing')).toEqual([
    'payment_session.created',
    'payment_session.payment_detected',
    'payment_session.succeeded',
  ]);
  expect(await solanaOf(t)).toMatchObject({ status: 'ready', last_error: null });
}, budget([CONFIRM_MS, 10_000, CORE_MS, CONFIRM_MS, CONFIRM_MS, CORE_MS, 10_000, 10_000]));

test('expired by the app\'s clock, but paid in a block timed before expires_at: on time, SUCCEEDED', async () => {
  const s = await createSession(t, '2.00');
  t.advance(16 * MINUTE); // past the default 15-minute expiry, by the app's clock only
  try {
    await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);
    const sig = await new SolanaPayer(chain).pay(chain.coins.USDT, solanaOption(s), 2_000_000n);
    expect(((await chain.connection.getBlockTime(await slotOf(chain.connection, sig))) ?? 0) * 1000).toBeLessThan(Date.parse(s.expires_at));
    const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
    expect(done).toMatchObject({ exception: null, resolved_by: null });
  } finally {
    t.advance(-16 * MINUTE); // the next test sets its own clock from the wall clock
  }
}, budget([5_000, CONFIRM_MS, 10_000]));

test('a payment in a block timed after expires_at, within the monitoring window: EXPIRED with PAID_LATE', async () => {
  // A session whose expires_at has passed by the chain's (wall) clock: created with the app's clock
  // two minutes back, expiring a minute later (the shortest expiry allowed).
  t.advance(-2 * MINUTE);
  const created = await t.api('POST', '/v1/payment/sessions', { body: { merchant_id: t.merchantId, amount: { value: '2.50', currency: 'USD' }, expires_at: new Date(Date.now() - 2 * MINUTE + MINUTE + 5_000).toISOString() } });
  expect(created.status, created.text).toBe(200);
  const s = created.body.data;
  t.advance(2 * MINUTE);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);

  const payer = new SolanaPayer(chain);
  const sig = await payer.pay(chain.coins.USDC, solanaOption(s, 'USDC'), 2_500_000n);
  const blockTime = ((await chain.connection.getBlockTime(await slotOf(chain.connection, sig))) ?? 0) * 1000;
  expect(blockTime).toBeGreaterThan(Date.parse(s.expires_at));

  const late = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'confirmed', 10_000);
  expect(late).toMatchObject({ status: 'EXPIRED', exception: 'PAID_LATE', amount_received: { value: '2.50', currency: 'USD' } });
  expect(late.payments).toEqual([expect.objectContaining({ tx_hash: sig, from: payer.address, currency: 'USDC' })]);
  expect((await outboxEvents(t.dataDir, s.session_id)).map((e) => e.type).filter((x) => x !== 'payment_session.processing')).toEqual([
    'payment_session.created',
    'payment_session.expired',
    'payment_session.payment_detected',
    'payment_session.exception',
  ]);
  const resolved = await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`);
  expect(resolved.body.data).toMatchObject({ status: 'SUCCEEDED', resolved_by: 'owner', exception: 'PAID_LATE' });
}, budget([5_000, CONFIRM_MS, 10_000]));
