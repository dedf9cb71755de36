import { and, asc, desc, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Stablecoin } from '../domain/currencies.js';
import type { Deposit, DepositListQuery, DepositPatch, DepositReason, DepositStatus } from '../domain/deposit.js';
import type { Network } from '../domain/networks.js';
import type { StoreDb } from './store-db.js';
import type { Tables } from './tables.js';

type DepositRow = Tables['deposits']['$inferSelect'];

const toDeposit = (r: DepositRow): Deposit => ({
  id: r.id,
  merchantId: r.merchantId,
  network: r.network as Network,
  livemode: r.livemode,
  txId: r.txId,
  eventIndex: r.eventIndex,
  blockNumber: r.blockNumber,
  blockRef: r.blockRef,
  blockTime: r.blockTime,
  confirmations: r.confirmations,
  confirmed: r.confirmed,
  from: r.fromAddress,
  to: r.toAddress,
  currency: r.currency as Stablecoin | null,
  tokenContract: r.tokenContract,
  amountBase: r.amountBase,
  decimals: r.decimals,
  reason: r.reason as DepositReason,
  status: r.status as DepositStatus,
  createdAt: r.createdAt,
  resolvedSessionId: r.resolvedSessionId,
  refundId: r.refundId,
  note: r.note,
  resolvedAt: r.resolvedAt,
  resolvedBy: r.resolvedBy,
});

/** Transfers to a deposit address that no session could take (unmatched deposits), and their resolution. */
export class DepositRepository {
  constructor(private readonly store: StoreDb) {}

  /** Records a deposit unless its transfer is recorded already. @returns whether it was new */
  async insertIfNew(d: Deposit): Promise<boolean> {
    const t = this.store.t.deposits;
    const { from, to, ...rest } = d;
    const result = await this.store.db
      .insert(t)
      .values({ ...rest, fromAddress: from, toAddress: to, updatedAt: d.createdAt })
      .onConflictDoNothing({ target: [t.network, t.livemode, t.txId, t.eventIndex] });
    return this.store.affected(result) > 0;
  }

  async findById(id: string): Promise<Deposit | undefined> {
    const t = this.store.t.deposits;
    const [row] = await this.store.db.select().from(t).where(eq(t.id, id));
    return row ? toDeposit(row) : undefined;
  }

  async findByTransfer(network: string, livemode: boolean, txId: string, eventIndex: number): Promise<Deposit | undefined> {
    const t = this.store.t.deposits;
    const [row] = await this.store.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.txId, txId), eq(t.eventIndex, eventIndex)));
    return row ? toDeposit(row) : undefined;
  }

  async unconfirmed(network: string, livemode: boolean): Promise<Deposit[]> {
    const t = this.store.t.deposits;
    const rows = await this.store.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.confirmed, false), eq(t.status, 'unmatched')));
    return rows.map(toDeposit);
  }

  async update(id: string, patch: DepositPatch, now: number): Promise<void> {
    const t = this.store.t.deposits;
    await this.store.db.update(t).set({ ...patch, updatedAt: now }).where(eq(t.id, id));
  }

  /** One page, newest first, plus whether more lie beyond it in the direction of travel. */
  async list(q: DepositListQuery): Promise<{ items: Deposit[]; hasMore: boolean }> {
    const db = this.store.db;
    const t = this.store.t.deposits;
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

  /** Deposits (any status) that reached one of these addresses of a mode: money sent to a sale's address that paid no session. */
  async depositsTo(merchantId: string, livemode: boolean, addresses: readonly string[]): Promise<Deposit[]> {
    if (addresses.length === 0) return [];
    const t = this.store.t.deposits;
    const rows = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), inArray(t.toAddress, [...addresses])))
      .orderBy(asc(t.seq));
    return rows.map(toDeposit);
  }
}
