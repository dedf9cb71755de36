/**
 * The live rehearsal on Base, Arbitrum One and Polygon PoS (issue 31; docs/development.md, "The live
 * rehearsal"): live mode as a shop runs it with the three turned on, each network given as an RPC URL
 * and nothing else (chain id and token contracts are the live defaults), an account xpub, sessions made
 * with the live key. Each network is anvil with its mainnet's chain id (8453, 42161, 137) and its coins
 * at their mainnet contracts (test/helpers/mainnet-shaped.ts), behind a fault endpoint of its own that
 * behaves like a hosted provider (test/helpers/fault-endpoint.ts). Customers pay from wallets that are
 * not ours (viem, signing locally and sending to their own node). Every payment must be counted once,
 * on the network it arrived on: none missed, none doubled.
 *
 * Kept lean (one core and one file for the three, the scenarios run on all three at once): the
 * ethereum and bsc rehearsals already stop the app a second time mid-catch-up, through the same watcher.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address, Hash } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_TOKEN_ABI } from '../../src/chains/anvil/test-token-artifact.js';
import type { Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { EVM_NETWORKS } from '../../src/chains/evm/networks.js';
import type { CoreConfig } from '../../src/config.js';
import { STABLECOINS, type Stablecoin } from '../../src/domain/currencies.js';
import { budget, client, devnetRpc, mine, option, receipt, TestWallet, uriAmount, waitFor } from '../helpers/evm-chain.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { createLiveSession, expectPaidOnce, expectUnpaid, liveNetwork, type LiveView, liveView, logCallsMade, scannedTo, waitForScanned } from '../helpers/live-rehearsal.js';
import { BLOCK_SECONDS, LIVE_XPUBS, startMainnetShapedEvm } from '../helpers/mainnet-shaped.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const NETWORKS = ['base', 'arbitrum', 'polygon'] as const;
type Rehearsed = (typeof NETWORKS)[number];
const LIVE = Object.fromEntries(NETWORKS.map((id) => [id, EVM_NETWORKS.find((n) => n.id === id)!])) as Record<Rehearsed, (typeof EVM_NETWORKS)[number]>;
/** The coins each network offers (USDC everywhere; USDT where Tether issues it there). */
const coinsOf = (network: Rehearsed): Stablecoin[] => STABLECOINS.filter((c) => LIVE[network].tokens[c] !== undefined);

/**
 * Seconds between blocks: a second, as the other rehearsals (BLOCK_SECONDS), unless the network's own
 * confirmations would then keep each payment waiting longer than 8 s; never under 0.25 s (Arbitrum's
 * real pace, which a watcher behind a 5-block cap still keeps up with). With the live defaults (10, 20,
 * 64): 0.8 s on Base, 0.4 s on Arbitrum, 0.25 s on Polygon, whose 64 confirmations then take 16 s.
 */
const blockSeconds = (network: Rehearsed) => Math.max(0.25, Math.min(BLOCK_SECONDS, 8 / LIVE[network].defaultConfirmations));

/** What a hosted endpoint's free plan does to the watcher at random, on top of QuickNode's 5-block cap. */
const FLAKY = { logRangeCap: 5, rangeRefusal: 'quicknode', rate429: 0.1, retryAfterSeconds: 1, rate5xx: 0.05, dropRate: 0.05 } as const;
/** The catch-up's endpoint: a limiter of 25 calls a second, and a pool node 3 blocks behind answering half the calls short. */
const CATCHING_UP = { logRangeCap: 5, limitPerSecond: 25, lagBlocks: 3, lagRate: 0.5 } as const;
/** Blocks the app is down for: more than 300, at 5 blocks a call. */
const DOWNTIME_BLOCKS = 320;
/** Detection, confirmations and retries at a live poll (1 s) through the faults, with room for a loaded machine. */
const COUNTED_MS = 45_000;
/** The one network whose head is reorganised during the catch-up. */
const REORGANISED: Rehearsed = 'polygon';

describe('live rehearsal on Base, Arbitrum One and Polygon PoS', () => {
  let dir: string;
  const chains = {} as Record<Rehearsed, Devnet>;
  const faults = {} as Record<Rehearsed, FaultEndpoint>;
  let t: TestCore | undefined;
  let v: LiveView;
  let config: Partial<CoreConfig>;
  const start = async () => {
    t = await startTestCore({ ...config, dataDir: join(dir, 'data') });
    v = liveView(t);
  };
  const stop = async () => {
    await t?.core.stop();
    t = undefined;
  };
  /** A customer's wallet of its own on `network` (a fresh key, given gas): nonces never collide, reorganisations included. */
  const payer = async (network: Rehearsed) => {
    const wallet = new TestWallet(chains[network], generatePrivateKey());
    await devnetRpc(chains[network])('anvil_setBalance', [wallet.address, '0x56bc75e2d63100000']); // 100 of the gas coin
    return wallet;
  };
  /** Pays the session's option of `coin` on `network` as a customer's wallet does; resolves with the mined transfer. */
  async function pay(session: any, network: Rehearsed, coin: Stablecoin = 'USDC'): Promise<{ hash: Hash; block: number }> {
    const o = option(session, network, coin);
    expect(o.token_contract.toLowerCase()).toBe(LIVE[network].tokens[coin]!.liveContract.toLowerCase());
    const { transfer } = await (await payer(network)).pay(chains[network].tokens[coin], o.address, uriAmount(o.uri));
    const r = await receipt(chains[network], transfer.hash);
    return { hash: transfer.hash, block: Number(r.blockNumber) };
  }
  const head = async (network: Rehearsed) => Number(await client(chains[network]).getBlockNumber());
  const expectOn = async (network: Rehearsed, sessionId: string, paid: { hash: Hash; block: number }, timeoutMs = COUNTED_MS) => {
    const done = await expectPaidOnce(v, sessionId, paid.hash, timeoutMs, paid.block);
    expect(done.payments.find((p: any) => p.status !== 'orphaned').network).toBe(network);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stablepos-rehearsal-l2-'));
    await Promise.all(
      NETWORKS.map(async (network) => {
        chains[network] = await startMainnetShapedEvm(network, dir, blockSeconds(network));
        faults[network] = await startFaultEndpoint(chains[network].rpcUrl);
      }),
    );
    const live = Object.fromEntries(NETWORKS.map((n) => [n, { rpcUrl: faults[n].url }]));
    config = { networks: { live }, liveWallets: { evm: LIVE_XPUBS.evm } };
    await start();
  }, 90_000);

  afterAll(async () => {
    await stop();
    await Promise.all(NETWORKS.map(async (n) => {
      await faults[n]?.close();
      await chains[n]?.stop();
    }));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the mainnet-shaped chains and the live networks: chain ids, live contracts, decimals, ready', async () => {
    for (const network of NETWORKS) {
      const live = LIVE[network];
      const pub = client(chains[network]);
      expect(await pub.getChainId()).toBe(Number(live.liveChainId));
      for (const coin of coinsOf(network)) {
        const contract = live.tokens[coin]!.liveContract as Address;
        expect(await pub.readContract({ address: contract, abi: TEST_TOKEN_ABI, functionName: 'decimals' })).toBe(live.tokens[coin]!.decimals);
        expect(await pub.readContract({ address: contract, abi: TEST_TOKEN_ABI, functionName: 'symbol' })).toBe(coin);
      }
      const n = await waitFor(async () => {
        const x = await liveNetwork(v, network);
        return x.status === 'ready' ? x : false;
      }, 20_000, `live ${network} ready`);
      expect(n).toMatchObject({ chain_id: Number(live.liveChainId), devnet: false, confirmations: live.defaultConfirmations });
      const tokens = n.tokens.map((x: any) => [x.currency, x.contract.toLowerCase(), x.decimals]).sort();
      expect(tokens).toEqual(coinsOf(network).map((c) => [c, live.tokens[c]!.liveContract.toLowerCase(), live.tokens[c]!.decimals]).sort());
    }
  }, 60_000);

  test('capped ranges, random 429s with Retry-After, 502s and dropped connections on all three: every coin of every network paid, each counted once on its network', async () => {
    for (const network of NETWORKS) faults[network].set(FLAKY);
    const paying = NETWORKS.flatMap((network) => coinsOf(network).map((coin) => ({ network, coin })));
    const sessions = await Promise.all(paying.map((_, i) => createLiveSession(v, `${i + 2}.25`)));
    // One deposit address for the family: the three networks' options all show it.
    for (const s of sessions) expect(new Set(s.payment_options.map((o: any) => o.address)).size).toBe(1);
    // The three networks at once, as customers of one shop pay; one network's payments one after another.
    const paid = await Promise.all(
      NETWORKS.map(async (network) => {
        const made: { i: number; hash: Hash; block: number }[] = [];
        for (const [i, p] of paying.entries()) if (p.network === network) made.push({ i, ...(await pay(sessions[i], network, p.coin)) });
        return made;
      }),
    );
    for (const x of paid.flat()) await expectOn(paying[x.i]!.network, sessions[x.i].session_id, x);
    for (const network of NETWORKS) {
      const counts = faults[network].counts();
      // The faults were met, not avoided.
      expect(counts.refused429 + counts.failed5xx + counts.dropped + counts.rangeRefused, `faults met on ${network}`).toBeGreaterThan(0);
    }
  }, budget([NETWORKS.flatMap(coinsOf).length * 10_000, COUNTED_MS]));

  test(`the app down for ${DOWNTIME_BLOCKS}+ blocks with payments on all three, started again behind a limiter and a lagging node, and ${REORGANISED}'s head reorganised while it catches up: each payment counted once, the dropped one not at all`, async () => {
    const sessions = Object.fromEntries(await Promise.all(NETWORKS.map(async (n) => [n, await Promise.all(['4.00', '5.00'].map((value) => createLiveSession(v, value)))] as const))) as Record<Rehearsed, any[]>;
    const reorgSessions = await Promise.all(['8.00', '9.00'].map((value) => createLiveSession(v, value)));
    await stop(); // the payments below are made while the app is down

    const paid = Object.fromEntries(
      await Promise.all(
        NETWORKS.map(async (network) => {
          const early = await pay(sessions[network][0], network);
          await mine(chains[network], DOWNTIME_BLOCKS);
          const late = await pay(sessions[network][1], network);
          return [network, { early, late }] as const;
        }),
      ),
    ) as Record<Rehearsed, { early: { hash: Hash; block: number }; late: { hash: Hash; block: number } }>;
    // On the reorganised network, two more: one the reorganisation moves to another block, one it drops.
    const chain = chains[REORGANISED];
    const to = (s: any) => option(s, REORGANISED, 'USDC');
    const moved = await (await payer(REORGANISED)).pay(chain.tokens.USDC, to(reorgSessions[0]).address, uriAmount(to(reorgSessions[0]).uri));
    await receipt(chain, moved.transfer.hash);
    const dropped = await (await payer(REORGANISED)).pay(chain.tokens.USDC, to(reorgSessions[1]).address, uriAmount(to(reorgSessions[1]).uri));
    await receipt(chain, dropped.transfer.hash);
    await mine(chain, 2);

    // Started again behind a limiter and a lagging pool node: the catch-up is paced, and half its answers short.
    for (const network of NETWORKS) faults[network].set(CATCHING_UP);
    await start();
    await logCallsMade(faults[REORGANISED], 10, COUNTED_MS); // the catch-up has begun
    // The newest blocks replaced: `moved` goes into the first new block, `dropped` is in none.
    const rpc = devnetRpc(chain);
    const depth = (await head(REORGANISED)) - Number((await receipt(chain, moved.transfer.hash)).blockNumber) + 1;
    await rpc('anvil_reorg', [depth, [[moved.mint.raw, 0], [moved.transfer.raw, 0]]]);
    expect(await rpc('eth_getTransactionReceipt', [dropped.transfer.hash])).toBeNull();
    const movedBlock = Number((await receipt(chain, moved.transfer.hash)).blockNumber);
    expect(await scannedTo(v, REORGANISED), 'the reorganisation came during the catch-up').toBeLessThan(movedBlock);
    await mine(chain, LIVE[REORGANISED].defaultConfirmations + 1);

    for (const network of NETWORKS) {
      await expectOn(network, sessions[network][0].session_id, paid[network].early);
      await expectOn(network, sessions[network][1].session_id, paid[network].late);
    }
    await expectOn(REORGANISED, reorgSessions[0].session_id, { hash: moved.transfer.hash, block: movedBlock });
    await waitForScanned(v, REORGANISED, await head(REORGANISED), COUNTED_MS);
    await expectUnpaid(v, reorgSessions[1].session_id);
  }, budget([9 * 10_000, COUNTED_MS, 8 * COUNTED_MS], 30_000));
});
