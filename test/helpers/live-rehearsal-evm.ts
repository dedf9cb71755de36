/**
 * The live rehearsal's scenarios on Ethereum and BNB Smart Chain, run by test/chain/live-rehearsal-ethereum.test.ts
 * and live-rehearsal-bsc.test.ts (one file each, so that each stays within CI's time per file). The rehearsal (issue 27, item 8; docs/development.md, "The live
 * rehearsal"): live mode, not test mode, as a shop runs it: an account xpub, sessions made with the
 * live key, the network given as an RPC URL with nothing else (chain id and token contracts are the
 * live defaults), on a mainnet-shaped chain (anvil with chain id 1 or 56, USDT and USDC at their mainnet
 * contracts, test/helpers/mainnet-shaped.ts) reached through the fault-injecting endpoint, which
 * behaves like a hosted provider: a 5-block eth_getLogs cap, 429s with Retry-After, 502s with an HTML
 * body, dropped connections, a pool node that lags and answers short, a request limiter. The customer
 * pays from a wallet that is not ours (viem, signing locally and sending to its own node, not through
 * the shop's endpoint). Every payment must be counted once: none missed, none doubled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address, Hash } from 'viem';
import { TEST_TOKEN_ABI } from '../../src/chains/anvil/test-token-artifact.js';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Devnet } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { EVM_NETWORKS } from '../../src/chains/evm/networks.js';
import { budget, client, devnetRpc, mine, option, receipt, TestWallet, uriAmount, waitFor } from './evm-chain.js';
import { type FaultEndpoint, startFaultEndpoint } from './fault-endpoint.js';
import { createLiveSession, expectPaidOnce, expectUnpaid, liveNetwork, type LiveView, liveView, logCallsMade, scannedTo, waitForScanned } from './live-rehearsal.js';
import { LIVE_XPUBS, startMainnetShapedEvm } from './mainnet-shaped.js';
import { startTestCore, type TestCore } from './test-core.js';

/** What a hosted endpoint's free plan does to the watcher at random, on top of QuickNode's 5-block cap. */
const FLAKY = { logRangeCap: 5, rangeRefusal: 'quicknode', rate429: 0.1, retryAfterSeconds: 1, rate5xx: 0.05, dropRate: 0.05 } as const;
/** Catch-up is observable (and interruptible) at this pace: the limiter holds the watcher to 25 calls a second. */
const LIMITED = { logRangeCap: 5, limitPerSecond: 25 } as const;
/** Blocks the app is down for in the catch-up scenarios: more than 300, at 5 blocks a call. */
const DOWNTIME_BLOCKS = 320;
/** Detection, confirmations and retries at a live poll (1 s) through the faults, with room for a loaded machine. */
const COUNTED_MS = 60_000;
/** Catching up the downtime at 5 blocks a call, 25 calls a second at most, plus range refusals on the way down. */
const CATCH_UP_MS = 60_000;

/** The rehearsal's scenarios on one EVM network, as a describe block of the calling test file. */
export function rehearseEvm(network: 'ethereum' | 'bsc'): void {
  describe(`live rehearsal on ${network}`, () => {
    const live = EVM_NETWORKS.find((n) => n.id === network)!;
    const decimals = live.tokens.USDT!.decimals;
    let dir: string;
    let chain: Devnet;
    let fault: FaultEndpoint;
    let v: LiveView;
    /** A customer's wallet of its own (a fresh key, given ether for gas): nonces never collide, reorganisations included. */
    const payer = async () => {
      const wallet = new TestWallet(chain, generatePrivateKey());
      await devnetRpc(chain)('anvil_setBalance', [wallet.address, '0x56bc75e2d63100000']); // 100 ether
      return wallet;
    };
    let t: TestCore | undefined;
    let config: Partial<CoreConfig>;
    /** The shop's machine: the core on the same data dir, stopped and started again as a shop's would be. */
    const start = async () => {
      t = await startTestCore({ ...config, dataDir: join(dir, 'data') });
      v = liveView(t);
    };
    const stop = async () => {
      await t?.core.stop();
      t = undefined;
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), `stablepos-rehearsal-${network}-`));
      chain = await startMainnetShapedEvm(network, dir);
      fault = await startFaultEndpoint(chain.rpcUrl);
      config = { networks: { live: { [network]: { rpcUrl: fault.url } } }, liveWallets: { evm: LIVE_XPUBS.evm } };
      await start();
    }, 90_000);

    afterAll(async () => {
      await stop();
      await fault?.close();
      await chain?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** Pays the session's USDT option as a customer's wallet does; resolves with the mined transfer. */
    async function pay(session: any): Promise<{ hash: Hash; block: number }> {
      const o = option(session, network, 'USDT');
      expect(o.token_contract.toLowerCase()).toBe(live.tokens.USDT!.liveContract!.toLowerCase());
      const { transfer } = await (await payer()).pay(chain.tokens.USDT, o.address, uriAmount(o.uri));
      const r = await receipt(chain, transfer.hash);
      return { hash: transfer.hash, block: Number(r.blockNumber) };
    }

    const head = async () => Number(await client(chain).getBlockNumber());

    test('the mainnet-shaped chain and the live network: chain id, live contracts, decimals', async () => {
      const pub = client(chain);
      expect(await pub.getChainId()).toBe(Number(live.liveChainId));
      for (const coin of ['USDT', 'USDC'] as const) {
        const contract = live.tokens[coin]!.liveContract as Address;
        expect(await pub.readContract({ address: contract, abi: TEST_TOKEN_ABI, functionName: 'decimals' })).toBe(decimals);
        expect(await pub.readContract({ address: contract, abi: TEST_TOKEN_ABI, functionName: 'symbol' })).toBe(coin);
      }
      const n = await waitFor(async () => {
        const x = await liveNetwork(v, network);
        return x.status === 'ready' ? x : false;
      }, 20_000, `live ${network} ready`);
      expect(n).toMatchObject({ chain_id: Number(live.liveChainId), devnet: false });
      const tokens = n.tokens.map((x: any) => [x.currency, x.contract.toLowerCase(), x.decimals]).sort();
      expect(tokens).toEqual((['USDC', 'USDT'] as const).map((c) => [c, live.tokens[c]!.liveContract!.toLowerCase(), decimals]));
    }, 30_000);

    test('capped ranges, random 429s with Retry-After, 502s and dropped connections: four payments, each counted once', async () => {
      fault.set(FLAKY);
      const sessions = [await createLiveSession(v, '12.50'), await createLiveSession(v, '3.00'), await createLiveSession(v, '7.25'), await createLiveSession(v, '1.10')];
      const paid = [];
      for (const s of sessions) paid.push(await pay(s));
      for (const [i, s] of sessions.entries()) await expectPaidOnce(v, s.session_id, paid[i]!.hash, COUNTED_MS, paid[i]!.block);
      const counts = fault.counts();
      // The faults were met, not avoided.
      expect(counts.refused429 + counts.failed5xx + counts.dropped + counts.rangeRefused).toBeGreaterThan(0);
    }, budget([4 * 10_000, 4 * COUNTED_MS]));

    test('a pool node a few blocks behind that answers eth_getLogs short, without an error: every payment still counted once', async () => {
      fault.set({ logRangeCap: 5, lagBlocks: 3, lagRate: 0.5 });
      const sessions = [];
      for (let i = 0; i < 6; i++) sessions.push(await createLiveSession(v, `${i + 2}.00`));
      const paid = [];
      for (const s of sessions) paid.push(await pay(s)); // consecutive blocks, each near the head when it is scanned
      for (const [i, s] of sessions.entries()) await expectPaidOnce(v, s.session_id, paid[i]!.hash, COUNTED_MS, paid[i]!.block);
    }, budget([6 * 10_000, 6 * COUNTED_MS]));

    test(`the app down for ${DOWNTIME_BLOCKS}+ blocks with payments in them, stopped again mid-catch-up, and a reorganisation at the head while it catches up: each payment counted once, the dropped one not at all`, async () => {
      fault.set(LIMITED);
      const sessions = await Promise.all(['4.00', '5.00', '6.00', '8.00', '9.00'].map((value) => createLiveSession(v, value)));
      await waitForScanned(v, network, await head(), COUNTED_MS); // the cursor is past the sessions' creation
      await stop(); // the payments below are made while the app is down

      const rpc = devnetRpc(chain);
      const early = await pay(sessions[0]);
      await mine(chain, DOWNTIME_BLOCKS / 2);
      const middle = await pay(sessions[1]);
      await mine(chain, DOWNTIME_BLOCKS / 2);
      const late = await pay(sessions[2]);
      // The last two: one the reorganisation moves to another block, one it drops.
      const movedWallet = await payer();
      const moved = await movedWallet.pay(chain.tokens.USDT, option(sessions[3], network, 'USDT').address, uriAmount(option(sessions[3], network, 'USDT').uri));
      await receipt(chain, moved.transfer.hash);
      const dropped = await (await payer()).pay(chain.tokens.USDT, option(sessions[4], network, 'USDT').address, uriAmount(option(sessions[4], network, 'USDT').uri));
      await receipt(chain, dropped.transfer.hash);
      await mine(chain, 2);

      // The catch-up: stopped after 15 eth_getLogs calls (75 blocks at the cap), far from the last payment.
      await start();
      await logCallsMade(fault, 15, CATCH_UP_MS);
      await stop();
      const scanned = (await scannedTo(v, network))!;
      expect(scanned, 'stopped mid-catch-up').toBeLessThan(late.block);
      await start();

      // While it catches up again, the newest blocks are replaced: `moved` goes into the first new block,
      // `dropped` is in none.
      await logCallsMade(fault, 10, CATCH_UP_MS); // the catch-up has resumed
      const depth = (await head()) - Number((await receipt(chain, moved.transfer.hash)).blockNumber) + 1;
      await rpc('anvil_reorg', [depth, [[moved.mint.raw, 0], [moved.transfer.raw, 0]]]);
      expect(await rpc('eth_getTransactionReceipt', [dropped.transfer.hash])).toBeNull();
      const movedBlock = Number((await receipt(chain, moved.transfer.hash)).blockNumber);
      expect(await scannedTo(v, network), 'the reorganisation came during the catch-up').toBeLessThan(movedBlock);
      await mine(chain, live.defaultConfirmations + 1);

      await expectPaidOnce(v, sessions[0].session_id, early.hash, CATCH_UP_MS, early.block);
      await expectPaidOnce(v, sessions[1].session_id, middle.hash, CATCH_UP_MS, middle.block);
      await expectPaidOnce(v, sessions[2].session_id, late.hash, CATCH_UP_MS, late.block);
      await expectPaidOnce(v, sessions[3].session_id, moved.transfer.hash, CATCH_UP_MS, movedBlock);
      await waitForScanned(v, network, await head(), CATCH_UP_MS);
      await expectUnpaid(v, sessions[4].session_id);
    }, budget([COUNTED_MS, 6 * 10_000, CATCH_UP_MS, CATCH_UP_MS, 5 * CATCH_UP_MS], 60_000));
  });
}
