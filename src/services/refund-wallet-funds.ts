import { type Stablecoin, STABLECOINS } from '../domain/currencies.js';
import { fromBaseUnits, type Network, type NetworkInfo } from '../domain/networks.js';
import type { RefundNetwork } from './refund-service.js';
import { withTimeout } from './with-timeout.js';

/**
 * What the refund wallet holds on each network its family runs in one mode, read for the owner
 * (GET /v1/refund_wallets/{family}, Settings › Refunds): the network's gas coin, whether that is
 * enough for one refund payout (WalletFunds.gasPerPayout, the family's own estimate), and each coin it
 * pays refunds in. One wallet serves every network of its family, but each network charges its fees
 * in its own coin (ETH on Ethereum and Base, BNB, POL…), so "funded" is a per-network question.
 */

/**
 * How long the read of one network may take. **Decision:** 3 s, all networks read at once: the answer
 * comes within that however many networks are down (a network whose pool is still retrying says so
 * instead of holding the route for its 30 s), and a healthy endpoint answers a handful of calls in
 * far less.
 */
export const FUNDS_TIMEOUT_MS = 3_000;

export type NetworkFunds = {
  readonly network: Network;
  readonly gasCoin: NetworkInfo['gasCoin'];
} & (
  | {
      readonly status: 'ok';
      /** Of the gas coin, in its smallest unit. */
      readonly gas: bigint;
      /** What one payout needs of it, now. */
      readonly gasPerPayout: bigint;
      readonly enoughGas: boolean;
      /** Per coin the network offers, in the 6-decimal unit of account (token base units rounded down). */
      readonly coins: readonly { readonly currency: Stablecoin; readonly balanceMinor: bigint }[];
    }
  | {
      readonly status: 'unavailable';
      /** Why, in words: the node's error or the timeout. */
      readonly error: string;
    }
);

/** Reads `wallet`'s funds on every one of `networks` at once, each within `timeoutMs`. */
export async function readWalletFunds(wallet: string, networks: readonly { chain: RefundNetwork; info: NetworkInfo }[], timeoutMs = FUNDS_TIMEOUT_MS): Promise<NetworkFunds[]> {
  return Promise.all(networks.map(({ chain, info }) => fundsOn(wallet, chain, info, timeoutMs)));
}

async function fundsOn(wallet: string, chain: RefundNetwork, info: NetworkInfo, timeoutMs: number): Promise<NetworkFunds> {
  const coins = STABLECOINS.flatMap((currency) => {
    const token = chain.tokens[currency];
    return token ? [{ currency, ...token }] : [];
  });
  const base = { network: chain.network, gasCoin: info.gasCoin };
  try {
    const funds = await withTimeout(chain.payouts.funds(wallet, coins.map((c) => c.contract)), timeoutMs, `the ${info.name} node did not answer within ${timeoutMs / 1000} s`);
    return {
      ...base,
      status: 'ok',
      gas: funds.gas,
      gasPerPayout: funds.gasPerPayout,
      enoughGas: funds.gas >= funds.gasPerPayout,
      coins: coins.map((c, i) => ({ currency: c.currency, balanceMinor: fromBaseUnits(funds.tokens[i] ?? 0n, c.decimals) })),
    };
  } catch (err) {
    return { ...base, status: 'unavailable', error: firstLine(err) };
  }
}

const firstLine = (err: unknown): string => {
  const short = (err as { shortMessage?: unknown }).shortMessage;
  const text = typeof short === 'string' ? short : err instanceof Error ? err.message : String(err);
  return text.split('\n')[0] ?? text;
};
