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
  // Base, Arbitrum One and Polygon PoS (issue 31): low-fee networks where customers hold USDC now. Off
  // until the shop turns each on. Their devnets take the ids of the networks' own public testnets (Base
  // Sepolia, Arbitrum Sepolia, Polygon Amoy), where a test QR scanned by a real wallet pays nothing of value.
  // Native USDC as Circle lists it ("USDC Contract Addresses", developers.circle.com/stablecoins/
  // usdc-contract-addresses); USDT only where Tether lists the network among its own ("Supported
  // Protocols", tether.to/en/supported-protocols: Ethereum, Avalanche and Polygon for ERC-20). The bridged
  // dollars of each network are watched as mistakes, never offered: `currency` null (an
  // `unsupported_token` deposit), because a bridged USDC is another issuer's token, not the coin the
  // session asked for, and never counts as it (docs/payments.md, "Base, Arbitrum One and Polygon PoS").
  {
    id: 'base',
    name: 'Base',
    family: 'evm',
    tokenStandard: 'ERC-20',
    liveChainId: '8453',
    devnetChainId: 84532,
    // 2 s blocks: 20 s. The sequencer's order is final in practice long before the batch settles on
    // Ethereum (minutes) or its challenge window ends (7 days); the wait covers a sequencer reorg of
    // its unsafe head, which has happened only in outages.
    defaultConfirmations: 10,
    // No USDT: Tether does not list Base among its networks.
    tokens: {
      USDC: { decimals: 6, liveContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    },
    liveExplorerTx: 'https://basescan.org/tx/',
    gasCoin: { symbol: 'ETH', decimals: 18 },
    offByDefault: true,
    // USDbC: Coinbase's bridged USDC from before Circle issued on Base (BaseScan's token page).
    liveExtraTokens: [
      { symbol: 'USDbC', contract: '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', decimals: 6, currency: null },
    ],
    rpcHint: 'A Base mainnet JSON-RPC URL (chain id 8453): your own node, or a provider\'s URL with its key in it.',
  },
  {
    id: 'arbitrum',
    name: 'Arbitrum One',
    family: 'evm',
    tokenStandard: 'ERC-20',
    liveChainId: '42161',
    devnetChainId: 421614,
    // Blocks every 0.25 s when busy: 20 blocks are about 5 s. The sequencer's feed is final in practice;
    // settlement on Ethereum (minutes to 7 days) is more than a shop counter can wait for.
    defaultConfirmations: 20,
    // No USDT: Tether does not list Arbitrum. USDT0 there is LayerZero's omnichain USDT (USDT0 Network,
    // docs.usdt0.to), locked USDT on Ethereum, not a Tether issue: watched as a mistake below.
    tokens: {
      USDC: { decimals: 6, liveContract: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
    },
    liveExplorerTx: 'https://arbiscan.io/tx/',
    gasCoin: { symbol: 'ETH', decimals: 18 },
    offByDefault: true,
    // USDC.e: USDC bridged from Ethereum by Arbitrum's bridge before Circle issued there (Arbiscan).
    liveExtraTokens: [
      { symbol: 'USDC.e', contract: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', decimals: 6, currency: null },
      { symbol: 'USDT0', contract: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6, currency: null },
    ],
    rpcHint: 'An Arbitrum One JSON-RPC URL (chain id 42161): your own node, or a provider\'s URL with its key in it.',
  },
  {
    id: 'polygon',
    name: 'Polygon PoS',
    family: 'evm',
    tokenStandard: 'ERC-20',
    liveChainId: '137',
    devnetChainId: 80002,
    // 2 s blocks: about 2 minutes. Polygon PoS has reorganised dozens of blocks deep (157 in February
    // 2023); milestones made finality faster since, but the watcher counts blocks, and 64 stay well clear.
    defaultConfirmations: 64,
    tokens: {
      // Tether's ERC-20 on Polygon (tether.to, "Supported Protocols"), upgraded in place to USDT0 in 2025.
      USDT: { decimals: 6, liveContract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' },
      USDC: { decimals: 6, liveContract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
    },
    liveExplorerTx: 'https://polygonscan.com/tx/',
    gasCoin: { symbol: 'POL', decimals: 18 },
    offByDefault: true,
    // USDC.e: USDC bridged from Ethereum by the PoS bridge, renamed so by Circle when it issued on Polygon
    // ("What you need to know: Native USDC on Polygon PoS", circle.com/blog).
    liveExtraTokens: [
      { symbol: 'USDC.e', contract: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', decimals: 6, currency: null },
    ],
    rpcHint: 'A Polygon PoS mainnet JSON-RPC URL (chain id 137): your own node, or a provider\'s URL with its key in it.',
  },
];
