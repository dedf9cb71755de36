import { join } from 'node:path';
import { createPublicClient, http, type PublicClient } from 'viem';
import { toBaseUnits } from '../../../domain/networks.js';
import type { FamilyDevnet } from '../../family.js';
import { type Devnet, DEVNET_DAI, DEVNET_PAYER_KEYS, devnetNetworkInfo, mintAndPay, startDevnet } from './devnet.js';
import { readDevnetEndpoint, removeDevnetEndpoint, writeDevnetEndpoint } from './endpoint.js';
import { fundOnDevnet } from './fund.js';

export type { Devnet };

/**
 * The EVM family's devnet entry, the only door from the family (index.ts) into its test tooling: one
 * anvil per network with open-mint test USDT and USDC (devnet.ts), where it listens written beside its
 * state file for `stablepos devnet pay` (endpoint.ts), and the test refund wallet's funding (fund.ts).
 * Every EVM network has one, at its own chain id (EvmNetworkInfo.devnetChainId), offering the coins the
 * network offers.
 */
export const evmDevnet: FamilyDevnet<Devnet> = {
  async start(network, { dir, blockTimeSeconds }) {
    const info = devnetNetworkInfo(network);
    if (!info) throw new Error(`no EVM devnet for ${network}`);
    const devnet = await startDevnet({ network, chainId: info.devnetChainId, stateFile: join(dir, `${network}.json`), blockTimeSeconds });
    writeDevnetEndpoint(dir, devnet);
    return {
      ...devnet,
      stop: async () => {
        await devnet.stop();
        removeDevnetEndpoint(dir, network);
      },
    };
  },

  describe: (devnet) => ({
    chainId: String(devnet.chainId),
    // Only the coins the network offers live (Base: USDC): the test USDT deployed there is not watched.
    tokens: Object.fromEntries(devnet.coins.map((coin) => [coin, { contract: devnet.tokens[coin], decimals: devnet.decimals[coin] }])),
    // Watched, never offered: its transfers to deposit addresses are unmatched deposits (issue 17).
    extraTokens: [{ symbol: DEVNET_DAI.symbol, contract: DEVNET_DAI.address, decimals: DEVNET_DAI.decimals, currency: null }],
  }),

  async fund(devnet, wallet, wholeCoins) {
    const client = createPublicClient({ transport: http(devnet.rpcUrl, { retryCount: 0, timeout: 10_000 }), cacheTime: 0 }) as PublicClient;
    await fundOnDevnet(devnet, client, wallet as `0x${string}`, wholeCoins);
  },

  payers: DEVNET_PAYER_KEYS.length,

  async pay({ dir, network, payer, currency, to, amountMinor, token }) {
    const running = readDevnetEndpoint(dir, network);
    if (!running) throw new Error(`no ${network} devnet is running in ${dir}: start "stablepos serve" in test mode first`);
    if (token === undefined && !running.coins.includes(currency)) throw new Error(`the ${network} devnet offers no ${currency}: it offers ${running.coins.join(' and ')}`);
    const key = DEVNET_PAYER_KEYS[payer - 1];
    if (!key) throw new Error(`no test payer ${payer}: there are ${DEVNET_PAYER_KEYS.length}`);
    if (token !== undefined && token !== DEVNET_DAI.symbol) throw new Error(`the ${network} devnet has no test ${token}: --token must be "DAI"`);
    const amountBaseUnits = toBaseUnits(amountMinor, token ? DEVNET_DAI.decimals : running.decimals[currency]);
    const paid = await mintAndPay(running, { payerKey: key, token: token ? DEVNET_DAI.symbol : currency, to: to as `0x${string}`, amountBaseUnits });
    return paid.txHash;
  },
};
