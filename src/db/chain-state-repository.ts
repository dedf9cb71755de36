import { and, desc, eq, gt, lt, lte } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { chainBlocks, chainCursors } from './schema.js';

/** How many scanned block hashes are kept per network: deeper reorganisations than this are not expected. */
export const KEEP_BLOCKS = 256;

export class ChainStateRepository {
  constructor(private readonly db: Db) {}

  cursor(network: string, livemode: boolean): { chainId: string; position: string } | undefined {
    return this.db
      .select({ chainId: chainCursors.chainId, position: chainCursors.position })
      .from(chainCursors)
      .where(and(eq(chainCursors.network, network), eq(chainCursors.livemode, livemode)))
      .get();
  }

  setCursor(network: string, livemode: boolean, chainId: string, position: string, now: number): void {
    this.db
      .insert(chainCursors)
      .values({ network, livemode, chainId, position, updatedAt: now })
      .onConflictDoUpdate({ target: [chainCursors.network, chainCursors.livemode], set: { chainId, position, updatedAt: now } })
      .run();
  }

  /** Newest first. */
  recentBlocks(network: string, livemode: boolean): { number: number; hash: string }[] {
    return this.db
      .select({ number: chainBlocks.number, hash: chainBlocks.hash })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.network, network), eq(chainBlocks.livemode, livemode)))
      .orderBy(desc(chainBlocks.number))
      .limit(KEEP_BLOCKS)
      .all();
  }

  putBlocks(network: string, livemode: boolean, blocks: { number: number; hash: string }[]): void {
    for (const b of blocks) {
      this.db
        .insert(chainBlocks)
        .values({ network, livemode, number: b.number, hash: b.hash })
        .onConflictDoUpdate({ target: [chainBlocks.network, chainBlocks.livemode, chainBlocks.number], set: { hash: b.hash } })
        .run();
    }
    const newest = blocks.reduce((m, b) => Math.max(m, b.number), 0);
    const t = chainBlocks;
    this.db.delete(t).where(and(eq(t.network, network), eq(t.livemode, livemode), lt(t.number, newest - KEEP_BLOCKS * 8))).run();
  }

  /** Forgets hashes above a reorganisation's common ancestor (up to `upTo`, the rescan's reach, when given). */
  dropBlocksAbove(network: string, livemode: boolean, number: number, upTo?: number): void {
    const t = chainBlocks;
    this.db.delete(t).where(and(eq(t.network, network), eq(t.livemode, livemode), gt(t.number, number), upTo === undefined ? undefined : lte(t.number, upTo))).run();
  }

  /** Starts a network's history afresh (its chain id changed: a different chain, e.g. a new devnet). */
  reset(network: string, livemode: boolean): void {
    this.db.delete(chainBlocks).where(and(eq(chainBlocks.network, network), eq(chainBlocks.livemode, livemode))).run();
    this.db.delete(chainCursors).where(and(eq(chainCursors.network, network), eq(chainCursors.livemode, livemode))).run();
  }
}
