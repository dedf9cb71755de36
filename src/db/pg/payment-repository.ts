import { and, asc, eq, gt } from 'drizzle-orm';
import type { Payment, PaymentStatus } from '../../domain/payment.js';
import { toPayment } from '../payment-rows.js';
import type { PgDatabase } from './pg-database.js';
import { payments } from './schema.js';

/** Token transfers found on chain, on PostgreSQL (the SQLite store's `../payment-repository.ts`). */
export class PgPaymentRepository {
  constructor(private readonly database: PgDatabase) {}

  async find(network: string, livemode: boolean, txId: string, eventIndex: number, blockRef: string): Promise<Payment | undefined> {
    const t = payments;
    const [row] = await this.database.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.txId, txId), eq(t.eventIndex, eventIndex), eq(t.blockRef, blockRef)));
    return row ? toPayment(row) : undefined;
  }

  /** A second insert of the same transfer in the same block fails on the unique key (23505), as on SQLite. */
  async insert(p: Payment, now: number): Promise<void> {
    await this.database.db.insert(payments).values({
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
    await this.database.db.update(payments).set({ status: 'detected', confirmations: 0, updatedAt: now }).where(eq(payments.id, id));
  }

  async forSession(sessionId: string): Promise<Payment[]> {
    const rows = await this.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)).orderBy(asc(payments.seq));
    return rows.map(toPayment);
  }

  /** Payments still counting confirmations on one network. */
  async unconfirmed(network: string, livemode: boolean): Promise<Payment[]> {
    const t = payments;
    const rows = await this.database.db.select().from(t).where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.status, 'detected')));
    return rows.map(toPayment);
  }

  /** Unconfirmed payments in blocks above `blockNumber`: what a reorganisation may have dropped. */
  async unconfirmedAbove(network: string, livemode: boolean, blockNumber: number): Promise<Payment[]> {
    const t = payments;
    const rows = await this.database.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.livemode, livemode), eq(t.status, 'detected'), gt(t.blockNumber, blockNumber)));
    return rows.map(toPayment);
  }

  async setProgress(id: string, confirmations: number, status: PaymentStatus, now: number): Promise<void> {
    await this.database.db.update(payments).set({ confirmations, status, updatedAt: now }).where(eq(payments.id, id));
  }
}
