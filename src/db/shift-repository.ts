import { and, asc, desc, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import type { Shift, ShiftListQuery } from '../domain/shift.js';
import type { ShiftReport } from '../domain/shift-report.js';
import type { StoreDb } from './store-db.js';
import type { Tables } from './tables.js';

type ShiftRow = Tables['shifts']['$inferSelect'];

const toShift = ({ seq: _seq, report, ...row }: ShiftRow): Shift => ({ ...row, report: report === null ? null : (JSON.parse(report) as ShiftReport) });

/** Tills' shifts (docs/shifts.md). One open shift per till and mode: the store's partial unique index says so. */
export class ShiftRepository {
  constructor(private readonly store: StoreDb) {}

  /**
   * Stores a new open shift unless its till has one open already (shifts_open_till): one statement,
   * so two instances opening the same till at once cannot both succeed. @returns whether it was stored
   */
  async insertIfTillFree(shift: Shift): Promise<boolean> {
    const { report, ...rest } = shift;
    const result = await this.store.db
      .insert(this.store.t.shifts)
      .values({ ...rest, report: report === null ? null : JSON.stringify(report) })
      .onConflictDoNothing();
    return this.store.affected(result) > 0;
  }

  async findById(id: string): Promise<Shift | undefined> {
    const t = this.store.t.shifts;
    const [row] = await this.store.db.select().from(t).where(eq(t.id, id));
    return row && toShift(row);
  }

  /**
   * The shift, its row locked to the caller's unit of work until it ends (PostgreSQL `FOR UPDATE`):
   * two units reconciling one shift at once (payments confirming on two networks) take turns, so the
   * second reads the first's payments as committed and the last to settle is seen as the last.
   */
  async lockById(id: string): Promise<Shift | undefined> {
    const t = this.store.t.shifts;
    const [row] = await this.store.forUpdate(this.store.db.select().from(t).where(eq(t.id, id)));
    return row && toShift(row);
  }

  /** The till's open shift in this mode, if any. */
  async openOnTill(merchantId: string, livemode: boolean, till: string): Promise<Shift | undefined> {
    const t = this.store.t.shifts;
    const [row] = await this.store.db.select().from(t).where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), eq(t.till, till), isNull(t.closedAt)));
    return row && toShift(row);
  }

  /** Closes an open shift with its report. @returns false when it was closed already (another request) */
  async close(id: string, closedAt: number, closedBy: string, report: ShiftReport, reconciledAt: number | null): Promise<boolean> {
    const t = this.store.t.shifts;
    const result = await this.store.db
      .update(t)
      .set({ closedAt, closedBy, report: JSON.stringify(report), reconciledAt })
      .where(and(eq(t.id, id), isNull(t.closedAt)));
    return this.store.affected(result) === 1;
  }

  /** Replaces a closed, unreconciled shift's report (and marks it reconciled). @returns whether it changed */
  async updateReport(id: string, report: ShiftReport, reconciledAt: number | null): Promise<boolean> {
    const t = this.store.t.shifts;
    const result = await this.store.db
      .update(t)
      .set({ report: JSON.stringify(report), reconciledAt })
      .where(and(eq(t.id, id), isNull(t.reconciledAt)));
    return this.store.affected(result) === 1;
  }

  /** One page, newest first (cursor pagination as every list). */
  async list(q: ShiftListQuery): Promise<{ items: Shift[]; hasMore: boolean }> {
    const db = this.store.db;
    const t = this.store.t.shifts;
    const c = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.till !== undefined) c.push(eq(t.till, q.till));
    if (q.openedBy !== undefined) c.push(eq(t.openedBy, q.openedBy));
    if (q.openedGte !== undefined) c.push(gte(t.openedAt, q.openedGte));
    if (q.openedLt !== undefined) c.push(lt(t.openedAt, q.openedLt));
    const seqOf = async (id: string) => (await db.select({ seq: t.seq }).from(t).where(eq(t.id, id)))[0]?.seq;
    if (q.endingBefore !== undefined) {
      const seq = await seqOf(q.endingBefore);
      if (seq === undefined) return { items: [], hasMore: false };
      const rows = await db.select().from(t).where(and(...c, gt(t.seq, seq))).orderBy(asc(t.seq)).limit(q.limit + 1);
      return { items: rows.slice(0, q.limit).reverse().map(toShift), hasMore: rows.length > q.limit };
    }
    if (q.startingAfter !== undefined) {
      const seq = await seqOf(q.startingAfter);
      if (seq === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, seq));
    }
    const rows = await db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(q.limit + 1);
    return { items: rows.slice(0, q.limit).map(toShift), hasMore: rows.length > q.limit };
  }

  /** The ids of the shift's sessions, oldest first. */
  async sessionIds(shiftId: string): Promise<string[]> {
    const s = this.store.t.paymentSessions;
    return (await this.store.db.select({ id: s.id }).from(s).where(eq(s.shiftId, shiftId)).orderBy(asc(s.seq))).map((r) => r.id);
  }

  /** The shifts open at some time in [gte, lt): opened before its end, and not closed before its start (the day's shifts). */
  async overlapping(merchantId: string, livemode: boolean, from: number, to: number): Promise<Shift[]> {
    const t = this.store.t.shifts;
    const rows = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), lt(t.openedAt, to), or(isNull(t.closedAt), gte(t.closedAt, from))))
      .orderBy(asc(t.seq));
    return rows.map(toShift);
  }

  /** The ids of the sessions of a merchant and mode created in [from, to), oldest first (the day's sales, in a shift or not). */
  async sessionIdsCreated(merchantId: string, livemode: boolean, from: number, to: number): Promise<string[]> {
    const s = this.store.t.paymentSessions;
    return (
      await this.store.db
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.merchantId, merchantId), eq(s.livemode, livemode), gte(s.createdAt, from), lt(s.createdAt, to)))
        .orderBy(asc(s.seq))
    ).map((r) => r.id);
  }
}
