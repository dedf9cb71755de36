import { address, none, some } from '@solana/kit';
import { fetchMint, getMintEncoder, getMintSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { STABLECOINS, type Stablecoin } from '../../../domain/currencies.js';
import type { SolanaDevnetState } from './state-file.js';
import type { Surfnet } from './surfnet.js';
import { addressOfKey } from './test-keys.js';
import type { SolanaRpc } from './test-wallet.js';

/** The test coins' decimals, as USDT's and USDC's on Solana. */
export const SOLANA_DEVNET_DECIMALS = 6;

/**
 * Writes the test USDT and USDC mint accounts at their fixed addresses (classic Token program, 6
 * decimals, minted by the state's mint authority, no freeze authority), then reads them back over RPC.
 * Every start, because surfnet begins empty: the mints come back with a supply of 0, as every token
 * account that held them is gone with the previous process.
 * @throws Error when a mint does not read back as written
 */
export async function restoreTestMints(surfnet: Surfnet, rpc: SolanaRpc, state: SolanaDevnetState): Promise<void> {
  const data = getMintEncoder().encode({
    mintAuthority: some(address(addressOfKey(state.mintAuthorityKey))),
    supply: 0n,
    decimals: SOLANA_DEVNET_DECIMALS,
    isInitialized: true,
    freezeAuthority: none(),
  });
  const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(getMintSize())).send();
  for (const coin of STABLECOINS) surfnet.setAccount(state.mints[coin], Number(rent), Array.from(data), TOKEN_PROGRAM_ADDRESS);
  for (const coin of STABLECOINS) await checkMint(rpc, coin, state.mints[coin]);
}

async function checkMint(rpc: SolanaRpc, coin: Stablecoin, mint: string): Promise<void> {
  const account = await fetchMint(rpc, address(mint), { commitment: 'confirmed' });
  if (account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.decimals !== SOLANA_DEVNET_DECIMALS || !account.data.isInitialized) {
    throw new Error(`the test ${coin} mint ${mint} did not restore as a 6-decimal Token-program mint`);
  }
}
