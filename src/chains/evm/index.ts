import { randomBytes } from 'node:crypto';
import { type Address, createPublicClient, getAddress, type PublicClient } from 'viem';
import { STABLECOINS } from '../../domain/currencies.js';
import type { ChainFamily } from '../family.js';
import { probeJsonRpc } from '../transfer-logs/rpc-probe.js';
import { ethRpcPool } from '../rpc-pool/eth-pool.js';
import { reportEndpoints } from '../rpc-pool/pool.js';
import { poolTransport } from '../rpc-pool/viem-transport.js';
import { TransferLogWatcher, type WatchedToken } from '../transfer-logs/transfer-log-watcher.js';
import { acquireAddressPool } from '../keccak-accounts/shared-address-pool.js';
import { EvmAddressDeriver } from '../keccak-accounts/xpub-deriver.js';
import { newTestWallet } from './addresses.js';
import { evmDevnet } from './devnet/index.js';
import type { Devnet } from './devnet/index.js';
import { EVM_NETWORKS } from './networks.js';
import { evmPaymentOptions } from './payment-options.js';
import { evmKeyAddress, evmPayoutNonce, EvmPayoutChain, normalizeEvmAddress } from './refund-payout.js';

/**
 * The EVM family: Ethereum, BNB Smart Chain, Base, Arbitrum One and Polygon PoS (networks.ts). One account
 * xpub (m/44'/60'/0') gives each session a deposit address that serves every one of them; payments are ERC-20/BEP-20 Transfer logs; the QR code is
 * the EIP-681 request; refunds are EIP-1559 token transfers from one refund wallet.
 */
export const evmFamily: ChainFamily<Devnet> = {
  id: 'evm',
  name: 'EVM',
  networks: EVM_NETWORKS,

  wallet: {
    label: "account xpub (m/44'/60'/0')",
    check: (xpub) => void new EvmAddressDeriver(xpub),
    testWallet: (seed) => newTestWallet(seed).xpub,
  },

  addresses: {
    format: '0x followed by 40 hex digits, with a valid EIP-55 checksum when mixed case',
    normalize: normalizeEvmAddress,
    // EIP-55 checksums are a display convention: addresses compare case-insensitively.
    key: (address) => address.toLowerCase(),
  },

  refundKeys: {
    format: '64 hex digits, with or without 0x',
    parse: (text) => (/^(0x)?[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text.replace(/^0x/, ''), 'hex') : null),
    address: (key) => evmKeyAddress(`0x${Buffer.from(key).toString('hex')}`),
    generate: () => randomBytes(32),
  },

  // Derived ahead in a worker thread, off the request path of session creation; the thread is
  // shared with TRON's deposits (shared-address-pool.ts).
  deposits: (log) => {
    const { pool, release } = acquireAddressPool(log);
    return { deposit: (xpub, index) => pool.address(xpub, index), stop: release };
  },

  paymentOptions: evmPaymentOptions,
  uriSchemes: ['ethereum'],

  connect(network, ports) {
    // All the network's RPC traffic, the watcher's and the payouts', goes through one pool of its endpoints.
    const pool = ethRpcPool(network);
    // The watcher counts each call once; the pool adds what a call cost beyond that (retries, parts of a split eth_getLogs, probes).
    const client = createPublicClient({ transport: poolTransport(pool, { extra: () => void watcher.stats.rpcCalls++ }), cacheTime: 0 }) as PublicClient;
    const tokens: WatchedToken[] = STABLECOINS.flatMap((currency) => {
      const token = network.tokens[currency];
      return token ? [{ currency, logAddress: token.contract as Address, contract: token.contract, decimals: token.decimals }] : [];
    });
    // Watched for customers' mistakes in the same eth_getLogs (more contracts, not more calls).
    for (const t of network.extraTokens ?? []) tokens.push({ ...t, logAddress: t.contract as Address, mistake: t.currency ? 'wrong_asset' : 'unsupported_token' });
    const name = EVM_NETWORKS.find((n) => n.id === network.network)?.name ?? network.network;
    const watcher = new TransferLogWatcher({ client, tokens, expectedChainId: network.chainId, pollMs: network.pollMs, confirmations: network.confirmations, logRange: () => pool.logRange(), interrupt: () => pool.interrupt(), address: getAddress, txId: (hash) => hash }, ports);
    reportEndpoints(watcher.stats, pool);
    const payoutClient = createPublicClient({ transport: poolTransport(pool), cacheTime: 0 }) as PublicClient;
    return { watcher, payouts: new EvmPayoutChain({ client: payoutClient, chainId: network.chainId, name }) };
  },

  payoutNonce: evmPayoutNonce,

  probe: (target) => probeJsonRpc({ ...target, rpcUrlOf: (url) => url, logAddresses: target.contracts }),

  devnet: evmDevnet,
};
