import { createRequire } from 'node:module';

/**
 * Surfnet, the local Solana chain of test mode: a validator with the real JSON-RPC and websocket,
 * embedded in this process by the native package `@solana/surfpool-linux-x64-gnu` (an optional
 * dependency, like anvil's binary, and the only platform the registry serves us). It keeps its state in
 * memory only: what the app needs back after a restart is restored by solana-devnet.ts.
 */

/** The part of the native `Surfnet` object test mode uses (the package ships no type declarations). */
export interface Surfnet {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  /** Sets an account's SOL balance (a cheatcode: no transaction). */
  fundSolMany(accounts: { address: string; lamports: number }[]): void;
  /** Writes an account as given (surfnet_setAccount). */
  setAccount(address: string, lamports: number, data: number[], owner: string): void;
  /** Moves the clock to `slot` (tests: to see a transaction finalized without waiting). */
  timeTravelToSlot(slot: number): unknown;
  /** Closes the RPC and websocket servers. @throws Error when they did not close in time */
  stop(): void;
}

interface SurfnetConfig {
  offline: boolean;
  blockProductionMode: 'clock' | 'transaction' | 'manual';
  slotTimeMs: number;
  payerSecretKey: number[];
}

interface SurfnetModule {
  Surfnet: { startWithConfig(config: SurfnetConfig): Surfnet };
}

const PACKAGE = '@solana/surfpool-linux-x64-gnu';

/**
 * Starts an offline surfnet whose slots advance with the clock, every `slotTimeMs`, on free loopback
 * ports; `payerKey` (64 bytes) is the key surfnet funds itself at genesis.
 * @throws Error saying which package to install where surfnet is missing or unsupported
 */
export function startSurfnet(slotTimeMs: number, payerKey: Uint8Array): Surfnet {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`surfnet is not available for ${process.platform}/${process.arch}; test mode needs a local Solana devnet, so configure an RPC URL for solana instead`);
  }
  let native: SurfnetModule;
  try {
    // Loaded on first use: requiring it loads a native library, which only test mode needs.
    native = createRequire(import.meta.url)(PACKAGE) as SurfnetModule;
  } catch (cause) {
    throw new Error(`surfnet is not installed: the package ${PACKAGE} is missing (optional dependencies skipped?); run \`npm install\` without --omit=optional`, { cause });
  }
  // 'clock': a slot every slotTimeMs, as on a real cluster; the default ('transaction') makes a slot
  // only when a transaction arrives, so nothing would ever become finalized while the shop waits.
  return native.Surfnet.startWithConfig({ offline: true, blockProductionMode: 'clock', slotTimeMs, payerSecretKey: Array.from(payerKey) });
}
