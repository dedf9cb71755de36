import { randomBytes } from 'node:crypto';
import secp256k1 from 'secp256k1';
import { type Address, createPublicClient, type PublicClient } from 'viem';
import { STABLECOINS } from '../../domain/currencies.js';
import type { ChainFamily } from '../family.js';
import { ethRpcPool } from '../rpc-pool/eth-pool.js';
import { reportEndpoints } from '../rpc-pool/pool.js';
import { poolTransport } from '../rpc-pool/viem-transport.js';
import { acquireAddressPool } from '../keccak-accounts/shared-address-pool.js';
import { TransferLogWatcher, type WatchedToken } from '../transfer-logs/transfer-log-watcher.js';
import { isTronAddress, toEvmAddress, toTronBase58 } from './address-format.js';
import { newTestTronWallet, TRON_ACCOUNT_PATH, TronAddressDeriver, tronAddressOfPublicKey } from './addresses.js';
import { type RunningTronDevnet, tronDevnet } from './devnet/index.js';
import { TRON_NETWORKS } from './networks.js';
import { tronPaymentOptions } from './payment-options.js';
import { probeTronNode } from './probe.js';
import { explainTronRpcError } from './rpc-errors.js';
import { TronPayoutChain, tronPayoutNonce } from './refund-payout.js';

/** java-tron's cap on one eth_getLogs range (node.jsonrpc.maxBlockRange). */
const MAX_LOG_RANGE = 5_000;

/**
 * The node's base URL as the owner gives it (`https://api.trongrid.io`, a full node's `http://host:8090`),
 * without a trailing slash or `/jsonrpc`: the watcher appends `/jsonrpc`, payouts `/wallet/…`.
 */
export function tronNodeBase(rpcUrl: string): string {
  return rpcUrl.replace(/\/+$/, '').replace(/\/jsonrpc$/, '');
}

/** A base58check `T…` address, as wallets show it; null for anything else (hex forms included). */
function normalizeTronAddress(address: string): string | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) || !isTronAddress(address)) return null;
  return toTronBase58(address);
}

/**
 * The TRON family: USDT TRC-20 on TRON. One account xpub (m/44'/195'/0') gives each session a deposit
 * address; payments are the token's Transfer logs, read from the node's Ethereum-compatible `/jsonrpc`
 * with the watcher EVM uses; the QR code carries the bare address (no TRON URI scans everywhere);
 * refunds are TRC-20 transfers built offline and signed by one refund wallet.
 */
export const tronFamily: ChainFamily<RunningTronDevnet> = {
  id: 'tron',
  name: 'TRON',
  networks: TRON_NETWORKS,

  wallet: {
    label: `account xpub (${TRON_ACCOUNT_PATH})`,
    check: (xpub) => void new TronAddressDeriver(xpub),
    testWallet: (seed) => newTestTronWallet(seed).xpub,
  },

  addresses: {
    format: 'a base58check TRON address: T followed by 33 characters',
    normalize: normalizeTronAddress,
    // Base58 is case-sensitive: an address has one spelling.
    key: (address) => address,
  },

  refundKeys: {
    format: '64 hex digits, with or without 0x (as TronLink exports a private key)',
    parse: (text) => (/^(0x)?[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text.replace(/^0x/, ''), 'hex') : null),
    address: (key) => {
      if (!secp256k1.privateKeyVerify(key)) throw new Error('not a valid secp256k1 private key');
      return tronAddressOfPublicKey(secp256k1.publicKeyCreate(key, false));
    },
    generate: () => {
      for (;;) {
        const key = randomBytes(32);
        if (secp256k1.privateKeyVerify(key)) return key;
      }
    },
  },

  // A TRON account is the same 20 bytes an EVM account of that key would be: the shared pool derives
  // them ahead in a worker (~50 µs each, against ~1.3 ms in JavaScript on the request path), the one
  // thread EVM's deposits use too (shared-address-pool.ts), and spells them base58check there too.
  deposits: (log) => {
    const { pool, release } = acquireAddressPool(log);
    const spelling = { name: 'tron', spell: toTronBase58 } as const;
    return { deposit: (xpub, index) => pool.address(xpub, index, spelling), stop: release };
  },

  paymentOptions: tronPaymentOptions,
  uriSchemes: ['tron'],

  connect(network, ports) {
    const base = tronNodeBase(network.rpcUrl);
    const headers = network.rpcHeaders ? { ...network.rpcHeaders } : undefined;
    // One pool of the node bases: the watcher's /jsonrpc and the payouts' /wallet/… both go through it.
    const pool = ethRpcPool(network, { urls: (network.rpcUrls ?? [network.rpcUrl]).map(tronNodeBase), jsonRpcPath: '/jsonrpc' });
    // The watcher counts each call once; the pool adds what a call cost beyond that (retries, parts of a split eth_getLogs, probes).
    const client = createPublicClient({ transport: poolTransport(pool, { extra: () => void watcher.stats.rpcCalls++ }), cacheTime: 0 }) as PublicClient;
    const tokens: WatchedToken[] = STABLECOINS.flatMap((currency) => {
      const token = network.tokens[currency];
      // /jsonrpc speaks 20-byte hex addresses and rejects TRON's 41 form.
      return token ? [{ currency, logAddress: toEvmAddress(token.contract) as Address, contract: token.contract, decimals: token.decimals }] : [];
    });
    // Watched for customers' mistakes (USDC, other tokens) in the same eth_getLogs: more contracts, not more calls.
    for (const t of network.extraTokens ?? []) tokens.push({ ...t, logAddress: toEvmAddress(t.contract) as Address, mistake: t.currency ? 'wrong_asset' : 'unsupported_token' });
    const name = TRON_NETWORKS.find((n) => n.id === network.network)?.name ?? network.network;
    const watcher = new TransferLogWatcher(
      {
        client,
        tokens,
        expectedChainId: network.chainId,
        pollMs: network.pollMs,
        confirmations: network.confirmations,
        logRange: () => pool.logRange(),
        interrupt: () => pool.interrupt(),
        maxRange: MAX_LOG_RANGE,
        address: (hex) => toTronBase58(hex),
        // The log's transaction hash is the TRON txID, which TRON writes without 0x.
        txId: (hash) => hash.replace(/^0x/, ''),
        explainError: explainTronRpcError,
      },
      ports,
    );
    reportEndpoints(watcher.stats, pool);
    return { watcher, payouts: new TronPayoutChain({ httpUrl: base, name, pool, ...(headers && { headers }) }) };
  },

  payoutNonce: tronPayoutNonce,

  probe: (target) => probeTronNode(target, tronNodeBase),

  devnet: tronDevnet,
};
