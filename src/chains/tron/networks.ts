import type { NetworkInfo } from '../../domain/networks.js';

/**
 * TRON and its live stablecoins: data, read by the family and, through it, the app.
 *
 * USDT only. Circle stopped minting USDC on TRON in February 2024 and ended its support in February
 * 2025: the coin still exists on chain, but nobody redeems it, so a shop that took it could not turn it
 * back into dollars. TRON therefore offers no USDC in either mode (docs/payments.md, "TRON").
 */
export const TRON_NETWORKS: readonly NetworkInfo[] = [
  {
    id: 'tron',
    name: 'TRON',
    family: 'tron',
    tokenStandard: 'TRC-20',
    // What the node's /jsonrpc answers to eth_chainId on mainnet (0x2b6653dc).
    liveChainId: '728126428',
    // About one solidified block: 70 % of the 27 super representatives built on it (~57 s).
    defaultConfirmations: 19,
    tokens: { USDT: { decimals: 6, liveContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } },
    liveExplorerTx: 'https://tronscan.org/#/transaction/',
    gasCoin: { symbol: 'TRX', decimals: 6 },
    // USDC's TRC-20 contract (Circle's, as Tronscan shows it): still sent by mistake, never offered, so
    // watched as a wrong asset. DAI, FDUSD, PYUSD and BUSD have no TRC-20 contract of their issuers.
    liveExtraTokens: [{ symbol: 'USDC', contract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', decimals: 6, currency: 'USDC' }],
    // TronGrid, the public TRON endpoint, takes its API key in this header.
    apiKeyHeader: 'TRON-PRO-API-KEY',
    rpcHint:
      'A java-tron node\'s HTTP base URL, without /jsonrpc: https://api.trongrid.io with a TronGrid API key, or your own full node ' +
      '(http://host:8090) with node.jsonrpc.httpFullNodeEnable = true. The app reads payments from its /jsonrpc and pays refunds through /wallet.',
  },
];
