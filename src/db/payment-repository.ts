import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Stablecoin } from '../domain/currencies.js';
import type { Network } from '../domain/networks.js';
import type { Payment, PaymentStatus } from '../domain/payment.js';
import type { StoreDb } from './store-db.js';
import type { Tables } from './tables.js';

type PaymentRow = Tables['payments']['$inferSelect'];

const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  sessionId: r.sessionId,
  network: r.network as Network,
  livemode: r.livemode,
  currency: r.currency as Stablecoin,
  tokenContract: r.tokenContract,
  txId: r.txId,
  eventIndex: r.eventIndex,
  blockNumber: r.blockNumber,
  blockRef: r.blockRef,
  blockTime: r.blockTime,
  from: r.fromAddress,
  to: r.toAddress,
  amountBase: r.amountBase,
  amountMinor: r.amountMinor,
  confirmations: r.confirmations,
  status: r.status as PaymentStatus,
  detectedAt: r.detectedAt,
});

/** Token transfers found on chain, each in its block: a transfer whose block was replaced is another payment. */
export class PaymentRepository {
  constructor(private readonly store: StoreDb) {}

  async find(network: string, livemode: boolean, txId: string, eventIndex: number, blockRef: string): Promise<Payment | undefined> {
    const t = this.store.t.payments;
    const [row] = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.txId, txId), eq(t.eventIndex, eventIndex), eq(t.blockRef, blockRef)));
    return row ? toPayment(row) : undefined;
  }

  /** A second insert of the same transfer in the same block fails on the unique key, on both databases. */
  async insert(p: Payment, now: number): Promise<void> {
    await this.store.db.insert(this.store.t.payments).values({
      id: p.id,
      sessionId: p.sessionId,
      network: p.network,
      livemode: p.livemode,
      currency: p.currency,
      tokenContract: p.tokenContract,
      txId: p.txId,
      eventIndex: p.eventIndex,
      blockNumber: p.blockNumber,
      blockRef: p.blockRef,
      blockTime: p.blockTime,
      fromAddress: p.from,
      toAddress: p.to,
      amountBase: p.amountBase,
      amountMinor: p.amountMinor,
      confirmations: p.confirmations,
      status: p.status,
      detectedAt: p.detectedAt,
      updatedAt: now,
    });
  }

  /** A block that was replaced and then came back (a reorganisation undone): its payment counts again. */
  async revive(id: string, now: number): Promise<void> {
    const t = this.store.t.payments;
    await this.store.db.update(t).set({ status: 'detected', confirmations: 0, updatedAt: now }).where(eq(t.id, id));
  }

  async forSession(sessionId: string): Promise<Payment[]> {
    const t = this.store.t.payments;
    const rows = await this.store.db.select().from(t).where(eq(t.sessionId, sessionId)).orderBy(asc(t.seq));
    return rows.map(toPayment);
  }

  /** The payments of several sessions, oldest first. */
  async forSessions(sessionIds: readonly string[]): Promise<Payment[]> {
    if (sessionIds.length === 0) return [];
    const t = this.store.t.payments;
    const rows = await this.store.db.select().from(t).where(inArray(t.sessionId, [...sessionIds])).orderBy(asc(t.seq));
    return rows.map(toPayment);
  }

  /** Payments still counting confirmations on one network. */
  async unconfirmed(network: string, livemode: boolean): Promise<Payment[]> {
    const t = this.store.t.payments;
    const rows = await this.store.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.status, 'detected')));
    return rows.map(toPayment);
  }

  /** Unconfirmed payments in blocks above `blockNumber`: what a reorganisation may have dropped. */
  async unconfirmedAbove(network: string, livemode: boolean, blockNumber: number): Promise<Payment[]> {
    const t = this.store.t.payments;
    const rows = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.status, 'detected'), gt(t.blockNumber, blockNumber)));
    return rows.map(toPayment);
  }

  async setProgress(id: string, confirmations: number, status: PaymentStatus, now: number): Promise<void> {
    const t = this.store.t.payments;
    await this.store.db.update(t).set({ confirmations, status, updatedAt: now }).where(eq(t.id, id));
  }
}
