import { and, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { KEEP_BLOCKS } from '../chain-state-repository.js';
import type { PgDatabase } from './pg-database.js';
import { chainBlocks, chainCursors } from './schema.js';

/** Where each network's watcher has scanned to, on PostgreSQL (the SQLite store's `../chain-state-repository.ts`). */
export class PgChainStateRepository {
  constructor(private readonly database: PgDatabase) {}

  private static of(network: string, livemode: boolean) {
    return and(eq(chainBlocks.network, network), eq(chainBlocks.livemode, livemode));
  }

  async cursor(network: string, livemode: boolean): Promise<{ chainId: string; position: string } | undefined> {
    const [row] = await this.database.db
      .select({ chainId: chainCursors.chainId, position: chainCursors.position })
      .from(chainCursors)
      .where(and(eq(chainCursors.network, network), eq(chainCursors.livemode, livemode)));
    return row;
  }

  async setCursor(network: string, livemode: boolean, chainId: string, position: string, now: number): Promise<void> {
    await this.database.db
      .insert(chainCursors)
      .values({ network, livemode, chainId, position, updatedAt: now })
      .onConflictDoUpdate({ target: [chainCursors.network, chainCursors.livemode], set: { chainId, position, updatedAt: now } });
  }

  /** Newest first. */
  async recentBlocks(network: string, livemode: boolean): Promise<{ number: number; hash: string }[]> {
    return this.database.db
      .select({ number: chainBlocks.number, hash: chainBlocks.hash })
      .from(chainBlocks)
      .where(PgChainStateRepository.of(network, livemode))
      .orderBy(desc(chainBlocks.number))
      .limit(KEEP_BLOCKS);
  }

  /**
   * All the blocks in one statement rather than one per block as on SQLite (each is a round trip
   * here). A number given twice keeps its last hash, as SQLite's one-by-one upserts do: PostgreSQL
   * refuses to update one row twice in a statement, so duplicates are dropped first.
   */
  async putBlocks(network: string, livemode: boolean, blocks: { number: number; hash: string }[]): Promise<void> {
    const last = new Map(blocks.map((b) => [b.number, b.hash]));
    if (last.size > 0) {
      await this.database.db
        .insert(chainBlocks)
        .values([...last].map(([number, hash]) => ({ network, livemode, number, hash })))
        .onConflictDoUpdate({ target: [chainBlocks.network, chainBlocks.livemode, chainBlocks.number], set: { hash: sql`excluded.hash` } });
    }
    const newest = blocks.reduce((m, b) => Math.max(m, b.number), 0);
    await this.database.db.delete(chainBlocks).where(and(PgChainStateRepository.of(network, livemode), lt(chainBlocks.number, newest - KEEP_BLOCKS * 8)));
  }

  /** Forgets hashes above a reorganisation's common ancestor (up to `upTo`, the rescan's reach, when given). */
  async dropBlocksAbove(network: string, livemode: boolean, number: number, upTo?: number): Promise<void> {
    await this.database.db.delete(chainBlocks).where(and(PgChainStateRepository.of(network, livemode), gt(chainBlocks.number, number), upTo === undefined ? undefined : lte(chainBlocks.number, upTo)));
  }

  /** Starts a network's history afresh (its chain id changed: a different chain, e.g. a new devnet). */
  async reset(network: string, livemode: boolean): Promise<void> {
    await this.database.tx(async () => {
      await this.database.db.delete(chainBlocks).where(PgChainStateRepository.of(network, livemode));
      await this.database.db.delete(chainCursors).where(and(eq(chainCursors.network, network), eq(chainCursors.livemode, livemode)));
    });
  }
}
