import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Payment, PaymentStatus } from '../domain/payment.js';
import type { Db } from './open-database.js';
import { toPayment } from './payment-rows.js';
import { payments } from './schema.js';

export class PaymentRepository {
  private readonly ofSession;

  constructor(private readonly db: Db) {
    this.ofSession = db.select().from(payments).where(eq(payments.sessionId, sql.placeholder('sessionId'))).orderBy(asc(payments.seq)).prepare();
  }

  find(network: string, livemode: boolean, txId: string, eventIndex: number, blockRef: string): Payment | undefined {
    const t = payments;
    const row = this.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.txId, txId), eq(t.eventIndex, eventIndex), eq(t.blockRef, blockRef)))
      .get();
    return row ? toPayment(row) : undefined;
  }

  insert(p: Payment, now: number): void {
    this.db
      .insert(payments)
      .values({
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
      })
      .run();
  }

  /** A block that was replaced and then came back (a reorganisation undone): its payment counts again. */
  revive(id: string, now: number): void {
    this.db.update(payments).set({ status: 'detected', confirmations: 0, updatedAt: now }).where(eq(payments.id, id)).run();
  }

  forSession(sessionId: string): Payment[] {
    return this.ofSession.all({ sessionId }).map(toPayment);
  }

  forSessions(sessionIds: string[]): Payment[] {
    if (sessionIds.length === 0) return [];
    return this.db.select().from(payments).where(inArray(payments.sessionId, sessionIds)).orderBy(asc(payments.seq)).all().map(toPayment);
  }

  /** Payments still counting confirmations on one network. */
  unconfirmed(network: string, livemode: boolean): Payment[] {
    const t = payments;
    return this.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.status, 'detected'))).all().map(toPayment);
  }

  /** Unconfirmed payments in blocks above `blockNumber`: what a reorganisation may have dropped. */
  unconfirmedAbove(network: string, livemode: boolean, blockNumber: number): Payment[] {
    const t = payments;
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.status, 'detected'), gt(t.blockNumber, blockNumber)))
      .all()
      .map(toPayment);
  }

  setProgress(id: string, confirmations: number, status: PaymentStatus, now: number): void {
    this.db.update(payments).set({ confirmations, status, updatedAt: now }).where(eq(payments.id, id)).run();
  }
}
