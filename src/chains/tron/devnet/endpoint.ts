import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TronDevnet } from './tron-devnet.js';

/**
 * While `serve` runs the TRON devnet, where it listens is written beside its state file, so that other
 * commands on the same data dir (`stablepos devnet pay --network tron`) can reach it.
 */
export interface TronEndpoint {
  httpUrl: string;
  blockTimeSeconds: number;
  tokens: { USDT: string };
  decimals: { USDT: number };
  pid: number;
}

const fileOf = (devnetDir: string) => join(devnetDir, 'tron.endpoint.json');

export function writeTronEndpoint(devnetDir: string, devnet: TronDevnet): void {
  const endpoint: TronEndpoint = {
    httpUrl: devnet.httpUrl,
    blockTimeSeconds: devnet.blockTimeSeconds,
    tokens: { ...devnet.tokens },
    decimals: { ...devnet.decimals },
    pid: process.pid,
  };
  writeFileSync(fileOf(devnetDir), JSON.stringify(endpoint, null, 2));
}

export function removeTronEndpoint(devnetDir: string): void {
  rmSync(fileOf(devnetDir), { force: true });
}

/** The TRON devnet another process runs for this data dir, if one does. */
export function readTronEndpoint(devnetDir: string): TronEndpoint | undefined {
  const file = fileOf(devnetDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TronEndpoint) : undefined;
}
