import { and, asc, desc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type { Deposit, DepositListQuery, DepositPatch } from '../../domain/deposit.js';
import { toDeposit } from '../deposit-rows.js';
import type { PgDatabase } from './pg-database.js';
import { deposits } from './schema.js';

/** Unmatched deposits, on PostgreSQL (the SQLite store's `../deposit-repository.ts`). */
export class PgDepositRepository {
  constructor(private readonly database: PgDatabase) {}

  /** Records a deposit unless its transfer is recorded already. @returns whether it was new */
  async insertIfNew(d: Deposit): Promise<boolean> {
    const { from, to, ...rest } = d;
    const inserted = await this.database.db
      .insert(deposits)
      .values({ ...rest, fromAddress: from, toAddress: to, updatedAt: d.createdAt })
      .onConflictDoNothing({ target: [deposits.network, deposits.livemode, deposits.txId, deposits.eventIndex] })
      .returning({ seq: deposits.seq });
    return inserted.length > 0;
  }

  async findById(id: string): Promise<Deposit | undefined> {
    const [row] = await this.database.db.select().from(deposits).where(eq(deposits.id, id));
    return row ? toDeposit(row) : undefined;
  }

  async findByTransfer(network: string, livemode: boolean, txId: string, eventIndex: number): Promise<Deposit | undefined> {
    const t = deposits;
    const [row] = await this.database.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.txId, txId), eq(t.eventIndex, eventIndex)));
    return row ? toDeposit(row) : undefined;
  }

  async unconfirmed(network: string, livemode: boolean): Promise<Deposit[]> {
    const t = deposits;
    return (await this.database.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.confirmed, false), eq(t.status, 'unmatched')))).map(toDeposit);
  }

  async update(id: string, patch: DepositPatch, now: number): Promise<void> {
    await this.database.db.update(deposits).set({ ...patch, updatedAt: now }).where(eq(deposits.id, id));
  }

  async list(q: DepositListQuery): Promise<{ items: Deposit[]; hasMore: boolean }> {
    const db = this.database.db;
    const t = deposits;
    const c = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.status !== undefined) c.push(eq(t.status, q.status));
    if (q.network !== undefined) c.push(eq(t.network, q.network));
    if (q.currency !== undefined) c.push(q.currency === null ? isNull(t.currency) : eq(t.currency, q.currency));
    if (q.createdGte !== undefined) c.push(gte(t.createdAt, q.createdGte));
    if (q.createdLt !== undefined) c.push(lt(t.createdAt, q.createdLt));
    const seqOf = async (id: string) => (await db.select({ seq: t.seq }).from(t).where(eq(t.id, id)))[0]?.seq;
    if (q.endingBefore !== undefined) {
      const seq = await seqOf(q.endingBefore);
      if (seq === undefined) return { items: [], hasMore: false };
      const rows = await db.select().from(t).where(and(...c, gt(t.seq, seq))).orderBy(asc(t.seq)).limit(q.limit + 1);
      return { items: rows.slice(0, q.limit).reverse().map(toDeposit), hasMore: rows.length > q.limit };
    }
    if (q.startingAfter !== undefined) {
      const seq = await seqOf(q.startingAfter);
      if (seq === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, seq));
    }
    const rows = await db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(q.limit + 1);
    return { items: rows.slice(0, q.limit).map(toDeposit), hasMore: rows.length > q.limit };
  }
}
