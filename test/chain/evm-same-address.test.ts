/**
 * The same deposit address on every EVM network (issue 31, item 4; docs/payments.md, "One address on
 * every EVM network"): a customer who pays on Base to the address the session shows for Ethereum is
 * found. The payment counts at the rate and decimals of the coin on Base, with Base's own confirmations,
 * and the session, the customer's status page and the transactions filter name Base. Money sent on a
 * network the shop has turned off is not seen while it is off, and is found once the shop turns the
 * network on, while the session's address is still watched.
 *
 * Two devnets of the core (ethereum and base, test mode), blocks mined by the test (automine off for the
 * confirmations), paid from outside wallets with viem. Confirmations differ on purpose (ethereum 2,
 * base 4), so a payment counted with the wrong network's would show.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_CHAIN_IDS, type Devnet, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { budget, createSession, devAccountKey, devnetRpc, evmDevnetOf, getSession, mine, option, outboxEvents, receipt, RECEIPT_MS, TestWallet, uriAmount, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const CONFIRMATIONS = { ethereum: 2, base: 4 };
/** The other families and EVM networks stay off: this file is about ethereum and base alone. */
const OTHERS = { bsc: 'off', tron: 'off', solana: 'off' } as const;
/** Base left to the shop's switch in Settings (off by default). */
const SHOP_CHOOSES_BASE: CoreConfig['networks'] = { test: { ethereum: 'devnet', ...OTHERS } };
/** Waits for a state the watcher reaches within a block or two (a 100 ms poll on devnets), with room for a loaded machine. */
const SEEN_MS = 10_000;

let dir: string;
let t: TestCore | undefined;
const core = () => t!;
/** The shop's machine: the core on one data dir (its devnets' chains kept in it), started as configured. */
async function start(networks: CoreConfig['networks']): Promise<TestCore> {
  await t?.core.stop();
  t = await startTestCore({ dataDir: join(dir, 'data'), networks, devnetBlockTimeSeconds: 0, confirmations: CONFIRMATIONS });
  return t;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-same-address-'));
  await start(SHOP_CHOOSES_BASE);
}, 60_000);

afterAll(async () => {
  await t?.core.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const networkOf = async (network: string) => (await core().api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === network);

test('paid on Base while the shop has Base off: not seen then, found once Base is turned on', async () => {
  // Deadlines a day ahead: the payment must still be in the address's window when Base comes on.
  const expires_at = new Date(Date.now() + 23 * 3600_000).toISOString();
  const s = await createSession(core(), '6.00', 'USD', { expires_at });
  expect(s.payment_options.map((o: any) => o.network)).not.toContain('base');
  expect(await networkOf('base')).toMatchObject({ status: 'off', enabled: false });
  const address = option(s, 'ethereum', 'USDC').address as Address;

  // Base's chain goes on without the shop: here the same devnet the core runs once Base is on (its
  // state file in the data dir), started by the test while the core has Base off.
  const stateFile = join(dir, 'data', 'devnet', 'base.json');
  const base: Devnet = await startDevnet({ network: 'base', chainId: DEVNET_CHAIN_IDS.base!, stateFile, blockTimeSeconds: 0 });
  let paid;
  try {
    const payer = new TestWallet(base, devAccountKey(5));
    paid = await payer.pay(base.tokens.USDC, address, 6n * 10n ** BigInt(base.decimals.USDC));
    await receipt(base, paid.transfer.hash);
  } finally {
    await base.stop();
  }
  // Nothing watches Base: the session is as it was.
  const unseen = await getSession(core(), s.session_id);
  expect(unseen).toMatchObject({ status: 'PENDING', payments: [] });

  // The shop turns Base on in Settings (PATCH /v1/networks/base), which applies at the next start. Its
  // watcher has never run: it starts from the oldest watched deposit's block (docs/payments.md, "a
  // first run"), so the payment made before is read.
  const on = await core().api('PATCH', '/v1/networks/base', { body: { enabled: true } });
  expect(on.status).toBe(200);
  await start(SHOP_CHOOSES_BASE);
  const baseDevnet = evmDevnetOf(core().core.chains, 'base');
  expect(await networkOf('base')).toMatchObject({ status: 'ready', chain_id: DEVNET_CHAIN_IDS.base });
  await mine(baseDevnet, CONFIRMATIONS.base);
  const done = await waitForSession(core(), s.session_id, (x) => x.status === 'SUCCEEDED', SEEN_MS, 'the payment made while Base was off');
  expect(done.exception).toBeNull();
  expect(done.payments).toHaveLength(1);
  expect(done.payments[0]).toMatchObject({ network: 'base', currency: 'USDC', tx_hash: paid.transfer.hash, amount: '6.000000', status: 'confirmed' });
}, budget([RECEIPT_MS, 30_000, SEEN_MS], 20_000));

test('paid on Base to the address shown for Ethereum: counted at the coin\'s rate on Base, with Base\'s confirmations, and named Base', async () => {
  const base = evmDevnetOf(core().core.chains, 'base');
  const eth = evmDevnetOf(core().core.chains, 'ethereum');
  // From here on a block exists on either devnet only when the test mines one.
  await devnetRpc(base)('evm_setAutomine', [false]);
  await devnetRpc(eth)('evm_setAutomine', [false]);

  const s = await createSession(core(), '10.00', 'EUR');
  const shown = option(s, 'ethereum', 'USDC');
  const onBase = option(s, 'base', 'USDC');
  // One deposit address for the family; the coin's quote is the same on both networks; the URI names Base.
  expect(onBase.address).toBe(shown.address);
  expect(onBase.rate).toBe(shown.rate);
  expect(onBase.amount_due).toBe(shown.amount_due);
  expect(onBase.uri).toContain(`@${base.chainId}/transfer?address=${shown.address}&`);
  expect(uriAmount(onBase.uri)).toBe(10_800_000n * 10n ** BigInt(base.decimals.USDC - 6)); // 10.00 EUR at 1.08

  // The customer's wallet is on Base and pays the Ethereum address it was shown.
  const payer = new TestWallet(base, devAccountKey(6));
  const { transfer } = await payer.pay(base.tokens.USDC, shown.address, uriAmount(onBase.uri));
  await mine(base);
  const mined = await receipt(base, transfer.hash);

  const seen = await waitForSession(core(), s.session_id, (x) => x.payments.length === 1, SEEN_MS, 'detection on Base');
  expect(seen.status).toBe('PROCESSING');
  expect(seen.amount_received).toEqual({ value: '10.00', currency: 'EUR' });
  expect(seen.payments[0]).toMatchObject({ network: 'base', currency: 'USDC', tx_hash: transfer.hash, block_number: Number(mined.blockNumber), from: payer.address, amount: '10.800000', confirmations: 1, status: 'detected' });

  // Past Ethereum's 2 confirmations, short of Base's 4: still waiting.
  await mine(base, 2);
  const mid = await waitForSession(core(), s.session_id, (x) => x.payments[0].confirmations === 3, SEEN_MS, '3 confirmations on Base');
  expect(mid.status).toBe('PROCESSING');
  expect(mid.payments[0].status).toBe('detected');
  await mine(base);
  const done = await waitForSession(core(), s.session_id, (x) => x.status === 'SUCCEEDED', SEEN_MS);
  expect(done.exception).toBeNull();
  expect(done.payments).toHaveLength(1);
  expect(done.payments[0]).toMatchObject({ network: 'base', status: 'confirmed', confirmations: CONFIRMATIONS.base });
  expect((await outboxEvents(core().dataDir, s.session_id)).map((e) => e.type)).toEqual([
    'payment_session.created',
    'payment_session.payment_detected',
    'payment_session.processing',
    'payment_session.succeeded',
  ]);

  // The customer's page and the till's paid screen (the public status) name the network it arrived on.
  const status = await core().api('GET', `/pay/${s.session_id}/status`, { key: null });
  expect(status.body.data.payments).toEqual([expect.objectContaining({ network: 'base', network_name: 'Base', currency: 'USDC' })]);
  // The transactions screen's network filter finds it under Base, not under Ethereum.
  const list = async (network: string) => (await core().api('GET', `/v1/payment/sessions?network=${network}`)).body.data.items.map((x: any) => x.session_id);
  expect(await list('base')).toContain(s.session_id);
  expect(await list('ethereum')).not.toContain(s.session_id);
}, budget([RECEIPT_MS, SEEN_MS, SEEN_MS, SEEN_MS], 15_000));
