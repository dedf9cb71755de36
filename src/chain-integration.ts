import { join } from 'node:path';
import { type Address, createPublicClient, http, type PublicClient } from 'viem';
import { EvmAddressPool } from './chains/evm/address-pool.js';
import { type Devnet, DEVNET_CHAIN_IDS, startDevnet } from './chains/evm/devnet/devnet.js';
import { removeDevnetEndpoint, writeDevnetEndpoint } from './chains/evm/devnet/endpoint.js';
import { evmPaymentOptions } from './chains/evm/payment-options.js';
import { EvmPayoutChain, newEvmKey, normalizeEvmAddress, PAYOUT_GAS } from './chains/evm/refund-payout.js';
import { fundOnDevnet } from './chains/evm/devnet/fund.js';
import { EvmWatcher } from './chains/evm/watcher.js';
import type { EvmNetworkId, ResolvedConfig, RpcNetworkConfig } from './config.js';
import type { CoreServices } from './core-services.js';
import { STABLECOINS, type Stablecoin } from './domain/currencies.js';
import { NETWORK_INFO } from './domain/networks.js';
import type { NetworkSettings, NetworkStatus } from './domain/payment-option.js';
import type { ChainHandlers } from './services/chain-handlers.js';
import type { RefundChain, RefundChains } from './services/refund-service.js';

const EVM_NETWORKS: readonly EvmNetworkId[] = ['ethereum', 'bsc'];

export interface ChainIntegration {
  handlers: ChainHandlers;
  networks(livemode: boolean): NetworkStatus[];
  /** The running devnets (test mode), for `devnet pay` and tests. */
  devnets: readonly Devnet[];
  watchers: ReadonlyMap<string, EvmWatcher>;
  /** Refund payouts per ready network and mode. */
  refundChains: RefundChains;
  start(): void;
  stop(): Promise<void>;
}

function notConfigured(network: EvmNetworkId, livemode: boolean, confirmations: number): NetworkSettings {
  const info = NETWORK_INFO[network];
  return {
    network,
    livemode,
    status: 'not_configured',
    chainId: livemode ? info.liveChainId : null,
    rpcUrl: null,
    devnet: false,
    confirmations,
    tokens: Object.fromEntries(
      STABLECOINS.map((c) => [c, { contract: livemode ? info.tokens[c].liveContract : '', decimals: info.tokens[c].decimals }]),
    ) as NetworkSettings['tokens'],
  };
}

function fromRpc(network: EvmNetworkId, livemode: boolean, rpc: RpcNetworkConfig, confirmations: number): NetworkSettings {
  const info = NETWORK_INFO[network];
  const chainId = rpc.chainId ?? (livemode ? info.liveChainId : null);
  const tokens = rpc.tokens ?? (livemode ? { USDT: info.tokens.USDT.liveContract, USDC: info.tokens.USDC.liveContract } : undefined);
  if (chainId === null || !tokens) return { ...notConfigured(network, livemode, confirmations), rpcUrl: rpc.rpcUrl };
  return {
    network,
    livemode,
    status: 'ready',
    chainId,
    rpcUrl: rpc.rpcUrl,
    devnet: false,
    confirmations: rpc.confirmations ?? confirmations,
    tokens: { USDT: { contract: tokens.USDT, decimals: info.tokens.USDT.decimals }, USDC: { contract: tokens.USDC, decimals: info.tokens.USDC.decimals } },
  };
}

/**
 * Brings up what the configuration asks for on each EVM network and mode: a local devnet (test mode
 * default), an RPC endpoint, or nothing; then one watcher per ready network and mode. TRON and Solana
 * join here as siblings.
 */
export async function startChainIntegration(config: ResolvedConfig, services: CoreServices, log: (msg: string, err?: unknown) => void): Promise<ChainIntegration> {
  const devnets: Devnet[] = [];
  const settings = new Map<boolean, NetworkSettings[]>([[false, []], [true, []]]);
  try {
    for (const livemode of [false, true]) {
      for (const network of EVM_NETWORKS) {
        const confirmations = config.confirmations[network] ?? NETWORK_INFO[network].defaultConfirmations;
        const choice = (livemode ? config.networks.live : config.networks.test)[network];
        let s: NetworkSettings;
        if (choice === 'devnet' && !livemode) {
          const devnet = await startDevnet({
            network,
            chainId: DEVNET_CHAIN_IDS[network],
            stateFile: join(config.dataDir, 'devnet', `${network}.json`),
            blockTimeSeconds: config.devnetBlockTimeSeconds,
          });
          devnets.push(devnet);
          writeDevnetEndpoint(join(config.dataDir, 'devnet'), devnet);
          s = {
            network,
            livemode,
            status: 'ready',
            chainId: devnet.chainId,
            rpcUrl: devnet.rpcUrl,
            devnet: true,
            confirmations,
            tokens: { USDT: { contract: devnet.tokens.USDT, decimals: devnet.decimals.USDT }, USDC: { contract: devnet.tokens.USDC, decimals: devnet.decimals.USDC } },
          };
        } else if (choice && typeof choice === 'object') {
          s = fromRpc(network, livemode, choice, confirmations);
        } else {
          s = notConfigured(network, livemode, confirmations);
        }
        settings.get(livemode)?.push(s);
      }
    }
  } catch (err) {
    await Promise.all(devnets.map((d) => d.stop()));
    throw err;
  }

  const watchers = new Map<string, EvmWatcher>();
  const refundChains = new Map<string, RefundChain>();
  const merchantId = services.merchants.defaultMerchant().id;
  for (const [livemode, list] of settings) {
    for (const s of list) {
      if (s.status !== 'ready' || !s.rpcUrl || s.chainId === null) continue;
      const network = s.network;
      const client = createPublicClient({ transport: http(s.rpcUrl, { retryCount: 0, timeout: 10_000 }), cacheTime: 0 }) as PublicClient;
      const tokens = STABLECOINS.map((currency: Stablecoin) => ({ currency, contract: s.tokens[currency].contract as Address, decimals: s.tokens[currency].decimals }));
      const payout = new EvmPayoutChain({
        client,
        chainId: s.chainId,
        tokens: { USDT: { contract: s.tokens.USDT.contract as Address, decimals: s.tokens.USDT.decimals }, USDC: { contract: s.tokens.USDC.contract as Address, decimals: s.tokens.USDC.decimals } },
      });
      refundChains.set(`${network}:${livemode}`, {
        network,
        livemode,
        confirmations: s.confirmations,
        gasLimit: PAYOUT_GAS,
        tokenDecimals: (coin) => s.tokens[coin].decimals,
        normalizeAddress: normalizeEvmAddress,
        isContract: (a) => payout.isContract(a),
        head: () => payout.head(),
        balances: (from, token) => payout.balances(from, token),
        nonce: (from, tag) => payout.nonce(from, tag),
        fees: () => payout.fees(),
        sign: (key, p) => payout.sign(key as `0x${string}`, p),
        broadcast: (raw) => payout.broadcast(raw),
        receipt: (hash) => payout.receipt(hash),
        known: (hash) => payout.known(hash),
        uri: (token, to, amount) => payout.uri(token, to, amount),
      });
      // Test mode: the refund wallet gets devnet ether and test coins, so refunds pay out for real.
      const devnet = devnets.find((d) => d.network === network);
      if (!livemode && devnet && config.testRefundWallet !== false && !services.refunds.walletAddress(merchantId, 'evm', false)) {
        // Test mode generates its refund wallet on first use (sealed with the data dir's test passphrase).
        services.refunds.importWalletKey(merchantId, 'evm', false, newEvmKey().privateKey);
      }
      const wallet = !livemode && devnet && config.testRefundWallet !== false ? services.refunds.walletKeyOrNull(merchantId, 'evm', false) : undefined;
      if (devnet && wallet && config.testRefundWallet !== false) {
        await fundOnDevnet(devnet, client, wallet.address as Address, BigInt(config.testRefundWallet.fundTokens)).catch((err: unknown) => log(`${network}: funding the test refund wallet failed`, err));
      }
      const watcher = new EvmWatcher(
        { client, tokens, expectedChainId: s.chainId, pollMs: config.chainPollMs ?? (s.devnet ? 100 : 1000) },
        {
          cursor: (chainId) => {
            const c = services.chainState.cursor(network, livemode);
            if (c && c.chainId !== chainId) {
              // A different chain behind the same name (a new devnet, a changed RPC): start afresh.
              services.chainState.reset(network, livemode);
              return undefined;
            }
            return c?.blockNumber;
          },
          recentBlocks: () => services.chainState.recentBlocks(network, livemode),
          // Deposit addresses, and the destinations of refunds the owner pays by hand (wallet QR).
          isWatched: (address) => services.addressBook.lookup('evm', livemode, address) !== undefined || services.refunds.isManualDestination(livemode, address),
          anyWatched: () => services.addressBook.any('evm', livemode) || services.refunds.anyManual(livemode),
          apply: (scan) => {
            const isDeposit = (to: string) => services.addressBook.lookup('evm', livemode, to) !== undefined;
            // A manual payout is matched first (idempotent by transaction), then the scan moves the cursor.
            const payouts = scan.transfers.filter((t) => !isDeposit(t.to) && services.refunds.isManualDestination(livemode, t.to));
            const matched = new Set(payouts.filter((t) => services.refunds.matchManual(network, livemode, t)).map((t) => `${t.txHash}:${t.logIndex}`));
            const transfers = scan.transfers.filter((t) => isDeposit(t.to) || (!matched.has(`${t.txHash}:${t.logIndex}`) && !services.refunds.isManualDestination(livemode, t.to)));
            services.payments.apply({ ...scan, transfers, network, livemode, confirmations: s.confirmations });
          },
          onError: (err) => log(`${network} (${livemode ? 'live' : 'test'}) watcher: RPC failed`, err),
        },
      );
      watchers.set(`${network}:${livemode ? 'live' : 'test'}`, watcher);
    }
  }

  // Derived ahead in a worker thread, off the request path of session creation.
  const evmAddresses = new EvmAddressPool({ log });
  const handlers: ChainHandlers = {
    addressFamilies: ['evm'],
    deriveAddress: (family, xpub, index) => {
      if (family !== 'evm') throw new Error(`no address derivation for ${family}`);
      return evmAddresses.address(xpub, index);
    },
    options: (livemode, family, address, due, rates) =>
      family === 'evm' ? evmPaymentOptions(settings.get(livemode) ?? [], address, due, rates) : [],
  };

  return {
    handlers,
    devnets,
    watchers,
    refundChains: {
      get: (network, livemode) => refundChains.get(`${network}:${livemode}`),
      all: () => [...refundChains.values()],
    },
    networks: (livemode) =>
      (settings.get(livemode) ?? []).map((s) => {
        const w = watchers.get(`${s.network}:${livemode ? 'live' : 'test'}`);
        return { ...s, watcher: w ? { lastHead: w.stats.lastHead, lastSuccessAt: w.stats.lastSuccessAt, lastError: w.stats.lastError } : null };
      }),
    start: () => {
      for (const w of watchers.values()) w.start();
    },
    stop: async () => {
      for (const w of watchers.values()) w.stop();
      await evmAddresses.stop();
      await Promise.all(devnets.map((d) => d.stop()));
      for (const d of devnets) removeDevnetEndpoint(join(config.dataDir, 'devnet'), d.network);
    },
  };
}
