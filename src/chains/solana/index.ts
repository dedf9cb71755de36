import { createSolanaRpcFromTransport } from '@solana/kit';
import { STABLECOINS } from '../../domain/currencies.js';
import type { ChainFamily } from '../family.js';
import { reportEndpoints } from '../rpc-pool/pool.js';
import { solanaRpcPool } from '../rpc-pool/solana-pool.js';
import { solanaPoolTransport } from '../rpc-pool/solana-transport.js';
import { addressBytes, addressOfSecretKey, checkMerchantWallet, newReference, newSecretKeyBytes, parseSecretKey, testMerchantWallet } from './accounts.js';
import { type RunningSolanaDevnet, solanaDevnet } from './devnet/index.js';
import { MerchantAccounts, type OfferedMint } from './merchant-accounts.js';
import { SOLANA_NETWORKS } from './networks.js';
import { solanaPaymentOptions } from './payment-options.js';
import { probeSolanaEndpoint } from './probe.js';
import { SolanaPayoutChain, solanaPayoutNonce } from './refund-payout.js';
import { SolanaWatcher } from './watcher.js';

/**
 * The Solana family: USDC and USDT (SPL) on Solana, paid by Solana Pay transfer requests. Every
 * session pays the merchant's one wallet and is told apart by a fresh reference key in the transfer
 * (the session's deposit); the watcher follows the wallet's token accounts, one per mint, so its cost
 * does not grow with open sessions; refunds are `transferChecked` payouts signed by one refund wallet.
 */
export const solanaFamily: ChainFamily<RunningSolanaDevnet> = {
  id: 'solana',
  name: 'Solana',
  networks: SOLANA_NETWORKS,

  wallet: {
    label: 'address of a Solana wallet (its public key, as Phantom or Solflare shows it)',
    check: checkMerchantWallet,
    testWallet: testMerchantWallet,
  },

  addresses: {
    format: 'a Solana address: base58 of 32 bytes, 32 to 44 characters',
    normalize: (address) => (addressBytes(address) ? address : null),
    key: (address) => address,
  },

  refundKeys: {
    format: 'the secret key as Phantom or Solflare exports it (base58, 87 or 88 characters) or a solana-keygen file\'s [64 numbers]',
    parse: parseSecretKey,
    address: addressOfSecretKey,
    generate: newSecretKeyBytes,
  },

  // A reference per session, random: nothing derives it, so there is no pool to fill ahead.
  deposits: () => ({ deposit: () => newReference(), stop: async () => undefined }),

  paymentOptions: solanaPaymentOptions,
  uriSchemes: ['solana'],

  connect(network, ports) {
    // All the network's RPC traffic, the watcher's and the payouts', goes through one pool of its endpoints.
    const pool = solanaRpcPool(network);
    // The watcher counts each call once; the pool adds what a call cost beyond that (retries, probes).
    const rpc = createSolanaRpcFromTransport(solanaPoolTransport(pool, { extra: () => void watcher.stats.rpcCalls++ }));
    const mints: OfferedMint[] = STABLECOINS.flatMap((currency) => {
      const token = network.tokens[currency];
      return token ? [{ currency, mint: token.contract, decimals: token.decimals }] : [];
    });
    const name = SOLANA_NETWORKS.find((n) => n.id === network.network)?.name ?? network.network;
    // The account lookups count as the watcher's RPC calls (the benchmarks read them).
    // The wallet's accounts of the extra mints are followed too (one more getSignaturesForAddress per
    // pass and mint): a transfer into one is an unmatched deposit, never a payment (issue 17).
    const accounts: MerchantAccounts = new MerchantAccounts(rpc, { offered: mints, extra: network.extraTokens ?? [] }, () => ports.wallet(), () => void watcher.stats.rpcCalls++);
    const commitment = network.commitment === 'confirmed' ? 'confirmed' : 'finalized';
    // The merchant's accounts, and those of refunds the owner pays by hand (their payouts land there).
    const followed = async () => {
      const merchant = await accounts.current();
      const payouts = await accounts.payoutAccounts(ports.manualDestinations());
      const own = new Set(merchant.map((a) => a.account));
      return [...merchant, ...payouts.filter((a) => !own.has(a.account))];
    };
    const watcher = new SolanaWatcher({ rpc, merchantTokenAccounts: followed, following: (list) => accounts.following(list), expectedChainId: network.chainId, pollMs: network.pollMs, commitment, interrupt: () => pool.interrupt() }, ports);
    reportEndpoints(watcher.stats, pool);
    return {
      watcher,
      payouts: new SolanaPayoutChain({ rpc: createSolanaRpcFromTransport(solanaPoolTransport(pool)), name }),
      unpayable: () => accounts.unpayable(),
    };
  },

  payoutNonce: solanaPayoutNonce,

  probe: probeSolanaEndpoint,

  devnet: solanaDevnet,
};
