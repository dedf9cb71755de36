import { startOfDate, startOfNextLocalDay } from '../domain/calendar.js';
import { STABLECOINS, type Stablecoin } from '../domain/currencies.js';
import type { Deposit } from '../domain/deposit.js';
import { ApiError, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { MoneyParts } from '../domain/ledger-summary.js';
import type { Caller } from '../domain/merchant.js';
import type { Payment } from '../domain/payment.js';
import type { Refund } from '../domain/refund.js';
import type { RateSource } from '../domain/rates.js';
import type { PaymentSession } from '../domain/session.js';
import { actorOf, type Shift, type ShiftListQuery, TILL_ID } from '../domain/shift.js';
import { allSettled, type ShiftReport, shiftReport, type ShiftReportInput } from '../domain/shift-report.js';
import { groupBy } from '../domain/group-by.js';
import type { MerchantService } from './merchant-service.js';
import type { Clock, EventStore, PaymentStore, ReadSnapshot, SessionAddressStore, SessionStore, UnitOfWork, UserStore } from './ports.js';

export interface ShiftStore {
  /** @returns false when the till has an open shift already (the store's unique index) */
  insertIfTillFree(shift: Shift): Promise<boolean>;
  findById(id: string): Promise<Shift | undefined>;
  /** As findById, the row locked to the caller's unit of work (reconciliations of one shift take turns). */
  lockById(id: string): Promise<Shift | undefined>;
  openOnTill(merchantId: string, livemode: boolean, till: string): Promise<Shift | undefined>;
  /** @returns false when it was closed already */
  close(id: string, closedAt: number, closedBy: string, report: ShiftReport, reconciledAt: number | null): Promise<boolean>;
  /** @returns false when it was reconciled already */
  updateReport(id: string, report: ShiftReport, reconciledAt: number | null): Promise<boolean>;
  list(q: ShiftListQuery): Promise<{ items: Shift[]; hasMore: boolean }>;
  sessionIds(shiftId: string): Promise<string[]>;
  /** The shifts open at some time in [from, to). */
  overlapping(merchantId: string, livemode: boolean, from: number, to: number): Promise<Shift[]>;
  /** The sessions created in [from, to), in a shift or not. */
  sessionIdsCreated(merchantId: string, livemode: boolean, from: number, to: number): Promise<string[]>;
}

export type ShiftEventType = 'shift.opened' | 'shift.closed' | 'shift.reconciled';

/** Sessions a report reads per round of statements: well under either database's limit on bound values. */
const REPORT_CHUNK = 500;

export interface ShiftServiceDeps {
  store: ShiftStore;
  sessions: Pick<SessionStore, 'findByIds'>;
  payments: Pick<PaymentStore, 'forSessions'>;
  refunds: { forSessions(sessionIds: readonly string[]): Promise<Refund[]> };
  addresses: Pick<SessionAddressStore, 'forSessions'>;
  deposits: { depositsTo(merchantId: string, livemode: boolean, addresses: readonly string[]): Promise<Deposit[]> };
  ledger: { sessionsParts(sessions: readonly PaymentSession[]): Promise<Map<string, MoneyParts[]>> };
  users: Pick<UserStore, 'findActiveById'>;
  merchants: MerchantService;
  rates: (livemode: boolean) => RateSource;
  events: EventStore;
  tx: UnitOfWork;
  snapshot: ReadSnapshot;
  now: Clock;
  renderEvent: (shift: Shift) => unknown;
  /** After a committed change with events: wake the webhook dispatcher. */
  onChange?: () => void;
}

/**
 * Tills' shifts (docs/shifts.md): open one per till, sales charged on the till belong to it, close it
 * with its report, and reconcile it as the payments unconfirmed at close settle.
 */
export class ShiftService {
  constructor(private readonly d: ShiftServiceDeps) {}

  /** @throws ApiError parameter_invalid (till) | invalid_state (the till has an open shift) */
  async open(caller: Caller, till: string): Promise<Shift> {
    if (!TILL_ID.test(till)) throw new ApiError('parameter_invalid', 'must be a till id: 1 to 32 characters a-z, 0-9 or -', 'till');
    const shift: Shift = {
      id: newId('shift'),
      merchantId: caller.merchantId,
      livemode: caller.livemode,
      till,
      openedBy: actorOf(caller),
      openedAt: this.d.now(),
      closedAt: null,
      closedBy: null,
      report: null,
      reconciledAt: null,
    };
    await this.d.tx(async () => {
      if (!(await this.d.store.insertIfTillFree(shift))) {
        const open = await this.d.store.openOnTill(caller.merchantId, caller.livemode, till);
        throw new ApiError('invalid_state', `The till '${till}' has an open shift already${open ? ` (${open.id})` : ''}: close it first.`);
      }
      await this.emit('shift.opened', shift);
    });
    this.d.onChange?.();
    return shift;
  }

  /**
   * Closes the shift and freezes its report. A cashier closes only a shift they opened.
   * @throws ApiError resource_missing | role_forbidden | invalid_state (closed already)
   */
  async close(caller: Caller, id: string): Promise<Shift> {
    const closed = await this.d.tx(async () => {
      const shift = await this.visible(caller, id);
      if (shift.closedAt !== null) throw new ApiError('invalid_state', `The shift ${id} is closed already.`);
      const now = this.d.now();
      const { report, settled } = await this.reportOf(shift, now);
      const reconciledAt = settled ? now : null;
      if (!(await this.d.store.close(id, now, actorOf(caller), report, reconciledAt))) throw new ApiError('invalid_state', `The shift ${id} is closed already.`);
      const after: Shift = { ...shift, closedAt: now, closedBy: actorOf(caller), report, reconciledAt };
      await this.emit('shift.closed', after);
      // Nothing left to confirm: reconciled at once, so every shift says `shift.reconciled` once.
      if (settled) await this.emit('shift.reconciled', after);
      return after;
    });
    this.d.onChange?.();
    return closed;
  }

  /**
   * The shift; an open one with its report so far (computed now, from one state of the store), so
   * the till shows what closing would freeze. @throws ApiError resource_missing | role_forbidden
   */
  async get(caller: Caller, id: string): Promise<Shift> {
    return await this.d.snapshot(async () => {
      const shift = await this.visible(caller, id);
      if (shift.closedAt !== null) return shift;
      return { ...shift, report: (await this.reportOf(shift, this.d.now())).report };
    });
  }

  /**
   * One page of shifts, newest first: a till's, a day's (opened that day in the shop's time zone).
   * A cashier sees the shifts they opened. @throws ApiError resource_missing (a cursor not the caller's)
   */
  async list(caller: Caller, q: { limit: number; startingAfter?: string; endingBefore?: string; till?: string; date?: string }): Promise<{ items: Shift[]; hasMore: boolean }> {
    for (const [param, cursor] of [['starting_after', q.startingAfter], ['ending_before', q.endingBefore]] as const) {
      if (cursor !== undefined) {
        const s = await this.d.store.findById(cursor);
        if (!s || s.merchantId !== caller.merchantId || s.livemode !== caller.livemode) throw resourceMissing('shift', cursor, param);
      }
    }
    const query: ShiftListQuery = {
      merchantId: caller.merchantId,
      livemode: caller.livemode,
      limit: q.limit,
      ...(q.startingAfter !== undefined && { startingAfter: q.startingAfter }),
      ...(q.endingBefore !== undefined && { endingBefore: q.endingBefore }),
      ...(q.till !== undefined && { till: q.till }),
      ...(caller.role === 'cashier' && { openedBy: actorOf(caller) }),
    };
    if (q.date !== undefined) {
      const { timeZone } = await this.d.merchants.get(caller.merchantId);
      const start = startOfDate(q.date, timeZone);
      if (start === null) throw new ApiError('parameter_invalid', 'must be a calendar date, YYYY-MM-DD', 'date');
      Object.assign(query, { openedGte: start, openedLt: startOfNextLocalDay(start, timeZone) });
    }
    return await this.d.store.list(query);
  }

  /** The till's open shift id, for a sale charged on it (none: the sale belongs to no shift). */
  async openShiftId(merchantId: string, livemode: boolean, till: string): Promise<string | null> {
    return (await this.d.store.openOnTill(merchantId, livemode, till))?.id ?? null;
  }

  /**
   * A session of a closed, unreconciled shift changed (its payment confirmed, failed or arrived):
   * the report is computed again, and once no payment is left unconfirmed the shift is reconciled
   * and `shift.reconciled` goes out. Call inside the session's unit of work.
   */
  async sessionChangedInTransaction(session: PaymentSession): Promise<void> {
    if (session.shiftId === null) return;
    const known = await this.d.store.findById(session.shiftId);
    // Only a closed, unreconciled shift follows its sales; then its row is locked for this unit.
    if (!known || known.closedAt === null || known.reconciledAt !== null) return;
    const shift = await this.d.store.lockById(known.id);
    if (!shift || shift.closedAt === null || shift.reconciledAt !== null) return;
    const now = this.d.now();
    const { report, settled } = await this.reportOf(shift, now);
    const reconciledAt = settled ? now : null;
    if (!(await this.d.store.updateReport(shift.id, report, reconciledAt))) return;
    if (settled) await this.emit('shift.reconciled', { ...shift, report, reconciledAt });
  }

  /** The shift's report now, from its sessions and what they touch; `settled` when no payment awaits confirmations. */
  private async reportOf(shift: Shift, now: number): Promise<{ report: ShiftReport; settled: boolean }> {
    const input = await this.reportInput(shift.merchantId, shift.livemode, await this.d.store.sessionIds(shift.id), now);
    return { report: shiftReport(input), settled: allSettled(input.payments) };
  }

  /**
   * What the report's pure functions need for any set of sessions (a shift's, or a day's:
   * daily-report-service.ts): the sessions, their payments, refunds, booked money, the deposits to
   * their addresses, the staff members' names (and those of `alsoNamed`) and the balance's rates.
   */
  async reportInput(merchantId: string, livemode: boolean, sessionIds: readonly string[], now: number, alsoNamed: readonly string[] = []): Promise<ShiftReportInput> {
    const merchant = await this.d.merchants.get(merchantId);
    const sessions: PaymentSession[] = [];
    const payments: Payment[] = [];
    const refunds: Refund[] = [];
    const addresses: string[] = [];
    const booked = new Map<string, MoneyParts[]>();
    // A day's or a shift's sales read a chunk at a time (seven statements per chunk, not five or six per
    // sale), then laid out sale by sale in the order given, as one read per sale gave them.
    for (let i = 0; i < sessionIds.length; i += REPORT_CHUNK) {
      const ids = sessionIds.slice(i, i + REPORT_CHUNK);
      const found = await this.d.sessions.findByIds(ids);
      const [chunkPayments, chunkRefunds, chunkAddresses, parts] = await Promise.all([
        this.d.payments.forSessions(ids),
        this.d.refunds.forSessions(ids),
        this.d.addresses.forSessions(ids),
        this.d.ledger.sessionsParts(found),
      ]);
      const byId = new Map(found.map((s) => [s.id, s]));
      const paymentsOf = groupBy(chunkPayments, (p) => p.sessionId ?? '');
      const refundsOf = groupBy(chunkRefunds, (r) => r.sessionId ?? '');
      const addressesOf = groupBy(chunkAddresses, (a) => a.sessionId);
      for (const id of ids) {
        const s = byId.get(id);
        if (!s) continue;
        sessions.push(s);
        payments.push(...(paymentsOf.get(id) ?? []));
        refunds.push(...(refundsOf.get(id) ?? []));
        addresses.push(...(addressesOf.get(id) ?? []).map((a) => a.address));
        booked.set(id, parts.get(id) ?? []);
      }
    }
    const deposits = await this.d.deposits.depositsTo(merchantId, livemode, addresses);
    const staffNames = new Map<string, string>();
    for (const who of new Set([...sessions.map((s) => s.createdBy), ...alsoNamed])) {
      if (who?.startsWith('ui:')) {
        const user = await this.d.users.findActiveById(merchantId, who.slice(3));
        if (user) staffNames.set(who, user.name);
      }
    }
    const source = this.d.rates(livemode);
    const rates: Partial<Record<Stablecoin, bigint | null>> = {};
    for (const coin of STABLECOINS) rates[coin] = source.rate(coin, merchant.reportingCurrency)?.scaled ?? null;
    return { sessions, payments, refunds, deposits, booked, staffNames, reportingCurrency: merchant.reportingCurrency, rates, at: now };
  }

  /** The shift as `get` shows it, for a caller allowed to see it already: an open one with its report so far. */
  async withReportSoFar(shift: Shift): Promise<Shift> {
    if (shift.closedAt !== null) return shift;
    return { ...shift, report: (await this.reportOf(shift, this.d.now())).report };
  }

  /** A shift of the caller's merchant and mode; a cashier's own only. */
  private async visible(caller: Caller, id: string): Promise<Shift> {
    const shift = await this.d.store.findById(id);
    if (!shift || shift.merchantId !== caller.merchantId || shift.livemode !== caller.livemode) throw resourceMissing('shift', id);
    if (caller.role === 'cashier' && shift.openedBy !== actorOf(caller)) {
      throw new ApiError('role_forbidden', 'A cashier may read and close only the shifts they opened; ask the owner.');
    }
    return shift;
  }

  private async emit(type: ShiftEventType, shift: Shift): Promise<void> {
    await this.d.events.insert({
      id: newId('event'),
      merchantId: shift.merchantId,
      livemode: shift.livemode,
      type,
      objectId: shift.id,
      payload: JSON.stringify(this.d.renderEvent(shift)),
      createdAt: this.d.now(),
    });
  }
}
