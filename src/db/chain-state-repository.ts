import { and, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { StoreDb } from './store-db.js';

/** How many scanned block hashes are kept per network: deeper reorganisations than this are not expected. */
export const KEEP_BLOCKS = 256;

/** Where each network's watcher has scanned to: its cursor and the hashes of the blocks it scanned. */
export class ChainStateRepository {
  constructor(private readonly store: StoreDb) {}

  private blocksOf(network: string, livemode: boolean) {
    const b = this.store.t.chainBlocks;
    return and(eq(b.network, network), eq(b.livemode, livemode));
  }

  private cursorOf(network: string, livemode: boolean) {
    const c = this.store.t.chainCursors;
    return and(eq(c.network, network), eq(c.livemode, livemode));
  }

  async cursor(network: string, livemode: boolean): Promise<{ chainId: string; position: string } | undefined> {
    const c = this.store.t.chainCursors;
    const [row] = await this.store.db.select({ chainId: c.chainId, position: c.position }).from(c).where(this.cursorOf(network, livemode));
    return row;
  }

  async setCursor(network: string, livemode: boolean, chainId: string, position: string, now: number): Promise<void> {
    const c = this.store.t.chainCursors;
    await this.store.db
      .insert(c)
      .values({ network, livemode, chainId, position, updatedAt: now })
      .onConflictDoUpdate({ target: [c.network, c.livemode], set: { chainId, position, updatedAt: now } });
  }

  /** Newest first. */
  async recentBlocks(network: string, livemode: boolean): Promise<{ number: number; hash: string }[]> {
    const b = this.store.t.chainBlocks;
    return this.store.db
      .select({ number: b.number, hash: b.hash })
      .from(b)
      .where(this.blocksOf(network, livemode))
      .orderBy(desc(b.number))
      .limit(KEEP_BLOCKS);
  }

  /**
   * All the blocks in one statement rather than one per block (on PostgreSQL each is a round trip).
   * A number given twice keeps its last hash, as one-by-one upserts would: PostgreSQL refuses to
   * update one row twice in a statement, so duplicates are dropped first.
   */
  async putBlocks(network: string, livemode: boolean, blocks: { number: number; hash: string }[]): Promise<void> {
    const b = this.store.t.chainBlocks;
    const last = new Map(blocks.map((x) => [x.number, x.hash]));
    if (last.size > 0) {
      await this.store.db
        .insert(b)
        .values([...last].map(([number, hash]) => ({ network, livemode, number, hash })))
        .onConflictDoUpdate({ target: [b.network, b.livemode, b.number], set: { hash: sql`excluded.hash` } });
    }
    const newest = blocks.reduce((m, x) => Math.max(m, x.number), 0);
    await this.store.db.delete(b).where(and(this.blocksOf(network, livemode), lt(b.number, newest - KEEP_BLOCKS * 8)));
  }

  /** Forgets hashes above a reorganisation's common ancestor (up to `upTo`, the rescan's reach, when given). */
  async dropBlocksAbove(network: string, livemode: boolean, number: number, upTo?: number): Promise<void> {
    const b = this.store.t.chainBlocks;
    await this.store.db.delete(b).where(and(this.blocksOf(network, livemode), gt(b.number, number), upTo === undefined ? undefined : lte(b.number, upTo)));
  }

  /** Starts a network's history afresh (its chain id changed: a different chain, e.g. a new devnet). */
  async reset(network: string, livemode: boolean): Promise<void> {
    await this.store.unit(async () => {
      await this.store.db.delete(this.store.t.chainBlocks).where(this.blocksOf(network, livemode));
      await this.store.db.delete(this.store.t.chainCursors).where(this.cursorOf(network, livemode));
    });
  }
}
