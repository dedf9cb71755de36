import type { NetworkInfo } from '../../domain/networks.js';

/** The EVM networks and their live stablecoins: data, read by the family and, through it, the app. */
export const EVM_NETWORKS: readonly NetworkInfo[] = [
  {
    id: 'ethereum',
    name: 'Ethereum',
    family: 'evm',
    tokenStandard: 'ERC-20',
    liveChainId: '1',
    defaultConfirmations: 6,
    tokens: {
      USDT: { decimals: 6, liveContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      USDC: { decimals: 6, liveContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    },
    liveExplorerTx: 'https://etherscan.io/tx/',
    rpcHint: 'An Ethereum mainnet JSON-RPC URL: your own node, or a provider\'s URL with its key in it.',
  },
  {
    id: 'bsc',
    name: 'BNB Smart Chain',
    family: 'evm',
    tokenStandard: 'BEP-20',
    liveChainId: '56',
    defaultConfirmations: 15,
    // Binance-Peg USDT and USDC carry 18 decimals on BNB Smart Chain.
    tokens: {
      USDT: { decimals: 18, liveContract: '0x55d398326f99059fF775485246999027B3197955' },
      USDC: { decimals: 18, liveContract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
    },
    liveExplorerTx: 'https://bscscan.com/tx/',
    rpcHint: 'A BNB Smart Chain mainnet JSON-RPC URL: your own node, or a provider\'s URL with its key in it.',
  },
];
