/**
 * Base, Arbitrum One and Polygon PoS in test mode (issue 31): off unless the configuration turns them
 * on, then each runs a devnet of its own at its own chain id (its public testnet's: never a live
 * chain's), offers the coins the network offers live (USDC on Base and Arbitrum; USDT and USDC on
 * Polygon) at the live decimals, and a session is paid end to end by a wallet library not ours (viem),
 * from the EIP-681 URI alone. One core, three devnets started once.
 */
import { join } from 'node:path';
import { type Address, createPublicClient, createWalletClient, defineChain, erc20Abi, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_TOKEN_ABI } from '../../src/chains/anvil/test-token-artifact.js';
import { DEVNET_PAYER_KEYS, type Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { evmDevnet } from '../../src/chains/evm/devnet/index.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { budget, createSession, evmDevnetOf, getSession, option, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const L2S = ['base', 'arbitrum', 'polygon'] as const;
/** The devnets' chain ids: Base Sepolia's, Arbitrum Sepolia's and Polygon Amoy's (docs/payments.md). */
const CHAIN_IDS = { base: 84532, arbitrum: 421614, polygon: 80002 } as const;
const COINS = { base: ['USDC'], arbitrum: ['USDC'], polygon: ['USDT', 'USDC'] } as const;
const GAS_COINS = { base: 'ETH', arbitrum: 'ETH', polygon: 'POL' } as const;

let t: TestCore;
const devnets = {} as Record<(typeof L2S)[number], Devnet>;

beforeAll(async () => {
  const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
  t = await startTestCore({
    networks: { test: { ...off, base: 'devnet', arbitrum: 'devnet', polygon: 'devnet' } },
    devnetBlockTimeSeconds: 0.25,
    // Polygon's default (64 blocks) would make each payment wait 16 s at this block time.
    confirmations: { base: 2, arbitrum: 2, polygon: 2 },
  });
  for (const network of L2S) devnets[network] = evmDevnetOf(t.core.chains, network);
}, 90_000);
afterAll(async () => t?.stop());

/**
 * Pays an EIP-681 `ethereum:<token>@<chainId>/transfer?address=…&uint256=…` request as a wallet would,
 * with viem: the chain is the one the URI names (viem refuses to sign when the endpoint serves another),
 * after minting the test coin to the payer (the devnet's tokens mint to anyone).
 */
async function payUri(rpcUrl: string, uri: string, payerKey: `0x${string}`): Promise<`0x${string}`> {
  const m = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?address=(0x[0-9a-fA-F]{40})&uint256=(\d+)$/.exec(uri);
  if (!m) throw new Error(`not an EIP-681 ERC-20 transfer: ${uri}`);
  const [, token, chainId, to, amount] = m as unknown as [string, Address, string, Address, string];
  const chain = defineChain({ id: Number(chainId), name: `chain ${chainId}`, nativeCurrency: { name: 'gas', symbol: 'GAS', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const account = privateKeyToAccount(payerKey);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const mint = await wallet.writeContract({ address: token, abi: TEST_TOKEN_ABI, functionName: 'mint', args: [account.address, BigInt(amount)] });
  await reader.waitForTransactionReceipt({ hash: mint, timeout: 10_000 });
  const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, BigInt(amount)] });
  const receipt = await reader.waitForTransactionReceipt({ hash, timeout: 10_000 });
  expect(receipt.status).toBe('success');
  return hash;
}

describe('Base, Arbitrum One and Polygon PoS devnets', () => {
  test('each runs at its testnet chain id with the network\'s gas coin, and /v1/networks shows the coins it offers at the live decimals', async () => {
    const items = (await t.api('GET', '/v1/networks')).body.data.items;
    for (const network of L2S) {
      const devnet = devnets[network];
      expect(devnet.chainId).toBe(CHAIN_IDS[network]);
      expect(await createPublicClient({ transport: http(devnet.rpcUrl) }).getChainId()).toBe(CHAIN_IDS[network]);
      expect(devnet.chain.nativeCurrency.symbol).toBe(GAS_COINS[network]);
      const shown = items.find((n: any) => n.network === network);
      expect(shown, network).toMatchObject({ status: 'ready', devnet: true, chain_id: CHAIN_IDS[network], confirmations: 2, token_standard: 'ERC-20' });
      expect(shown.tokens.map((k: any) => [k.currency, k.decimals])).toEqual(COINS[network].map((c) => [c, 6]));
    }
    expect(items.find((n: any) => n.network === 'base').name).toBe('Base');
    expect(items.find((n: any) => n.network === 'arbitrum').name).toBe('Arbitrum One');
    expect(items.find((n: any) => n.network === 'polygon').name).toBe('Polygon PoS');
    // The networks left out of the configuration stay off.
    expect(items.filter((n: any) => n.status === 'ready').map((n: any) => n.network)).toEqual([...L2S]);
  });

  test('a session offers USDC on Base and Arbitrum, USDT and USDC on Polygon, each URI asking for its devnet\'s chain id', async () => {
    const s = await createSession(t, '12.50');
    expect(s.payment_options.map((o: any) => `${o.network} ${o.currency}`)).toEqual(['base USDC', 'arbitrum USDC', 'polygon USDT', 'polygon USDC']);
    for (const o of s.payment_options) {
      expect(o.uri, o.network).toContain(`@${CHAIN_IDS[o.network as (typeof L2S)[number]]}/transfer?`);
      expect(o.uri, o.network).toMatch(/&uint256=12500000$/);
      expect(o.amount_due).toBe('12.500000');
    }
  });

  const PAYMENT_MS = 30_000;
  test.each([
    ['base', 'USDC', 0],
    ['arbitrum', 'USDC', 1],
    ['polygon', 'USDT', 2],
  ] as const)('a session paid on %s in %s from its EIP-681 URI by viem succeeds', async (network, coin, payer) => {
    const s = await createSession(t, '3.25');
    const o = option(s, network, coin);
    const hash = await payUri(devnets[network].rpcUrl, o.uri, DEVNET_PAYER_KEYS[payer]!);
    const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', PAYMENT_MS, `${network} session SUCCEEDED`);
    expect(done.amount_received).toEqual({ value: '3.25', currency: 'USD' });
    expect(done.payments).toHaveLength(1);
    expect(done.payments[0]).toMatchObject({ network, currency: coin, tx_hash: hash, amount: '3.250000' });
  }, budget([30_000, 20_000]));

  test('`stablepos devnet pay --network base` pays a session on the Base devnet, and refuses the USDT Base does not offer', async () => {
    const s = await createSession(t, '1.10');
    const to = option(s, 'base', 'USDC').address;
    const dir = join(t.dataDir, 'devnet');
    // The command's own path: the devnet found through the endpoint file `serve` wrote beside its state.
    await expect(evmDevnet.pay({ dir, network: 'base', payer: 1, currency: 'USDT', to, amountMinor: 1_100_000n })).rejects.toThrow('the base devnet offers no USDT: it offers USDC');
    await evmDevnet.pay({ dir, network: 'base', payer: 1, currency: 'USDC', to, amountMinor: 1_100_000n });
    const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', PAYMENT_MS, 'base session SUCCEEDED');
    expect(done.payments[0]).toMatchObject({ network: 'base', currency: 'USDC', amount: '1.100000' });
    expect((await getSession(t, s.session_id)).status).toBe('SUCCEEDED');
  }, budget([30_000, 20_000]));
});
