import { type Currency, isFiat, type Stablecoin, STABLECOINS } from '../domain/currencies.js';
import { convertMinor } from '../domain/conversion.js';
import { ApiError, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import { actorOf } from '../domain/shift.js';
import { formatDecimal, MAX_MINOR } from '../domain/money.js';
import { formatRate, quoteStablecoinAmount, type RateSource } from '../domain/rates.js';
import { type LineItem, type PaymentSession, type SessionListQuery, type SessionQuote, totalDueMinor, totalMinor } from '../domain/session.js';
import { assertTipChangeable, cancel, deriveState, remainingDue, resolve, type SessionException, type SessionStatus } from '../domain/session-state.js';
import type { AddressBook } from './address-book.js';
import type { ChainHandlers } from './chain-handlers.js';
import type { LiveFeed } from './live-feed.js';
import type { MerchantService } from './merchant-service.js';
import type { IndexReservations } from './index-reservations.js';
import type { Clock, EventStore, GroupedUnitOfWork, PaymentStore, ReadSnapshot, SessionAddress, SessionAddressStore, SessionStore, UnitOfWork } from './ports.js';
import type { Payment } from '../domain/payment.js';
import type { MoneyParts } from '../domain/ledger-summary.js';
import type { SessionView } from './session-view.js';
import { unavailableMessage } from './rate-service.js';

/** A session to create, already parsed from either request shape. */
export interface NewSessionInput {
  merchantDomainId: string | null;
  currency: Currency;
  amountMinor: bigint;
  /** The customer's tip on top of the amount, same currency; none (0n) when left out. */
  tipMinor?: bigint;
  lineItems: readonly LineItem[];
  description: string | null;
  clientReferenceId: string | null;
  metadata: Readonly<Record<string, string>>;
  /** Requested deadline (ms); null for the merchant's default expiry. */
  expiresAt: number | null;
  successUrl: string | null;
  cancelUrl: string | null;
  /** Where the request named the domain, for the error's `param`. */
  domainParam: string;
  /** Where the request named the deadline, for the error's `param`. */
  expiresAtParam: string;
  /** Where the request named the amount, for the error's `param`. */
  amountParam: string;
  /** Where the request named the tip, for the error's `param` (default `tip`). */
  tipParam?: string;
  /** The till charging the sale: it then belongs to the till's open shift (docs/shifts.md). */
  till?: string;
}

/** Bounds on a caller-chosen expiry: long enough to pay, short enough that a locked rate stays fair. */
export const MIN_EXPIRY_MS = 60_000;
export const MAX_EXPIRY_MS = 24 * 60 * 60 * 1000;

export type SessionEventType =
  | 'payment_session.created'
  | 'payment_session.payment_detected'
  | 'payment_session.payment_orphaned'
  | 'payment_session.processing'
  | 'payment_session.succeeded'
  | 'payment_session.expired'
  | 'payment_session.canceled'
  | 'payment_session.exception';

const STATUS_EVENT: Partial<Record<SessionStatus, SessionEventType>> = {
  PROCESSING: 'payment_session.processing',
  SUCCEEDED: 'payment_session.succeeded',
  EXPIRED: 'payment_session.expired',
  CANCELED: 'payment_session.canceled',
};

export interface SessionServiceDeps {
  store: SessionStore;
  merchants: MerchantService;
  rates: (livemode: boolean) => RateSource;
  now: Clock;
  tx: UnitOfWork;
  /** A view's reads (the session's row, its payments, its addresses) from one state of the store. */
  snapshot: ReadSnapshot;
  /** Group commit, for creation: many sessions created at once share one commit. */
  commit: GroupedUnitOfWork;
  /** The next derivation index of each of a merchant's wallets, taken for all of a turn's creations at once. */
  indexes: Pick<IndexReservations, 'take'>;
  /** A merchant's wallet of a family and mode as it is now (services/wallets-now.ts: from memory). */
  walletOf: (merchantId: string, family: string, livemode: boolean) => Promise<string | undefined>;
  addresses: SessionAddressStore;
  payments: PaymentStore;
  events: EventStore;
  addressBook: AddressBook;
  live: LiveFeed;
  /** The families' deposits and options (chain-integration.ts's views: no network before its start). */
  chains: ChainHandlers;
  /** Renders a session as the API shows it, for event payloads (`data.object`). */
  renderEvent: (view: SessionView) => unknown;
  /** Told when a new deadline exists, so the expiry timer can wake earlier if needed. */
  onDeadline?: (at: number) => void;
  /** Books a SUCCEEDED session's confirmed money in the ledger (idempotent: only what is new). */
  /** The till's open shift, for a sale charged on a till (services/shift-service.ts). */
  openShiftId?: (merchantId: string, livemode: boolean, till: string) => Promise<string | null>;
  /** A session of a shift changed, inside its unit of work: a closed shift's report follows (reconciliation). */
  shiftSessionChanged?: (session: PaymentSession) => Promise<void>;
  ledger?: {
    bookSessionInTransaction(session: PaymentSession, payments: readonly Payment[]): Promise<unknown[]>;
    /** The session's gross, fees, refunds and net in the ledger, per coin (none before it succeeded). */
    sessionParts(session: PaymentSession): Promise<MoneyParts[]>;
  };
}

export class SessionService {
  private readonly chains: ChainHandlers;

  constructor(private readonly d: SessionServiceDeps) {
    this.chains = d.chains;
  }

  /**
   * `alsoInUnit` runs in the same unit of work as the inserts, with the new session's view: the HTTP
   * layer stores the idempotent response there, so a session never exists without the record that
   * makes a retry replay it (a crash between two commits could otherwise create it twice).
   * @throws ApiError merchant_mismatch, parameter_invalid (expires_at), rate_unavailable
   */
  async create(caller: Caller, input: NewSessionInput, alsoInUnit?: (view: SessionView) => Promise<void>): Promise<SessionView> {
    const merchant = await this.d.merchants.get(caller.merchantId);
    const domainId = input.merchantDomainId ?? merchant.domains[0]?.id;
    if (!domainId || !merchant.domains.some((d) => d.id === domainId)) {
      throw new ApiError('merchant_mismatch', `The merchant domain '${input.merchantDomainId}' does not belong to this API key's merchant.`, input.domainParam);
    }
    const now = this.d.now();
    const expiresAt = input.expiresAt ?? now + merchant.sessionExpirySeconds * 1000;
    if (expiresAt < now + MIN_EXPIRY_MS || expiresAt > now + MAX_EXPIRY_MS) {
      throw new ApiError('parameter_invalid', 'must be between 1 minute and 24 hours from now', input.expiresAtParam);
    }
    const session: PaymentSession = {
      id: newId('session'),
      merchantId: merchant.id,
      merchantDomainId: domainId,
      livemode: caller.livemode,
      status: 'PENDING',
      exception: null,
      currency: input.currency,
      amountMinor: input.amountMinor,
      tipMinor: input.tipMinor ?? 0n,
      amountReceivedMinor: 0n,
      amountRefundedMinor: 0n,
      description: input.description,
      clientReferenceId: input.clientReferenceId,
      metadata: input.metadata,
      lineItems: input.lineItems,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      resolvedBy: null,
      createdAt: now,
      expiresAt,
      updatedAt: now,
      // A till with no open shift still sells: the sale then belongs to no shift.
      shiftId: input.till !== undefined ? ((await this.d.openShiftId?.(merchant.id, caller.livemode, input.till)) ?? null) : null,
      createdBy: actorOf(caller),
      quotes: this.lockQuotes(caller.livemode, input.currency, input.amountMinor, input.amountParam, BigInt(merchant.feeFixedUsdCents)),
    };
    // The total's amount due in each coin must stay within the cap too (a tip can push it over).
    if (session.tipMinor > 0n) checkTotalDue(session, input.tipParam ?? 'tip');
    const watchUntil = expiresAt + merchant.monitoringWindowSeconds * 1000;
    // The unit may run twice (group commit retries a group one unit at a time), so it builds
    // everything it returns afresh and has no effect outside the database.
    // One index of each of the merchant's wallets in this mode, with the wallet (a family without one
    // offers no options): before the unit, with the other creations of this turn (index-reservations.ts).
    const wallets = await this.d.indexes.take(merchant.id, caller.livemode);
    const rows: SessionAddress[] = [];
    for (const family of this.chains.depositFamilies) {
      const wallet = wallets.find((w) => w.family === family);
      if (!wallet) continue;
      const address = this.chains.deposit(family, wallet.xpub, wallet.index);
      rows.push({ sessionId: session.id, family, livemode: caller.livemode, address, derivationIndex: wallet.index, watchUntil });
    }
    const { view, stored } = await this.d.commit(async () => {
      // Sent at the commit with the group's other sessions (one statement on PostgreSQL): the
      // addresses' row ids come then, in this run's own holder (a unit may run twice).
      const stored: { rows: (SessionAddress & { row: number })[] } = { rows: [] };
      await this.d.store.insertAtCommit(session, rows, async (ids) => {
        stored.rows = rows.map((r, i) => ({ ...r, row: ids[i] as number }));
        // Other instances watch them from the commit on (the leader's watcher may be one of them).
        await this.d.addressBook.announce(caller.livemode, stored.rows);
      });
      // A new session has no payments and the addresses just reserved: no need to read them back.
      const created = await this.viewOf(session, [], rows);
      await this.emit('payment_session.created', created);
      await alsoInUnit?.(created);
      return { view: created, stored };
    });
    for (const r of stored.rows) this.d.addressBook.add(r.family, caller.livemode, r.address, r.row);
    this.d.onDeadline?.(expiresAt);
    this.d.live.publish(session.id);
    return view;
  }

  /**
   * Locks, for each stablecoin, the rate and the amount due for the session's lifetime.
   * A missing or stale rate refuses the session rather than guessing a price.
   */
  private lockQuotes(livemode: boolean, currency: Currency, amountMinor: bigint, amountParam: string, feeFixedUsdCents: bigint): SessionQuote[] {
    const source = this.d.rates(livemode);
    const rateOf = (from: Currency, coin: Stablecoin) => {
      const { rate, unavailable } = source.lookup(from, coin);
      if (!rate) throw new ApiError('rate_unavailable', unavailableMessage(unavailable));
      return rate;
    };
    return STABLECOINS.map((coin) => {
      const rate = rateOf(currency, coin);
      const amountDueMinor = quoteStablecoinAmount(amountMinor, currency, coin, rate.scaled);
      // The same cap as every amount: a fiat amount within it can still exceed it once in coin micro-units.
      if (amountDueMinor > MAX_MINOR) {
        throw new ApiError('parameter_invalid', `is larger than the largest amount accepted (the equivalent of ${formatDecimal(MAX_MINOR, 6)} ${coin})`, amountParam);
      }
      // The fixed fee (contract: 0.10 USD) in this coin, locked now like the amount due.
      const feeFixedMinor = convertMinor(feeFixedUsdCents, 'USD', coin, (currency === 'USD' ? rate : rateOf('USD', coin)).scaled, 'half-up');
      return { currency: coin, rateScaled: rate.scaled, rateSource: rate.source, amountDueMinor, feeFixedMinor };
    });
  }

  /** The session with its payments and its options, each asking for what is still due. */
  async view(session: PaymentSession): Promise<SessionView> {
    return await this.viewOf(session, await this.d.payments.forSession(session.id), await this.d.addresses.forSession(session.id));
  }

  private async viewOf(session: PaymentSession, payments: Payment[], addresses: readonly SessionAddress[]): Promise<SessionView> {
    const rates: Partial<Record<Stablecoin, string>> = {};
    if (isFiat(session.currency)) for (const q of session.quotes) rates[q.currency] = formatRate(q.rateScaled);
    const remaining = remainingByCoin(session, payments);
    const options: SessionView['options'][number][] = [];
    // Who is paid and for what, for wallet requests that show them (Solana Pay's label and message).
    const label = addresses.length ? (await this.d.merchants.get(session.merchantId)).name : '';
    for (const a of addresses) {
      // The wallet a family's options may name (one merchant wallet plus a per-session reference);
      // the default merchant's wallets are in memory, so this costs no query per view.
      const wallet = (await this.d.walletOf(session.merchantId, a.family, session.livemode)) ?? '';
      options.push(...this.chains.options(session.livemode, a.family, { wallet, deposit: a.address, label, ...(session.description !== null && { message: session.description }) }, remaining, rates));
    }
    return { session, payments, options, booked: await this.d.ledger?.sessionParts(session) ?? [] };
  }

  /** Where and how much is still due for a session, per family and coin (for `devnet pay`). */
  async stillDue(id: string): Promise<{ addresses: { family: string; address: string; wallet?: string }[]; remaining: Partial<Record<Stablecoin, bigint>> } | undefined> {
    const session = await this.d.store.findById(id);
    if (!session) return undefined;
    const remaining = remainingByCoin(session, await this.d.payments.forSession(id));
    // The merchant's wallet too: where a family's deposit is a reference (Solana), the money goes there.
    const addresses: { family: string; address: string; wallet?: string }[] = [];
    for (const a of await this.d.addresses.forSession(id)) {
      addresses.push({ family: a.family, address: a.address, wallet: await this.d.walletOf(session.merchantId, a.family, session.livemode) });
    }
    return { addresses, remaining };
  }

  /**
   * A session the caller may see. One of the other mode, or another merchant's, is "missing" to
   * this caller: a test key never learns what live objects exist.
   * @throws ApiError resource_missing
   */
  async get(caller: Caller, id: string): Promise<SessionView> {
    return await this.d.snapshot(async () => await this.view(await this.owned(caller, id)));
  }

  private async owned(caller: Caller, id: string): Promise<PaymentSession> {
    const session = await this.d.store.findById(id);
    if (!session || session.merchantId !== caller.merchantId || session.livemode !== caller.livemode) {
      throw resourceMissing('payment session', id);
    }
    return session;
  }

  /** For the public checkout page: the unguessable id is the capability. */
  async getPublic(id: string): Promise<SessionView | undefined> {
    return await this.d.snapshot(async () => {
      const session = await this.d.store.findById(id);
      return session ? await this.view(session) : undefined;
    });
  }

  async list(caller: Caller, query: Omit<SessionListQuery, 'merchantId' | 'livemode'>): Promise<{ items: SessionView[]; hasMore: boolean }> {
    for (const [param, id] of [['starting_after', query.startingAfter], ['ending_before', query.endingBefore]] as const) {
      if (id !== undefined) {
        const cursor = await this.d.store.findById(id);
        if (!cursor || cursor.merchantId !== caller.merchantId || cursor.livemode !== caller.livemode) {
          throw resourceMissing('payment session', id, param);
        }
      }
    }
    return await this.d.snapshot(async () => {
      const page = await this.d.store.list({ ...query, merchantId: caller.merchantId, livemode: caller.livemode });
      const items: SessionView[] = [];
      for (const s of page.items) items.push(await this.view(s));
      return { items, hasMore: page.hasMore };
    });
  }

  /** Every matching session, newest first, read a page at a time (CSV export). */
  async *iterate(caller: Caller, query: Omit<SessionListQuery, 'merchantId' | 'livemode' | 'limit' | 'startingAfter' | 'endingBefore'>): AsyncGenerator<SessionView> {
    let startingAfter: string | undefined;
    for (;;) {
      // One page read from one state of the store; the export's pages may differ as sales go on.
      const page = await this.d.snapshot(async () => {
        const rows = await this.d.store.list({ ...query, merchantId: caller.merchantId, livemode: caller.livemode, limit: 100, ...(startingAfter !== undefined && { startingAfter }) });
        const views: SessionView[] = [];
        for (const s of rows.items) views.push(await this.view(s));
        return { items: views, hasMore: rows.hasMore };
      });
      yield* page.items;
      if (!page.hasMore) return;
      startingAfter = page.items[page.items.length - 1]?.session.id;
    }
  }

  /** @throws ApiError resource_missing | invalid_state */
  async cancel(caller: Caller, id: string): Promise<SessionView> {
    const view = await this.d.tx(async () => {
      const session = await this.owned(caller, id);
      const status = cancel(session);
      await this.d.store.updateState(id, { status, exception: session.exception, amountReceivedMinor: session.amountReceivedMinor }, this.d.now());
      const after = await this.view(await this.owned(caller, id));
      await this.emit('payment_session.canceled', after);
      return after;
    });
    this.d.live.publish(id);
    return view;
  }

  /**
   * Sets or replaces the session's tip (0n: no tip, a choice of its own) while nothing has been paid.
   * The options then ask for the new total at the rates locked at creation; the live feed tells the
   * till, the customer display and the payment page to redraw them.
   * @throws ApiError resource_missing | invalid_state | parameter_invalid
   */
  async setTip(caller: Caller, id: string, tip: (currency: Currency) => bigint, tipParam: string): Promise<SessionView> {
    const view = await this.d.tx(async () => {
      const session = await this.owned(caller, id);
      const payments = await this.d.payments.forSession(id);
      // The tip's own checks (currency, scale) come first: a malformed tip is a 400 whatever the session's state.
      const tipMinor = tip(session.currency);
      const now = this.d.now();
      assertTipChangeable(session, payments.length, now);
      const tipped: PaymentSession = { ...session, tipMinor };
      checkTotalDue(tipped, tipParam);
      await this.d.store.setTip(id, tipMinor, now);
      return await this.viewOf({ ...tipped, updatedAt: now }, payments, await this.d.addresses.forSession(id));
    });
    this.d.live.publish(id);
    return view;
  }

  /** The owner accepts an UNDERPAID or PAID_LATE session as paid. @throws ApiError resource_missing | invalid_state */
  async resolve(caller: Caller, id: string): Promise<SessionView> {
    const view = await this.d.tx(async () => {
      const session = await this.owned(caller, id);
      const status = resolve(session);
      await this.d.store.updateState(id, { status, exception: session.exception, amountReceivedMinor: session.amountReceivedMinor, resolvedBy: 'owner' }, this.d.now());
      const resolved = await this.owned(caller, id);
      // Booked before the view is read, so the answer and the event show the fee just taken. What it
      // books leaves out what refunds already paid back (domain/ledger.ts, keptByCoin), as on every path.
      await this.d.ledger?.bookSessionInTransaction(resolved, await this.d.payments.forSession(id));
      const after = await this.view(resolved);
      await this.emit('payment_session.succeeded', after);
      return after;
    });
    this.d.live.publish(id);
    return view;
  }

  /**
   * Re-derives a session's state from its payments and the clock (deriveInTransaction), reading the
   * session's row and its payments once. Call inside a transaction; publish after it commits.
   * `extra` are events the caller already knows of (a payment detected or dropped).
   */
  async refreshInTransaction(id: string, extra: readonly SessionEventType[] = []): Promise<boolean> {
    const session = await this.d.store.findById(id);
    if (!session) return false;
    return await this.deriveInTransaction(session, await this.d.payments.forSession(id), extra);
  }

  /**
   * The session's state machine (domain/session-state.ts) over the session's row and its payments as
   * the caller read them in this unit of work: writes the state if it changed, books a SUCCEEDED
   * session's confirmed money in the ledger and records the events the change means in the outbox.
   * It reads neither again (the payment recorder reads each touched session once per scan).
   */
  async deriveInTransaction(session: PaymentSession, payments: Payment[], extra: readonly SessionEventType[] = []): Promise<boolean> {
    const now = this.d.now();
    const next = deriveState({
      status: session.status,
      resolvedBy: session.resolvedBy,
      // Judged against what the customer is asked for: the amount and the tip.
      amountMinor: totalMinor(session),
      expiresAt: session.expiresAt,
      due: amountsDue(session),
      payments,
      now,
    });
    const changed =
      next.status !== session.status || next.exception !== session.exception || next.amountReceivedMinor !== session.amountReceivedMinor;
    // A SUCCEEDED session's money is booked as its payments confirm, even when its state stays the
    // same (a top-up confirming after success): booking is by difference, so repeating it is safe.
    const booked = next.status === 'SUCCEEDED' ? ((await this.d.ledger?.bookSessionInTransaction(session, payments))?.length ?? 0) : 0;
    if (changed) await this.d.store.updateState(session.id, next, now);
    // The row as updateState just wrote it (its state and updatedAt), without reading it back.
    const after: PaymentSession = changed ? { ...session, status: next.status, exception: next.exception, amountReceivedMinor: next.amountReceivedMinor, updatedAt: now } : session;
    // A payment of a closed shift's sale confirming (or dropped) moves the shift's reconciliation on,
    // even when the session's own state stays the same.
    if (after.shiftId !== null) await this.d.shiftSessionChanged?.(after);
    if (!changed && extra.length === 0) return booked > 0;
    const view = await this.viewOf(after, payments, await this.d.addresses.forSession(session.id));
    const types: SessionEventType[] = [...extra];
    if (next.status !== session.status && STATUS_EVENT[next.status]) types.push(STATUS_EVENT[next.status] as SessionEventType);
    if (next.exception !== null && next.exception !== session.exception) types.push('payment_session.exception');
    for (const type of types) await this.emit(type, view);
    return true;
  }

  /** Expires every PENDING session past its deadline; returns how many moved. */
  async expireDue(batch = 500): Promise<number> {
    let moved = 0;
    for (;;) {
      const due = await this.d.store.dueForExpiry(this.d.now(), batch);
      for (const id of due) {
        if (await this.d.tx(async () => await this.refreshInTransaction(id))) {
          moved++;
          this.d.live.publish(id);
        }
      }
      // A due session that did not move (paid on time, found late) would be selected forever; stop.
      if (due.length < batch || moved === 0) return moved;
    }
  }

  async nextDeadline(): Promise<number | undefined> {
    return await this.d.store.nextExpiry();
  }

  private async emit(type: SessionEventType, view: SessionView): Promise<void> {
    await this.d.events.insert({
      id: newId('event'),
      merchantId: view.session.merchantId,
      livemode: view.session.livemode,
      type,
      objectId: view.session.id,
      payload: JSON.stringify(this.d.renderEvent(view)),
      createdAt: this.d.now(),
    });
  }
}

/** What the session asks for in each coin: its total (amount + tip) at the rates locked at creation. */
function amountsDue(session: PaymentSession): Partial<Record<Stablecoin, bigint>> {
  return Object.fromEntries(session.quotes.map((q) => [q.currency, totalDueMinor(session, q)]));
}

/**
 * The cap every amount has, on the total in each coin: a tip could otherwise take a session's amount
 * due past what the API accepts. @throws ApiError parameter_invalid
 */
function checkTotalDue(session: PaymentSession, param: string): void {
  for (const q of session.quotes) {
    if (totalDueMinor(session, q) > MAX_MINOR) {
      throw new ApiError('parameter_invalid', `makes the total larger than the largest amount accepted (the equivalent of ${formatDecimal(MAX_MINOR, 6)} ${q.currency})`, param);
    }
  }
}

/** What is still due in each coin after the payments so far. */
function remainingByCoin(session: PaymentSession, payments: readonly Payment[]): Partial<Record<Stablecoin, bigint>> {
  const due = amountsDue(session);
  const remaining: Partial<Record<Stablecoin, bigint>> = {};
  for (const coin of Object.keys(due) as Stablecoin[]) remaining[coin] = remainingDue(coin, payments, due);
  return remaining;
}

export type { SessionException };
