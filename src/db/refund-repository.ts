import { and, desc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Stablecoin } from '../domain/currencies.js';
import type { Network } from '../domain/networks.js';
import type { PayoutMethod, Refund, RefundLedgerPart, RefundStatus } from '../domain/refund.js';
import type { StoreDb } from './store-db.js';

export type RefundPatch = Partial<
  Pick<Refund, 'status' | 'destination' | 'destinationSource' | 'actionReason' | 'failureReason' | 'fromAddress' | 'payoutKey' | 'payoutData' | 'rawTx' | 'txId' | 'blockNumber' | 'confirmations' | 'broadcasts' | 'lastError'>
>;

/** A refund's row as the query builder returns it (the ledger parts as JSON text). */
type Row = Omit<Refund, 'network' | 'currency' | 'destinationSource' | 'status' | 'payoutMethod' | 'ledgerEntries'> & {
  network: string;
  currency: string;
  destinationSource: string;
  status: string;
  payoutMethod: string;
  ledgerEntries: string;
};

/** Maps a refund row to the domain's record. */
const toRefund = (r: Row): Refund => ({
  id: r.id,
  merchantId: r.merchantId,
  livemode: r.livemode,
  sessionId: r.sessionId,
  paymentId: r.paymentId,
  depositId: r.depositId,
  network: r.network as Network,
  currency: r.currency as Stablecoin,
  tokenContract: r.tokenContract,
  decimals: r.decimals,
  amountMinor: r.amountMinor,
  amountPricingMinor: r.amountPricingMinor,
  amountBase: r.amountBase,
  destination: r.destination,
  destinationSource: r.destinationSource as Refund['destinationSource'],
  status: r.status as RefundStatus,
  reason: r.reason,
  actionReason: r.actionReason,
  failureReason: r.failureReason,
  payoutMethod: r.payoutMethod as PayoutMethod,
  fromAddress: r.fromAddress,
  payoutKey: r.payoutKey,
  payoutData: r.payoutData,
  rawTx: r.rawTx,
  txId: r.txId,
  blockNumber: r.blockNumber,
  confirmations: r.confirmations,
  broadcasts: r.broadcasts,
  lastError: r.lastError,
  ledgerEntries: JSON.parse(r.ledgerEntries) as RefundLedgerPart[],
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Refunds and the refund wallets (the keys refunds are paid from). */
export class RefundRepository {
  constructor(private readonly store: StoreDb) {}

  async insert(r: Refund): Promise<void> {
    const refunds = this.store.t.refunds;
    await this.store.db.insert(refunds).values({ ...r, ledgerEntries: JSON.stringify(r.ledgerEntries) });
  }

  async findById(id: string): Promise<Refund | undefined> {
    const refunds = this.store.t.refunds;
    const [row] = await this.store.db.select().from(refunds).where(eq(refunds.id, id));
    return row ? toRefund(row) : undefined;
  }

  async forSession(sessionId: string): Promise<Refund[]> {
    const refunds = this.store.t.refunds;
    const rows = await this.store.db.select().from(refunds).where(eq(refunds.sessionId, sessionId)).orderBy(desc(refunds.seq));
    return rows.map(toRefund);
  }

  /** The refunds of several sessions, newest first. */
  async forSessions(sessionIds: readonly string[]): Promise<Refund[]> {
    if (sessionIds.length === 0) return [];
    const refunds = this.store.t.refunds;
    const rows = await this.store.db.select().from(refunds).where(inArray(refunds.sessionId, [...sessionIds])).orderBy(desc(refunds.seq));
    return rows.map(toRefund);
  }

  async list(q: { merchantId: string; livemode: boolean; limit: number; startingAfter?: string; endingBefore?: string; sessionId?: string; status?: RefundStatus }): Promise<{ items: Refund[]; hasMore: boolean }> {
    const t = this.store.t.refunds;
    const db = this.store.db;
    const c = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.sessionId !== undefined) c.push(eq(t.sessionId, q.sessionId));
    if (q.status !== undefined) c.push(eq(t.status, q.status));
    const seqOf = async (id: string) => (await db.select({ seq: t.seq }).from(t).where(eq(t.id, id)))[0]?.seq;
    if (q.endingBefore !== undefined) {
      const seq = await seqOf(q.endingBefore);
      if (seq === undefined) return { items: [], hasMore: false };
      const rows = await db.select().from(t).where(and(...c, gt(t.seq, seq))).orderBy(t.seq).limit(q.limit + 1);
      return { items: rows.slice(0, q.limit).reverse().map(toRefund), hasMore: rows.length > q.limit };
    }
    if (q.startingAfter !== undefined) {
      const seq = await seqOf(q.startingAfter);
      if (seq === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, seq));
    }
    const rows = await db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(q.limit + 1);
    return { items: rows.slice(0, q.limit).map(toRefund), hasMore: rows.length > q.limit };
  }

  async update(id: string, patch: RefundPatch, now: number): Promise<void> {
    const refunds = this.store.t.refunds;
    await this.store.db.update(refunds).set({ ...patch, updatedAt: now }).where(eq(refunds.id, id));
  }

  /** Refunds a payout worker has to move on a network: PENDING (to pay) and PROCESSING (to confirm). */
  async open(network: string, livemode: boolean): Promise<Refund[]> {
    const t = this.store.t.refunds;
    const rows = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), inArray(t.status, ['PENDING', 'PROCESSING'])))
      .orderBy(t.seq);
    return rows.map(toRefund);
  }

  /** Open manual payouts in one mode: destinations the watchers look for. */
  async manualPending(livemode: boolean): Promise<Refund[]> {
    const t = this.store.t.refunds;
    const rows = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.livemode, livemode), eq(t.payoutMethod, 'manual'), eq(t.status, 'PENDING')))
      .orderBy(t.seq);
    return rows.map(toRefund);
  }

  /** The chain data of every payout this wallet signed on this network, oldest first. */
  async payoutData(network: string, livemode: boolean, from: string): Promise<string[]> {
    const t = this.store.t.refunds;
    const rows = await this.store.db
      .select({ data: t.payoutData })
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.fromAddress, from), isNotNull(t.payoutData)))
      .orderBy(t.seq);
    return rows.map((r) => r.data as string);
  }

  async findByPayoutKey(network: string, livemode: boolean, key: string): Promise<Refund | undefined> {
    const refunds = this.store.t.refunds;
    const [row] = await this.store.db.select().from(refunds).where(and(eq(refunds.network, network), eq(refunds.livemode, livemode), eq(refunds.payoutKey, key)));
    return row ? toRefund(row) : undefined;
  }

  /** By transaction id, as the network's family writes it (watchers and payouts write ids alike). */
  async findByTx(network: string, livemode: boolean, txId: string): Promise<Refund | undefined> {
    const refunds = this.store.t.refunds;
    const [row] = await this.store.db.select().from(refunds).where(and(eq(refunds.network, network), eq(refunds.livemode, livemode), eq(refunds.txId, txId)));
    return row ? toRefund(row) : undefined;
  }

  async wallet(merchantId: string, family: string, livemode: boolean): Promise<{ address: string; sealedKey: string } | undefined> {
    const t = this.store.t.refundWallets;
    const [row] = await this.store.db
      .select({ address: t.address, sealedKey: t.sealedKey })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.family, family), eq(t.livemode, livemode)));
    return row;
  }

  async putWallet(merchantId: string, family: string, livemode: boolean, address: string, sealedKey: string, now: number): Promise<void> {
    const refundWallets = this.store.t.refundWallets;
    await this.store.db
      .insert(refundWallets)
      .values({ merchantId, family, livemode, address, sealedKey, createdAt: now })
      .onConflictDoUpdate({ target: [refundWallets.merchantId, refundWallets.family, refundWallets.livemode], set: { address, sealedKey, createdAt: now } });
  }
}
