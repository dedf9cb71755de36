import { and, desc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Refund, RefundStatus } from '../domain/refund.js';
import type { Db } from './open-database.js';
import { toRefund } from './refund-rows.js';
import { refunds, refundWallets } from './schema.js';

export type RefundPatch = Partial<
  Pick<Refund, 'status' | 'destination' | 'destinationSource' | 'actionReason' | 'failureReason' | 'fromAddress' | 'payoutKey' | 'payoutData' | 'rawTx' | 'txId' | 'blockNumber' | 'confirmations' | 'broadcasts' | 'lastError'>
>;

export class RefundRepository {
  constructor(private readonly db: Db) {}

  insert(r: Refund): void {
    this.db.insert(refunds).values({ ...r, ledgerEntries: JSON.stringify(r.ledgerEntries) }).run();
  }

  findById(id: string): Refund | undefined {
    const row = this.db.select().from(refunds).where(eq(refunds.id, id)).get();
    return row ? toRefund(row) : undefined;
  }

  forSession(sessionId: string): Refund[] {
    return this.db.select().from(refunds).where(eq(refunds.sessionId, sessionId)).orderBy(desc(refunds.seq)).all().map(toRefund);
  }

  list(q: { merchantId: string; livemode: boolean; limit: number; startingAfter?: string; endingBefore?: string; sessionId?: string; status?: RefundStatus }): { items: Refund[]; hasMore: boolean } {
    const t = refunds;
    const c = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.sessionId !== undefined) c.push(eq(t.sessionId, q.sessionId));
    if (q.status !== undefined) c.push(eq(t.status, q.status));
    const seqOf = (id: string) => this.db.select({ seq: t.seq }).from(t).where(eq(t.id, id)).get()?.seq;
    if (q.endingBefore !== undefined) {
      const seq = seqOf(q.endingBefore);
      if (seq === undefined) return { items: [], hasMore: false };
      const rows = this.db.select().from(t).where(and(...c, gt(t.seq, seq))).orderBy(t.seq).limit(q.limit + 1).all();
      return { items: rows.slice(0, q.limit).reverse().map(toRefund), hasMore: rows.length > q.limit };
    }
    if (q.startingAfter !== undefined) {
      const seq = seqOf(q.startingAfter);
      if (seq === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, seq));
    }
    const rows = this.db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(q.limit + 1).all();
    return { items: rows.slice(0, q.limit).map(toRefund), hasMore: rows.length > q.limit };
  }

  update(id: string, patch: RefundPatch, now: number): void {
    this.db.update(refunds).set({ ...patch, updatedAt: now }).where(eq(refunds.id, id)).run();
  }

  /** Refunds a payout worker has to move on a network: PENDING (to pay) and PROCESSING (to confirm). */
  open(network: string, livemode: boolean): Refund[] {
    const t = refunds;
    return this.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), inArray(t.status, ['PENDING', 'PROCESSING']))).orderBy(t.seq).all().map(toRefund);
  }

  /** Open manual payouts in one mode: destinations the watchers look for. */
  manualPending(livemode: boolean): Refund[] {
    const t = refunds;
    return this.db.select().from(t).where(and(eq(t.livemode, livemode), eq(t.payoutMethod, 'manual'), eq(t.status, 'PENDING'))).all().map(toRefund);
  }

  /** The chain data of every payout this wallet signed on this network, oldest first. */
  payoutData(network: string, livemode: boolean, from: string): string[] {
    const t = refunds;
    return this.db
      .select({ data: t.payoutData })
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.fromAddress, from), isNotNull(t.payoutData)))
      .orderBy(t.seq)
      .all()
      .map((r) => r.data as string);
  }

  findByPayoutKey(network: string, livemode: boolean, key: string): Refund | undefined {
    const row = this.db.select().from(refunds).where(and(eq(refunds.network, network), eq(refunds.livemode, livemode), eq(refunds.payoutKey, key))).get();
    return row ? toRefund(row) : undefined;
  }

  /** By transaction id, as the network's family writes it (watchers and payouts write ids alike). */
  findByTx(network: string, livemode: boolean, txId: string): Refund | undefined {
    const row = this.db.select().from(refunds).where(and(eq(refunds.network, network), eq(refunds.livemode, livemode), eq(refunds.txId, txId))).get();
    return row ? toRefund(row) : undefined;
  }

  wallet(merchantId: string, family: string, livemode: boolean): { address: string; sealedKey: string } | undefined {
    const t = refundWallets;
    return this.db.select({ address: t.address, sealedKey: t.sealedKey }).from(t).where(and(eq(t.merchantId, merchantId), eq(t.family, family), eq(t.livemode, livemode))).get();
  }

  putWallet(merchantId: string, family: string, livemode: boolean, address: string, sealedKey: string, now: number): void {
    this.db
      .insert(refundWallets)
      .values({ merchantId, family, livemode, address, sealedKey, createdAt: now })
      .onConflictDoUpdate({ target: [refundWallets.merchantId, refundWallets.family, refundWallets.livemode], set: { address, sealedKey, createdAt: now } })
      .run();
  }
}
