import { and, desc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type { Deposit, DepositListQuery, DepositPatch } from '../domain/deposit.js';
import { toDeposit } from './deposit-rows.js';
import type { Db } from './open-database.js';
import { deposits } from './schema.js';

export class DepositRepository {
  constructor(private readonly db: Db) {}

  /** Records a deposit unless its transfer is recorded already. @returns whether it was new */
  insertIfNew(d: Deposit): boolean {
    const { from, to, ...rest } = d;
    const result = this.db
      .insert(deposits)
      .values({ ...rest, fromAddress: from, toAddress: to, updatedAt: d.createdAt })
      .onConflictDoNothing({ target: [deposits.network, deposits.livemode, deposits.txId, deposits.eventIndex] })
      .run();
    return result.changes > 0;
  }

  findById(id: string): Deposit | undefined {
    const row = this.db.select().from(deposits).where(eq(deposits.id, id)).get();
    return row ? toDeposit(row) : undefined;
  }

  findByTransfer(network: string, livemode: boolean, txId: string, eventIndex: number): Deposit | undefined {
    const t = deposits;
    const row = this.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.txId, txId), eq(t.eventIndex, eventIndex))).get();
    return row ? toDeposit(row) : undefined;
  }

  unconfirmed(network: string, livemode: boolean): Deposit[] {
    const t = deposits;
    return this.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.confirmed, false), eq(t.status, 'unmatched'))).all().map(toDeposit);
  }

  update(id: string, patch: DepositPatch, now: number): void {
    this.db.update(deposits).set({ ...patch, updatedAt: now }).where(eq(deposits.id, id)).run();
  }

  list(q: DepositListQuery): { items: Deposit[]; hasMore: boolean } {
    const t = deposits;
    const c = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.status !== undefined) c.push(eq(t.status, q.status));
    if (q.network !== undefined) c.push(eq(t.network, q.network));
    if (q.currency !== undefined) c.push(q.currency === null ? isNull(t.currency) : eq(t.currency, q.currency));
    if (q.createdGte !== undefined) c.push(gte(t.createdAt, q.createdGte));
    if (q.createdLt !== undefined) c.push(lt(t.createdAt, q.createdLt));
    const seqOf = (id: string) => this.db.select({ seq: t.seq }).from(t).where(eq(t.id, id)).get()?.seq;
    if (q.endingBefore !== undefined) {
      const seq = seqOf(q.endingBefore);
      if (seq === undefined) return { items: [], hasMore: false };
      const rows = this.db.select().from(t).where(and(...c, gt(t.seq, seq))).orderBy(t.seq).limit(q.limit + 1).all();
      return { items: rows.slice(0, q.limit).reverse().map(toDeposit), hasMore: rows.length > q.limit };
    }
    if (q.startingAfter !== undefined) {
      const seq = seqOf(q.startingAfter);
      if (seq === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, seq));
    }
    const rows = this.db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(q.limit + 1).all();
    return { items: rows.slice(0, q.limit).map(toDeposit), hasMore: rows.length > q.limit };
  }
}
