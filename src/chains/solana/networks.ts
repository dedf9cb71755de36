import type { NetworkInfo } from '../../domain/networks.js';

/**
 * Solana and its live stablecoins: data, read by the family and, through it, the app. Both coins are
 * SPL tokens of the original Token program with 6 decimals; the family reads each mint's program from
 * the chain all the same, so a Token-2022 mint (a test chain's, a future coin's) works too.
 */
export const SOLANA_NETWORKS: readonly NetworkInfo[] = [
  {
    id: 'solana',
    name: 'Solana',
    family: 'solana',
    tokenStandard: 'SPL',
    // A Solana cluster is told apart by its genesis hash (getGenesisHash): mainnet-beta's.
    liveChainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
    // One "confirmation" on Solana is the final commitment (`finalized`, about 13 s after `confirmed`):
    // the watcher reports the finalized slot as its head, so a payment counts once its slot is final.
    defaultConfirmations: 1,
    // The commitment whose slot is the watcher's head: `finalized` by default (the contract's), or
    // `confirmed` for a shop that accepts a supermajority's vote (seconds sooner; a confirmed block has
    // never been rolled back on mainnet, but nothing guarantees it).
    commitments: ['finalized', 'confirmed'],
    tokens: {
      USDC: { decimals: 6, liveContract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
      USDT: { decimals: 6, liveContract: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' },
    },
    // Watched for customers' mistakes (issue 17): the merchant's account of each is followed, one more
    // getSignaturesForAddress per pass. PYUSD (Paxos for PayPal) is a Token-2022 mint: its account is
    // derived under that program, read from the mint (docs/payments.md lists the sources).
    liveExtraTokens: [{ symbol: 'PYUSD', contract: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', decimals: 6, currency: null }],
    liveExplorerTx: 'https://solscan.io/tx/',
    gasCoin: { symbol: 'SOL', decimals: 9 },
    rpcHint:
      'A Solana JSON-RPC endpoint of mainnet-beta (https://api.mainnet-beta.solana.com is rate-limited: a provider\'s URL with its key is better). ' +
      'It must answer getMultipleAccounts, getSignaturesForAddress and getTransaction for recent transactions; the app reads payments once confirmed and counts them at the commitment set for it (finalized unless changed).',
  },
];
