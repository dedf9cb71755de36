import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stablecoin } from '../../../domain/currencies.js';
import type { RunningSolanaDevnet } from './solana-devnet.js';

/**
 * While `serve` runs the Solana devnet, where it listens is written beside its state file, so that
 * other commands on the same data dir (`stablepos devnet pay --network solana`) can reach it. Keys stay
 * in the state file (solana.json), which those commands read too.
 */
export interface SolanaEndpoint {
  rpcUrl: string;
  wsUrl: string;
  slotTimeMs: number;
  mints: Record<Stablecoin, string>;
  decimals: Record<Stablecoin, number>;
  /** The test DAI's mint, decimals and program (watched, never offered). */
  dai: { mint: string; decimals: number; program: string };
  pid: number;
}

const fileOf = (devnetDir: string) => join(devnetDir, 'solana.endpoint.json');

export function writeSolanaEndpoint(devnetDir: string, devnet: RunningSolanaDevnet): void {
  const endpoint: SolanaEndpoint = {
    rpcUrl: devnet.rpcUrl,
    wsUrl: devnet.wsUrl,
    slotTimeMs: devnet.slotTimeMs,
    mints: { ...devnet.mints },
    decimals: { ...devnet.decimals },
    dai: { ...devnet.dai },
    pid: process.pid,
  };
  writeFileSync(fileOf(devnetDir), JSON.stringify(endpoint, null, 2));
}

export function removeSolanaEndpoint(devnetDir: string): void {
  rmSync(fileOf(devnetDir), { force: true });
}

/** The Solana devnet another process runs for this data dir, if one does. */
export function readSolanaEndpoint(devnetDir: string): SolanaEndpoint | undefined {
  const file = fileOf(devnetDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SolanaEndpoint) : undefined;
}
