/**
 * Unmatched deposits on test mode's EVM devnets (ethereum and bsc, anvil in the core, 0.2 s blocks), end
 * to end over real HTTP (issue 17): USDT sent to a session's deposit address after its monitoring window
 * (`late`), and the devnet's test DAI, a token the app does not support, sent to an open session's address
 * (`unsupported_token`), are each listed once in GET /v1/deposits with the right amount, decimals, sender,
 * recipient and transaction; neither is a payment, credits a session, or reaches balances or the ledger.
 * A restart in between changes nothing: the new core lists them once still, and finds a late transfer
 * to an address it only knows from the store (its in-memory filter is rebuilt at start).
 */
import { beforeAll, expect, test } from 'vitest';
import { DEVNET_DAI, DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { confirmedDeposit, depositsOf, listedOnce as listedOn, PAST_WINDOW } from '../helpers/deposits.js';
import { budget, createSession, evmDevnetOf, getSession, option, PAY_MS, paymentRows, waitForSession } from '../helpers/evm-chain.js';
import { coreWithOwnDataDir, type TestCore } from '../helpers/test-core.js';

const NETWORKS = ['ethereum', 'bsc'] as const;
type Net = (typeof NETWORKS)[number];

let t: TestCore;
const config: Partial<CoreConfig> = {
  networks: { test: { solana: 'off', tron: 'off' } },
  devnetBlockTimeSeconds: 0.2,
  confirmations: { ethereum: 2, bsc: 2 },
  // The expiry timer re-reads the (test-advanced) clock at least this often.
  expiryMaxSleepMs: 100,
};

/** Two confirmations at 0.2 s blocks, seen by the watcher's next passes; room for a loaded machine. */
const CONFIRM_MS = 15_000;

const core = coreWithOwnDataDir('evm-deposits', config);
beforeAll(async () => {
  t = await core.start();
}, 60_000);

const devnet = (network: Net): Devnet => evmDevnetOf(t.core.chains, network);
const deposits = (network: Net) => depositsOf(t, network);
const listedOnce = (network: Net, txHash: string) => listedOn(t, network, txHash);

/** Where the sessions of the first test are paid, for the restart test. */
const late: Partial<Record<Net, { session: any; first: any; dai: any }>> = {};

test('a late USDT transfer and a transfer of a token the app does not support are each listed once, never counted', async () => {
  const sessions = Object.fromEntries(await Promise.all(NETWORKS.map(async (n) => [n, await createSession(t, '12.50')] as const)));
  t.advance(PAST_WINDOW);
  for (const n of NETWORKS) await waitForSession(t, sessions[n].session_id, (x) => x.status === 'EXPIRED', 5_000);
  // A session whose window is open: DAI to its address pays nothing.
  const open = Object.fromEntries(await Promise.all(NETWORKS.map(async (n) => [n, await createSession(t, '3.00')] as const)));

  for (const n of NETWORKS) {
    const chain = devnet(n);
    const usdtDecimals = chain.decimals.USDT;
    const lateTo = option(sessions[n], n, 'USDT').address;
    const lateTx = await mintAndPay(chain, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: lateTo, amountBaseUnits: 12_500_000n * 10n ** BigInt(usdtDecimals - 6) });
    const daiTo = option(open[n], n, 'USDT').address;
    const daiTx = await mintAndPay(chain, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'DAI', to: daiTo, amountBaseUnits: 3n * 10n ** 18n + 1n });

    const [first] = await listedOnce(n, lateTx.txHash);
    expect(first).toMatchObject({
      object: 'deposit',
      status: 'unmatched',
      reason: 'late',
      network: n,
      currency: 'USDT',
      token_contract: chain.tokens.USDT,
      amount: usdtDecimals === 6 ? '12.500000' : '12.500000000000000000',
      amount_base: String(12_500_000n * 10n ** BigInt(usdtDecimals - 6)),
      decimals: usdtDecimals,
      from: lateTx.from,
      to: lateTo,
      block_number: Number(lateTx.blockNumber),
      explorer_url: null,
      livemode: false,
    });
    const [dai] = await listedOnce(n, daiTx.txHash);
    expect(dai).toMatchObject({
      status: 'unmatched',
      reason: 'unsupported_token',
      network: n,
      currency: null,
      token_contract: DEVNET_DAI.address,
      amount: '3.000000000000000001',
      amount_base: '3000000000000000001',
      decimals: 18,
      from: daiTx.from,
      to: daiTo,
    });
    const events = (await t.api('GET', `/v1/events?object_id=${dai.id}`)).body.data.items;
    expect(events.map((e: any) => e.type)).toEqual(['deposit.unmatched']);
    // As they stay once confirmed (their confirmations no longer counted): what the restart must leave alone.
    late[n] = { session: sessions[n], first: await confirmedDeposit(t, first.id, CONFIRM_MS), dai: await confirmedDeposit(t, dai.id, CONFIRM_MS) };

    // Never counted: no payment, no session credited.
    const recorded = (await paymentRows(t.dataDir)).map((r) => r.tx_hash);
    expect(recorded).not.toContain(lateTx.txHash);
    expect(recorded).not.toContain(daiTx.txHash);
    expect(await getSession(t, sessions[n].session_id)).toMatchObject({ status: 'EXPIRED', exception: null, payments: [] });
    expect(await getSession(t, open[n].session_id)).toMatchObject({ status: 'PENDING', payments: [], amount_received: { value: '0.00' } });
  }
  const balance = (await t.api('GET', '/v1/balance')).body.data;
  for (const a of balance.accounts) expect([a.currency, a.available.value, a.pending.value]).toEqual([a.currency, expect.stringMatching(/^0\.0+$/), expect.stringMatching(/^0\.0+$/)]);
  expect((await t.api('GET', '/v1/balance/transactions')).body.data.items).toEqual([]);
}, budget([5_000, 5_000, ...Array(2).fill([PAY_MS, PAY_MS, 10_000, 10_000, CONFIRM_MS, CONFIRM_MS]).flat()]));

test('after a restart each is still listed once, and a late transfer to an address known only from the store is found', async () => {
  t = await core.restart();
  t.advance(PAST_WINDOW);
  for (const n of NETWORKS) {
    const before = late[n];
    if (!before) throw new Error('the first test did not run');
    const chain = devnet(n);
    // A payment to a new session, seen after the restart: the watcher has scanned past what it found before.
    const sentinel = await createSession(t, '1.00');
    await mintAndPay(chain, { payerKey: DEVNET_PAYER_KEYS[2]!, token: 'USDT', to: option(sentinel, n, 'USDT').address, amountBaseUnits: 10n ** BigInt(chain.decimals.USDT) });
    await waitForSession(t, sentinel.session_id, (x) => x.payments.length === 1, 10_000);
    const listed = await deposits(n);
    expect(listed.filter((d: any) => d.tx_hash === before.first.tx_hash)).toEqual([before.first]);
    expect(listed.filter((d: any) => d.tx_hash === before.dai.tx_hash)).toEqual([before.dai]);

    const again = await mintAndPay(chain, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: before.first.to, amountBaseUnits: 10n ** BigInt(chain.decimals.USDT) });
    const [found] = await listedOnce(n, again.txHash);
    expect(found).toMatchObject({ reason: 'late', currency: 'USDT', to: before.first.to, from: again.from });
    expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(again.txHash);
  }
}, budget([30_000, PAY_MS, 10_000, PAY_MS, 10_000, PAY_MS, 10_000, PAY_MS, 10_000]));
