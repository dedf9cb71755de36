import type { WatcherPorts } from '../../src/chains/family.js';
import type { ChainScan } from '../../src/domain/chain-scan.js';

/**
 * An in-memory `WatcherPorts`: the cursor the last applied scan left, the watched deposits a test
 * sets, and every applied scan, in order (what the payment recorder would receive).
 */
export class FakeWatcherPorts implements WatcherPorts {
  readonly applied: ChainScan[] = [];
  readonly errors: unknown[] = [];
  readonly watched = new Set<string>();
  private position: { chainId: string; cursor: string } | undefined;
  /** The merchant's wallet the family reads (Solana follows its token accounts). */
  merchantWallet: string | undefined;

  /** As if a previous run had left `cursor` on `chainId`. */
  resumeFrom(chainId: string, cursor: string): void {
    this.position = { chainId, cursor };
  }

  wallet(): string | undefined {
    return this.merchantWallet;
  }
  async cursor(chainId: string): Promise<string | undefined> {
    return this.position?.chainId === chainId ? this.position.cursor : undefined;
  }
  async recentBlocks(): Promise<{ number: number; hash: string }[]> {
    return [];
  }
  async isWatched(address: string): Promise<boolean> {
    return this.watched.has(address);
  }
  /** Deposit addresses (Solana: references) whose window a test has ended. */
  readonly ended = new Set<string>();
  async isPastDeposit(address: string): Promise<boolean> {
    return this.ended.has(address);
  }
  /** Refund destinations paid by hand that a test has the watcher follow. */
  readonly manual = new Set<string>();
  manualDestinations(): readonly string[] {
    return [...this.manual];
  }
  /** When the oldest watched deposit was created (ms), as a test sets it; undefined: as if none. */
  since: number | undefined;
  async watchedSince(): Promise<number | undefined> {
    return this.since;
  }
  anyWatched(): boolean {
    return this.watched.size > 0 || this.ended.size > 0;
  }
  async apply(scan: ChainScan): Promise<void> {
    this.applied.push(scan);
    this.position = { chainId: scan.chainId, cursor: scan.cursor };
  }
  onError(error: unknown): void {
    this.errors.push(error);
  }
  /** Every transfer reported so far, in order. */
  transfers(): ChainScan['transfers'] {
    return this.applied.flatMap((s) => s.transfers);
  }
}
