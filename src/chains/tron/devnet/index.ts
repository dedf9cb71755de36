import { join } from 'node:path';
import { toBaseUnits } from '../../../domain/networks.js';
import type { FamilyDevnet, RunningDevnet } from '../../family.js';
import { readTronEndpoint, removeTronEndpoint, writeTronEndpoint } from './endpoint.js';
import { TRON_DEVNET_DAI, TRON_DEVNET_PAYER_KEYS } from './test-accounts.js';
import { callToken, sendTrx, tronWebOf, waitForTronTransaction } from './test-wallet.js';
import { startTronDevnet, type TronDevnet } from './tron-devnet.js';

/** The TRON devnet as the app runs it: the stand-in, with the network it serves and its base URL as the RPC. */
export type RunningTronDevnet = TronDevnet & RunningDevnet & { readonly network: 'tron' };

/** TRX the test refund wallet gets for fees: the stand-in burns none, but payouts check the balance. */
const REFUND_WALLET_SUN = 1_000n * 1_000_000n;

/** A block time apart, ten times over, plus head-room for a loaded machine. */
const inclusionMs = (blockTimeSeconds: number) => 5_000 + Math.ceil(blockTimeSeconds * 10_000);

/**
 * The TRON family's devnet entry, the only door from the family (index.ts) into its test tooling: the
 * java-tron stand-in over anvil (tron-devnet.ts) with its test USDT, where it listens written beside its
 * state file for `stablepos devnet pay` (endpoint.ts), and wallets driven through TronWeb (test-wallet.ts).
 */
export const tronDevnet: FamilyDevnet<RunningTronDevnet> = {
  async start(network, { dir, blockTimeSeconds }) {
    if (network !== 'tron') throw new Error(`no TRON devnet for ${network}`);
    const devnet = await startTronDevnet({ stateFile: join(dir, 'tron.json'), blockTimeSeconds });
    writeTronEndpoint(dir, devnet);
    return {
      ...devnet,
      network: 'tron',
      // The family's RPC URL is the node's base URL: the watcher reads its /jsonrpc, payouts its /wallet/*.
      rpcUrl: devnet.httpUrl,
      stop: async () => {
        await devnet.stop();
        removeTronEndpoint(dir);
      },
    };
  },

  describe: (devnet) => ({
    chainId: String(devnet.chainId),
    tokens: { USDT: { contract: devnet.tokens.USDT, decimals: devnet.decimals.USDT } },
    // Watched, never offered: its transfers to deposit addresses are unmatched deposits (issue 17).
    extraTokens: [{ symbol: 'DAI', contract: devnet.dai.contract, decimals: devnet.dai.decimals, currency: null }],
  }),

  async fund(devnet, wallet, wholeCoins) {
    // From the faucet, so that the refund wallet's only transactions are its payouts.
    const faucet = await tronWebOf(devnet.httpUrl, devnet.faucetKey);
    const trx = await sendTrx(faucet, wallet, REFUND_WALLET_SUN);
    const usdt = await callToken(faucet, devnet.tokens.USDT, 'mint', wallet, wholeCoins * 10n ** BigInt(devnet.decimals.USDT));
    await waitForTronTransaction(faucet, trx, inclusionMs(devnet.blockTimeSeconds));
    await waitForTronTransaction(faucet, usdt, inclusionMs(devnet.blockTimeSeconds));
  },

  payers: TRON_DEVNET_PAYER_KEYS.length,

  async pay({ dir, network, payer, currency, to, amountMinor, token }) {
    const running = network === 'tron' ? readTronEndpoint(dir) : undefined;
    if (!running) throw new Error(`no ${network} devnet is running in ${dir}: start "stablepos serve" in test mode first`);
    if (token !== undefined && token !== TRON_DEVNET_DAI.symbol) throw new Error(`the TRON devnet has no test ${token}: --token must be "DAI"`);
    if (token === undefined && currency !== 'USDT') throw new Error(`TRON offers no ${currency}: pay USDT`);
    const key = TRON_DEVNET_PAYER_KEYS[payer - 1];
    if (!key) throw new Error(`no test payer ${payer}: there are ${TRON_DEVNET_PAYER_KEYS.length}`);
    const web = await tronWebOf(running.httpUrl, key);
    const contract = token ? TRON_DEVNET_DAI.address : running.tokens.USDT;
    const amountBase = toBaseUnits(amountMinor, token ? TRON_DEVNET_DAI.decimals : running.decimals.USDT);
    // The payer mints what it pays (the test tokens' mint is open), then pays like a wallet.
    const minted = await callToken(web, contract, 'mint', web.defaultAddress.base58 as string, amountBase);
    await waitForTronTransaction(web, minted, inclusionMs(running.blockTimeSeconds));
    const paid = await callToken(web, contract, 'transfer', to, amountBase);
    await waitForTronTransaction(web, paid, inclusionMs(running.blockTimeSeconds));
    return paid;
  },
};
