import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Stablecoin } from '../../../domain/currencies.js';
import { addressOfKey, newAddress, newSecretKey, type SecretKey58 } from './test-keys.js';

/**
 * What the Solana devnet keeps in the data dir (`solana.json`), because surfnet forgets everything when
 * the process ends: the test mints' addresses (payments recorded in the database name them, so they
 * must not change), the key of their mint authority, the test payers' and the faucet's keys. Test funds
 * only, but keys all the same: the file is written readable by its owner only.
 */
export interface SolanaDevnetState {
  version: 1;
  mints: Record<Stablecoin, string>;
  /**
   * The test DAI's mint (watched, never offered: issue 17). Absent from files written before it
   * existed: added, and the file rewritten, at the next start.
   */
  daiMint?: string;
  mintAuthorityKey: SecretKey58;
  /** Surfnet's own payer at genesis: pays the fees of the refund wallet's funding. */
  faucetKey: SecretKey58;
  payerKeys: SecretKey58[];
}

/** How many test payers `stablepos devnet pay --payer N` can use. */
export const SOLANA_DEVNET_PAYERS = 10;

/**
 * The state of `file`, made (and written) on the first start; an older file gets the test DAI's mint
 * address added and is written back, so the address stays fixed from then on.
 * @throws Error when the file is unreadable
 */
export function loadOrCreateState(file: string): SolanaDevnetState & { daiMint: string } {
  if (existsSync(file)) {
    const state = readState(file);
    if (state.daiMint !== undefined) return { ...state, daiMint: state.daiMint };
    const upgraded = { ...state, daiMint: newAddress() };
    writeFileSync(file, JSON.stringify(upgraded, null, 2), { mode: 0o600 });
    return upgraded;
  }
  const state = {
    version: 1 as const,
    mints: { USDT: newAddress(), USDC: newAddress() },
    daiMint: newAddress(),
    mintAuthorityKey: newSecretKey(),
    faucetKey: newSecretKey(),
    payerKeys: Array.from({ length: SOLANA_DEVNET_PAYERS }, newSecretKey),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  return state;
}

/** @throws Error saying what is wrong with the file */
export function readState(file: string): SolanaDevnetState {
  let state: SolanaDevnetState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as SolanaDevnetState;
    if (state.version !== 1) throw new Error(`version ${String(state.version)} is not 1`);
    for (const key of [state.mintAuthorityKey, state.faucetKey, ...state.payerKeys]) addressOfKey(key);
    if (typeof state.mints?.USDT !== 'string' || typeof state.mints.USDC !== 'string') throw new Error('mints.USDT and mints.USDC must be addresses');
    if (state.daiMint !== undefined && typeof state.daiMint !== 'string') throw new Error('daiMint must be an address');
  } catch (cause) {
    throw new Error(`the Solana devnet's state file ${file} is unreadable (${(cause as Error).message}); remove it to start a fresh Solana devnet`, { cause });
  }
  return state;
}
