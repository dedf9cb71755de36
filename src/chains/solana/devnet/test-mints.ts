import { address, none, some } from '@solana/kit';
import { fetchMint, getMintEncoder, getMintSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { STABLECOINS, type Stablecoin } from '../../../domain/currencies.js';
import { TOKEN_2022_PROGRAM_ADDRESS } from '../refund-payout.js';
import type { SolanaDevnetState } from './state-file.js';
import type { Surfnet } from './surfnet.js';
import { addressOfKey } from './test-keys.js';
import type { SolanaRpc } from './test-wallet.js';

/** The test coins' decimals, as USDT's and USDC's on Solana. */
export const SOLANA_DEVNET_DECIMALS = 6;

/**
 * The test DAI, a token the app does not support, watched so that unmatched deposits can be tried
 * (issue 17). 8 decimals, as DAI bridged to Solana by Wormhole has (an SPL amount is a u64: DAI's
 * own 18 would cap a transfer at 18.4 DAI), and a Token-2022 mint, as PYUSD's on mainnet, so the
 * watcher's account of it is derived under the mint's own program, not the offered coins'.
 */
export const SOLANA_DEVNET_DAI = { symbol: 'DAI', decimals: 8, program: TOKEN_2022_PROGRAM_ADDRESS } as const;

/**
 * Writes the test USDT and USDC mint accounts at their fixed addresses (classic Token program, 6
 * decimals, minted by the state's mint authority, no freeze authority), and the test DAI's (Token-2022,
 * no extension, 8 decimals, the same authority), then reads them back over RPC.
 * Every start, because surfnet begins empty: the mints come back with a supply of 0, as every token
 * account that held them is gone with the previous process.
 * @throws Error when a mint does not read back as written
 */
export async function restoreTestMints(surfnet: Surfnet, rpc: SolanaRpc, state: SolanaDevnetState & { daiMint: string }): Promise<void> {
  const data = (decimals: number) =>
    Array.from(getMintEncoder().encode({ mintAuthority: some(address(addressOfKey(state.mintAuthorityKey))), supply: 0n, decimals, isInitialized: true, freezeAuthority: none() }));
  // A Token-2022 mint without extensions has the classic layout and size.
  const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(getMintSize())).send();
  for (const coin of STABLECOINS) surfnet.setAccount(state.mints[coin], Number(rent), data(SOLANA_DEVNET_DECIMALS), TOKEN_PROGRAM_ADDRESS);
  surfnet.setAccount(state.daiMint, Number(rent), data(SOLANA_DEVNET_DAI.decimals), SOLANA_DEVNET_DAI.program);
  for (const coin of STABLECOINS) await checkMint(rpc, coin, state.mints[coin], TOKEN_PROGRAM_ADDRESS, SOLANA_DEVNET_DECIMALS);
  await checkMint(rpc, SOLANA_DEVNET_DAI.symbol, state.daiMint, SOLANA_DEVNET_DAI.program, SOLANA_DEVNET_DAI.decimals);
}

async function checkMint(rpc: SolanaRpc, coin: Stablecoin | 'DAI', mint: string, program: string, decimals: number): Promise<void> {
  const account = await fetchMint(rpc, address(mint), { commitment: 'confirmed' });
  if (account.programAddress !== program || account.data.decimals !== decimals || !account.data.isInitialized) {
    throw new Error(`the test ${coin} mint ${mint} did not restore as a ${decimals}-decimal mint of ${program}`);
  }
}
