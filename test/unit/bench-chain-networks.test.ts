import { afterEach, describe, expect, test, vi } from 'vitest';
import { benchNetwork } from '../../bench/chain/anvil.js';
import { DEFAULT_L2, readChainSettings } from '../../bench/chain/env.js';
import { maxDetectionP50Ms } from '../../bench/chain/goals.js';
import { DEVNET_CHAIN_IDS } from '../../src/chains/evm/devnet/devnet.js';
import { networkInfo, networksOf } from '../../src/chains/registry.js';

// Which networks chain-latency and chain-rpc measure, and at what pace (bench/chain/env.ts): issue 31
// adds an EVM L2 at 0.25 s blocks beside ethereum, tron and solana, any EVM network of the registry.

/** An EVM network of the registry other than ethereum, to stand for "an L2" whatever the registry holds. */
const otherEvm = networksOf('evm').find((n) => n.id !== 'ethereum')?.id as string;

afterEach(() => vi.unstubAllEnvs());

describe('the chain sections’ networks', () => {
  test('by default: ethereum, tron, solana, then the L2 (base) at 0.25 s blocks', () => {
    vi.stubEnv('BENCH_CHAIN_NETWORKS', '');
    const { networks } = readChainSettings();
    expect(networks.map((n) => n.network)).toEqual(['ethereum', 'tron', 'solana', DEFAULT_L2]);
    const l2 = networks.at(-1);
    expect(l2).toMatchObject({ latencyBlockMs: 250, rpcBlockMs: 250, latencyPayments: 100, rpcBlocks: 200 });
    // Ethereum keeps its 1 s blocks.
    expect(networks[0]).toMatchObject({ latencyBlockMs: 1000, rpcBlockMs: 1000 });
  });

  test('any other EVM network of the registry is measured as the L2, with the network’s default confirmations', () => {
    vi.stubEnv('BENCH_CHAIN_NETWORKS', `${otherEvm},ethereum`);
    const { networks } = readChainSettings();
    // Family networks first, the L2 after, whatever the order given.
    expect(networks.map((n) => n.network)).toEqual(['ethereum', otherEvm]);
    expect(networks[1]).toMatchObject({ network: otherEvm, latencyBlockMs: 250, confirmations: networkInfo(otherEvm)?.defaultConfirmations });
  });

  test('the L2 knobs', () => {
    vi.stubEnv('BENCH_CHAIN_NETWORKS', otherEvm);
    vi.stubEnv('BENCH_L2_BLOCK_MS', '500');
    vi.stubEnv('BENCH_L2_CONFIRMATIONS', '1');
    vi.stubEnv('BENCH_L2_LATENCY_PAYMENTS', '7');
    vi.stubEnv('BENCH_L2_RPC_BLOCKS', '9');
    expect(readChainSettings().networks).toEqual([{ network: otherEvm, confirmations: 1, latencyPayments: 7, latencyBlockMs: 500, rpcBlocks: 9, rpcBlockMs: 500 }]);
  });

  test('a name that is no network, or not an EVM one beside the three, is refused', () => {
    vi.stubEnv('BENCH_CHAIN_NETWORKS', 'ethereum,nowhere');
    expect(() => readChainSettings()).toThrow(/BENCH_CHAIN_NETWORKS must list/);
  });

  test('the L2’s detection goal is ethereum’s 250 ms p50 (Solana’s slots 500)', () => {
    expect(maxDetectionP50Ms(otherEvm)).toBe(250);
    expect(maxDetectionP50Ms('ethereum')).toBe(250);
    expect(maxDetectionP50Ms('tron')).toBe(250);
    expect(maxDetectionP50Ms('solana')).toBe(500);
  });
});

describe('the anvil an EVM network is measured on', () => {
  test('ethereum: its devnet chain id, USDT and USDC', () => {
    expect(benchNetwork('ethereum')).toEqual({ chainId: 1337, coins: ['USDT', 'USDC'] });
  });

  test('base, the default L2: its devnet chain id and USDC alone (Tether issues no USDT on Base)', () => {
    expect(benchNetwork(DEFAULT_L2)).toEqual({ chainId: DEVNET_CHAIN_IDS[DEFAULT_L2], coins: ['USDC'] });
  });

  test('every 6-decimal EVM network of the registry: its own devnet chain id and the coins it offers', () => {
    const sixDecimals = networksOf('evm').filter((n) => Object.values(n.tokens).every((t) => t.decimals === 6));
    expect(sixDecimals.map((n) => n.id)).toContain('ethereum');
    for (const n of sixDecimals) {
      const { chainId, coins } = benchNetwork(n.id);
      expect(chainId).toBe(DEVNET_CHAIN_IDS[n.id]);
      expect(coins).toEqual((['USDT', 'USDC'] as const).filter((c) => n.tokens[c]));
    }
  });

  test('refused: a network of another family, and one whose coins are not 6-decimal (BNB Smart Chain’s 18)', () => {
    expect(() => benchNetwork('tron')).toThrow(/not an EVM network/);
    expect(() => benchNetwork('bsc')).toThrow(/18 decimals/);
  });
});
