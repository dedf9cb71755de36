/**
 * Unmatched deposits on test mode's TRON devnet (the java-tron stand-in, 0.25 s blocks), end to end over
 * real HTTP with an unmodified TronWeb wallet (issue 17): USDT sent to a session's deposit address after
 * its monitoring window (`late`), and the stand-in's test DAI, a token TRON does not offer, sent to an
 * open session's address (`unsupported_token`), are each listed once in GET /v1/deposits with the right
 * amount, decimals, sender, recipient and transaction; neither is a payment, credits a session, or
 * reaches balances or the ledger. A restart in between changes nothing: the new core lists them once
 * still, and finds a late transfer to an address it only knows from the store.
 */
import { beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import type { CoreConfig } from '../../src/config.js';
import { confirmedDeposit, depositsOf, listedOnce as listedOn, PAST_WINDOW } from '../helpers/deposits.js';
import { budget, createSession, getSession, paymentRows, waitForSession } from '../helpers/evm-chain.js';
import { coreWithOwnDataDir, type TestCore } from '../helpers/test-core.js';
import { inclusionMs, TronPayer, tronDevnetOf, tronOption } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.25;
const PAY_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });
/** Two confirmations at 0.25 s blocks, seen by the watcher's next passes; room for a loaded machine. */
const CONFIRM_MS = 15_000;

let t: TestCore;
const config: Partial<CoreConfig> = {
  networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } },
  devnetBlockTimeSeconds: BLOCK_TIME_SECONDS,
  confirmations: { tron: 2 },
  // The expiry timer re-reads the (test-advanced) clock at least this often.
  expiryMaxSleepMs: 100,
};

const core = coreWithOwnDataDir('tron-deposits', config);
beforeAll(async () => {
  t = await core.start();
}, 60_000);

const tron = (): RunningTronDevnet => tronDevnetOf(t.core.chains);
const deposits = () => depositsOf(t, 'tron');
const listedOnce = (txId: string) => listedOn(t, 'tron', txId);

let first: any;
let dai: any;

test('a late USDT transfer and a transfer of a token TRON does not offer are each listed once, never counted', async () => {
  const s = await createSession(t, '12.50');
  t.advance(PAST_WINDOW);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);
  const open = await createSession(t, '3.00');
  const devnet = tron();
  const payer = new TronPayer(devnet, devnet.payerKeys[0]!);
  const other = new TronPayer(devnet, devnet.payerKeys[1]!);

  const lateTo = tronOption(s).address;
  const latePaid = await payer.payAndWait(devnet, lateTo, 12_500_000n);
  const daiTo = tronOption(open).address;
  const daiPaid = await other.payAndWait(devnet, daiTo, 3n * 10n ** 18n + 1n, devnet.dai.contract);

  [first] = await listedOnce(latePaid.txId);
  expect(first).toMatchObject({
    object: 'deposit',
    status: 'unmatched',
    reason: 'late',
    network: 'tron',
    currency: 'USDT',
    token_contract: devnet.tokens.USDT,
    amount: '12.500000',
    amount_base: '12500000',
    decimals: 6,
    from: payer.address,
    to: lateTo,
    block_number: latePaid.blockNumber,
    explorer_url: null,
    livemode: false,
  });
  [dai] = await listedOnce(daiPaid.txId);
  expect(dai).toMatchObject({
    status: 'unmatched',
    reason: 'unsupported_token',
    network: 'tron',
    currency: null,
    token_contract: devnet.dai.contract,
    amount: '3.000000000000000001',
    amount_base: '3000000000000000001',
    decimals: 18,
    from: other.address,
    to: daiTo,
  });
  // As they stay once confirmed (their confirmations no longer counted): what the restart must leave alone.
  first = await confirmedDeposit(t, first.id, CONFIRM_MS);
  dai = await confirmedDeposit(t, dai.id, CONFIRM_MS);
  const events = (await t.api('GET', `/v1/events?object_id=${first.id}`)).body.data.items;
  expect(events.map((e: any) => e.type)).toEqual(['deposit.unmatched']);

  // Never counted: no payment, no session credited, balances and ledger untouched.
  const recorded = (await paymentRows(t.dataDir)).map((r) => r.tx_hash);
  expect(recorded).not.toContain(latePaid.txId);
  expect(recorded).not.toContain(daiPaid.txId);
  expect(await getSession(t, s.session_id)).toMatchObject({ status: 'EXPIRED', exception: null, payments: [] });
  expect(await getSession(t, open.session_id)).toMatchObject({ status: 'PENDING', payments: [], amount_received: { value: '0.00' } });
  const balance = (await t.api('GET', '/v1/balance')).body.data;
  for (const a of balance.accounts) expect([a.currency, a.available.value, a.pending.value]).toEqual([a.currency, expect.stringMatching(/^0\.0+$/), expect.stringMatching(/^0\.0+$/)]);
  expect((await t.api('GET', '/v1/balance/transactions')).body.data.items).toEqual([]);
}, budget([5_000, PAY_MS, PAY_MS, 10_000, 10_000, CONFIRM_MS, CONFIRM_MS]));

test('after a restart each is still listed once, and a late transfer to an address known only from the store is found', async () => {
  if (!first || !dai) throw new Error('the first test did not run');
  t = await core.restart();
  t.advance(PAST_WINDOW);
  const devnet = tron();
  const payer = new TronPayer(devnet, devnet.payerKeys[2]!);
  // A payment to a new session, seen after the restart: the watcher has scanned past what it found before.
  const sentinel = await createSession(t, '1.00');
  await payer.payAndWait(devnet, tronOption(sentinel).address, 1_000_000n);
  await waitForSession(t, sentinel.session_id, (x) => x.payments.length === 1, 10_000);
  const listed = await deposits();
  expect(listed.filter((d: any) => d.tx_hash === first.tx_hash)).toEqual([first]);
  expect(listed.filter((d: any) => d.tx_hash === dai.tx_hash)).toEqual([dai]);

  const again = await payer.payAndWait(devnet, first.to, 1_000_000n);
  const [found] = await listedOnce(again.txId);
  expect(found).toMatchObject({ reason: 'late', currency: 'USDT', amount: '1.000000', to: first.to, from: payer.address });
  expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(again.txId);
}, budget([30_000, PAY_MS, 10_000, PAY_MS, 10_000]));
