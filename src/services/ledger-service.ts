import { type Currency, isStablecoin, type Stablecoin, STABLECOINS } from '../domain/currencies.js';
import { startOfNextLocalDay } from '../domain/calendar.js';
import { convertMinor } from '../domain/conversion.js';
import { resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { type BalanceTransaction, type FundsBalance, keptByCoin, paymentFees, tipShares } from '../domain/ledger.js';
import { dailyVolume, type DayVolume, type MoneyParts, moneyParts, seriesStart, subtractParts } from '../domain/ledger-summary.js';
import type { Caller } from '../domain/merchant.js';
import type { Payment } from '../domain/payment.js';
import type { RateSource } from '../domain/rates.js';
import type { Refund } from '../domain/refund.js';
import { type PaymentSession, totalDueMinor, totalMinor } from '../domain/session.js';
import { groupBy } from '../domain/group-by.js';
import type { MerchantService } from './merchant-service.js';
import type { Clock, LedgerQuery, LedgerStore, Settlement } from './ports.js';

/** A funds account's change: `settles` entries go to pending (grouped into a settlement), others to available. */
export interface NewEntry {
  merchantId: string;
  livemode: boolean;
  type: BalanceTransaction['type'];
  currency: Currency;
  amountMinor: bigint;
  feeMinor: bigint;
  /** The customer's tip in `amountMinor` (a session's payment entries); 0 when left out. */
  tipMinor?: bigint;
  /** Pending until this time (and settled then); omitted for entries available at once. */
  settlesAt?: number;
  sourceId: string;
  description: string;
}

export interface BalanceView {
  livemode: boolean;
  accounts: FundsBalance[];
  /** The accounts valued in the merchant's reporting currency, at current rates. */
  total: { currency: Currency; availableMinor: bigint; pendingMinor: bigint; missingRates: Currency[] };
}

/** What each account's pending and available money is made of, and the daily sales of the last days. */
export interface BalanceSummary {
  livemode: boolean;
  timeZone: string;
  accounts: { currency: Currency; pending: MoneyParts; available: MoneyParts }[];
  days: DayVolume[];
}

/** Days the daily series may cover. */
export const SUMMARY_DAYS = { min: 1, max: 90, default: 30 } as const;

export interface LedgerServiceDeps {
  store: LedgerStore;
  merchants: MerchantService;
  rates: (livemode: boolean) => RateSource;
  now: Clock;
  /** A session's refunds: those that paid money back before it was booked are not booked (keptByCoin). */
  refunds: { forSession(sessionId: string): Promise<readonly Pick<Refund, 'currency' | 'amountMinor' | 'status' | 'ledgerEntries'>[]> };
  /**
   * Told, inside the unit of work, when pending funds are scheduled to settle, so the settlement
   * timer can wake in time: it must act only once the unit commits (a signal: core-services.ts), since
   * the unit may run again or roll back.
   */
  onSettlementScheduled?: (at: number) => Promise<void>;
}

/**
 * The ledger's write rules and reads. Every posting writes its entry and the funds account together
 * (callers hold the transaction), so a balance is always the sum of its entries.
 */
export class LedgerService {
  constructor(private readonly d: LedgerServiceDeps) {}

  /** Writes one entry and moves its funds account; call inside a transaction. */
  async postInTransaction(e: NewEntry): Promise<BalanceTransaction> {
    const now = this.d.now();
    const net = e.amountMinor - e.feeMinor;
    let settles = e.settlesAt !== undefined && e.settlesAt > now;
    if (settles) {
      // The group of funds becoming available at that moment: one settlement per account and moment.
      const at = e.settlesAt as number;
      const group = await this.d.store.findSettlementGroup(e.merchantId, e.livemode, e.currency, at);
      if (!group) {
        const s: Settlement = {
          id: newId('settlement', now),
          merchantId: e.merchantId,
          livemode: e.livemode,
          currency: e.currency,
          availableOn: at,
          amountMinor: net,
          entryCount: 1,
          status: 'scheduled',
          settledAt: null,
          createdAt: now,
        };
        await this.d.store.insertSettlement(s);
        await this.d.onSettlementScheduled?.(at);
      } else if (group.status === 'scheduled') {
        await this.d.store.addToSettlement(group.id, net);
      } else {
        settles = false; // the clock went back past a group already settled: available at once
      }
    }
    const entry: BalanceTransaction = {
      id: newId('balanceTransaction', now),
      merchantId: e.merchantId,
      livemode: e.livemode,
      type: e.type,
      currency: e.currency,
      amountMinor: e.amountMinor,
      feeMinor: e.feeMinor,
      netMinor: net,
      tipMinor: e.tipMinor ?? 0n,
      availableOn: settles ? (e.settlesAt as number) : now,
      settles,
      sourceId: e.sourceId,
      description: e.description,
      createdAt: now,
    };
    await this.d.store.insertEntry(entry);
    await this.d.store.adjustAccount(e.merchantId, e.livemode, e.currency, settles ? 0n : net, settles ? net : 0n, now);
    return entry;
  }

  /**
   * Books what a SUCCEEDED session kept and has not been booked yet: one `payment` entry per coin
   * with its gross, fee and net, pending until 00:00 of the next day in the merchant's time zone.
   * What it kept is its confirmed payments (they are final) less the refunds that paid money back
   * before it succeeded (keptByCoin: read here, so no caller can leave them out). A later top-up,
   * or such a refund failing, is booked as a new entry, never by editing the first, and the fixed
   * part of the fee is charged once per session.
   * Call inside the transaction that made (or keeps) the session SUCCEEDED. Returns the new entries.
   */
  async bookSessionInTransaction(session: PaymentSession, payments: readonly Payment[]): Promise<BalanceTransaction[]> {
    const gross = keptByCoin(payments, await this.d.refunds.forSession(session.id));
    const booked = await this.d.store.bookedBySource(session.id, 'payment');
    const delta: Partial<Record<Stablecoin, bigint>> = {};
    for (const coin of STABLECOINS) {
      const already = booked.find((b) => b.currency === coin)?.amountMinor ?? 0n;
      const d = (gross[coin] ?? 0n) - already;
      if (d > 0n) delta[coin] = d;
    }
    if (Object.keys(delta).length === 0) return [];
    const merchant = await this.d.merchants.get(session.merchantId);
    const fixedMinor = Object.fromEntries(session.quotes.map((q) => [q.currency, q.feeFixedMinor]));
    // The fee is on what was paid, tip included (the commercial term is per transaction).
    const fees = paymentFees(delta, { bps: merchant.feeBps, fixedMinor }, booked.some((b) => b.entries > 0));
    const tips = session.tipMinor > 0n ? this.tipsOf(session, booked, delta) : {};
    const settlesAt = startOfNextLocalDay(this.d.now(), merchant.timeZone);
    const posted: BalanceTransaction[] = [];
    for (const coin of (Object.keys(delta) as Stablecoin[]).sort()) {
      posted.push(await this.postInTransaction({
        merchantId: session.merchantId,
        livemode: session.livemode,
        type: 'payment',
        currency: coin,
        amountMinor: delta[coin] as bigint,
        feeMinor: fees[coin] ?? 0n,
        tipMinor: tips[coin] ?? 0n,
        settlesAt,
        sourceId: session.id,
        description: `Payment for session ${session.id}`,
      }));
    }
    return posted;
  }

  /** The tip's share of each coin's new money (domain/ledger.ts, tipShares), after what was booked before. */
  private tipsOf(session: PaymentSession, booked: readonly { currency: Currency; amountMinor: bigint }[], delta: Partial<Record<Stablecoin, bigint>>): Partial<Record<Stablecoin, bigint>> {
    const due = Object.fromEntries(session.quotes.map((q) => [q.currency, totalDueMinor(session, q)]));
    const before = Object.fromEntries(booked.map((b) => [b.currency, b.amountMinor]));
    return tipShares(session.tipMinor, totalMinor(session), due, before, delta);
  }

  /** Each funds account (USDT and USDC always; fiat ones once a conversion made them) and the total. */
  async balance(caller: Caller): Promise<BalanceView> {
    const merchant = await this.d.merchants.get(caller.merchantId);
    const accounts = await this.d.store.accounts(caller.merchantId, caller.livemode);
    for (const coin of STABLECOINS) {
      if (!accounts.some((a) => a.currency === coin)) accounts.push({ currency: coin, availableMinor: 0n, pendingMinor: 0n });
    }
    accounts.sort((a, b) => Number(isStablecoin(b.currency)) - Number(isStablecoin(a.currency)) || a.currency.localeCompare(b.currency));
    const reporting = merchant.reportingCurrency;
    const source = this.d.rates(caller.livemode);
    const total = { currency: reporting as Currency, availableMinor: 0n, pendingMinor: 0n, missingRates: [] as Currency[] };
    for (const a of accounts) {
      if (a.availableMinor === 0n && a.pendingMinor === 0n) continue;
      const rate = source.rate(a.currency, reporting);
      if (!rate) {
        total.missingRates.push(a.currency);
        continue;
      }
      total.availableMinor += convertMinor(a.availableMinor, a.currency, reporting, rate.scaled, 'half-up');
      total.pendingMinor += convertMinor(a.pendingMinor, a.currency, reporting, rate.scaled, 'half-up');
    }
    return { livemode: caller.livemode, accounts, total };
  }

  /**
   * A session's money in the ledger, per coin: the gross booked, its fees, the refunds paid back and
   * the net. Only a SUCCEEDED session has entries (money is booked on success, and only refunds of
   * booked money debit the ledger), so other sessions cost no query.
   */
  async sessionParts(session: PaymentSession): Promise<MoneyParts[]> {
    if (session.status !== 'SUCCEEDED') return [];
    return moneyParts(await this.d.store.sessionSums(session.id));
  }

  /** `sessionParts` of several sessions in one read, by session id (those with no entries are absent). */
  async sessionsParts(sessions: readonly PaymentSession[]): Promise<Map<string, MoneyParts[]>> {
    const booked = sessions.filter((s) => s.status === 'SUCCEEDED').map((s) => s.id);
    const bySession = groupBy(await this.d.store.sessionSumsMany(booked), (s) => s.sessionId);
    return new Map([...bySession].map(([id, sums]) => [id, moneyParts(sums)]));
  }

  /**
   * Each account's pending and available money in parts (gross, fees, refunds, conversions), and the
   * daily sales of the last `days` days in the merchant's time zone. Available = everything ever
   * booked less what is pending, so both add up to `GET /v1/balance`.
   */
  async summary(caller: Caller, days: number): Promise<BalanceSummary> {
    const { timeZone } = await this.d.merchants.get(caller.merchantId);
    const currencies = (await this.balance(caller)).accounts.map((a) => a.currency);
    const pending = moneyParts(await this.d.store.pendingSums(caller.merchantId, caller.livemode), currencies);
    const all = moneyParts(await this.d.store.allSums(caller.merchantId, caller.livemode), currencies);
    const available = subtractParts(all, pending);
    const now = this.d.now();
    const entries = await this.d.store.entriesSince(caller.merchantId, caller.livemode, seriesStart(now, days, timeZone));
    return {
      livemode: caller.livemode,
      timeZone,
      accounts: currencies.map((currency) => ({
        currency,
        pending: pending.find((p) => p.currency === currency) as MoneyParts,
        available: available.find((p) => p.currency === currency) as MoneyParts,
      })),
      days: dailyVolume(entries, days, now, timeZone),
    };
  }

  /** @throws ApiError resource_missing */
  async getEntry(caller: Caller, id: string): Promise<BalanceTransaction> {
    const e = await this.d.store.findEntry(id);
    if (!e || e.merchantId !== caller.merchantId || e.livemode !== caller.livemode) throw resourceMissing('balance transaction', id);
    return e;
  }

  /** @throws ApiError resource_missing (a cursor that is not the caller's) */
  async list(
    caller: Caller,
    q: Omit<LedgerQuery, 'merchantId' | 'livemode'> & { limit: number; startingAfter?: string; endingBefore?: string },
  ): Promise<{ items: BalanceTransaction[]; hasMore: boolean }> {
    for (const [param, id] of [['starting_after', q.startingAfter], ['ending_before', q.endingBefore]] as const) {
      if (id !== undefined) {
        const e = await this.d.store.findEntry(id);
        if (!e || e.merchantId !== caller.merchantId || e.livemode !== caller.livemode) throw resourceMissing('balance transaction', id, param);
      }
    }
    return await this.d.store.listEntries({ ...q, merchantId: caller.merchantId, livemode: caller.livemode });
  }

  /** Every matching entry, newest first, lazily (CSV export). */
  iterate(caller: Caller, q: Omit<LedgerQuery, 'merchantId' | 'livemode'>): AsyncIterable<BalanceTransaction> {
    return this.d.store.iterateEntries({ ...q, merchantId: caller.merchantId, livemode: caller.livemode });
  }

  /** Settlements still to come (what becomes available when), soonest first. */
  async upcoming(caller: Caller, limit = 30): Promise<Settlement[]> {
    return await this.d.store.settlementsOf(caller.merchantId, caller.livemode, 'scheduled', limit);
  }

  /** A funds account's balance now (0 when it does not exist yet). */
  async account(merchantId: string, livemode: boolean, currency: Currency): Promise<FundsBalance> {
    return (await this.d.store.accounts(merchantId, livemode)).find((a) => a.currency === currency) ?? { currency, availableMinor: 0n, pendingMinor: 0n };
  }
}
