import type { EvmNetworkInfo } from './evm-network.js';

/**
 * The EVM networks and their live stablecoins: data, read by the family and, through it, the app.
 * Adding one is adding an entry here (docs/architecture.md, "Adding a network"): schemas, options, the
 * checkout page, labels and Settings take the list from the registry.
 */
export const EVM_NETWORKS: readonly EvmNetworkInfo[] = [
  {
    id: 'ethereum',
    name: 'Ethereum',
    family: 'evm',
    tokenStandard: 'ERC-20',
    liveChainId: '1',
    // 1337 and 1338 were the devnets' ids before networks were data: kept, for the state files that exist.
    devnetChainId: 1337,
    defaultConfirmations: 6,
    tokens: {
      USDT: { decimals: 6, liveContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      USDC: { decimals: 6, liveContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    },
    liveExplorerTx: 'https://etherscan.io/tx/',
    gasCoin: { symbol: 'ETH', decimals: 18 },
    // Contracts as their issuers publish them and Etherscan's token pages show them: DAI (MakerDAO/Sky),
    // FDUSD (First Digital), PYUSD (Paxos for PayPal), BUSD (Paxos; no longer minted, still held).
    liveExtraTokens: [
      { symbol: 'DAI', contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F', decimals: 18, currency: null },
      { symbol: 'FDUSD', contract: '0xc5f0f7b66764F6ec8C8Dff7BA683102295E16409', decimals: 18, currency: null },
      { symbol: 'PYUSD', contract: '0x6c3ea9036406852006290770BEdFcAbA0e23A0e8', decimals: 6, currency: null },
      { symbol: 'BUSD', contract: '0x4Fabb145d64652a948d72533023f6E7A623C7C53', decimals: 18, currency: null },
    ],
    rpcHint: 'An Ethereum mainnet JSON-RPC URL: your own node, or a provider\'s URL with its key in it.',
  },
  {
    id: 'bsc',
    name: 'BNB Smart Chain',
    family: 'evm',
    tokenStandard: 'BEP-20',
    liveChainId: '56',
    devnetChainId: 1338,
    defaultConfirmations: 15,
    // Binance-Peg USDT and USDC carry 18 decimals on BNB Smart Chain.
    tokens: {
      USDT: { decimals: 18, liveContract: '0x55d398326f99059fF775485246999027B3197955' },
      USDC: { decimals: 18, liveContract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
    },
    liveExplorerTx: 'https://bscscan.com/tx/',
    gasCoin: { symbol: 'BNB', decimals: 18 },
    // As BscScan's token pages show them: Binance-Peg DAI, FDUSD (First Digital), Binance-Peg BUSD.
    // PYUSD has no BNB Smart Chain contract of its issuer.
    liveExtraTokens: [
      { symbol: 'DAI', contract: '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', decimals: 18, currency: null },
      { symbol: 'FDUSD', contract: '0xc5f0f7b66764F6ec8C8Dff7BA683102295E16409', decimals: 18, currency: null },
      { symbol: 'BUSD', contract: '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56', decimals: 18, currency: null },
    ],
    rpcHint: 'A BNB Smart Chain mainnet JSON-RPC URL: your own node, or a provider\'s URL with its key in it.',
  },
];
