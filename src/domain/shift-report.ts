import { convertMinor } from './conversion.js';
import { type Currency, type FiatCurrency, scaleOf, type Stablecoin, STABLECOINS } from './currencies.js';
import type { Deposit } from './deposit.js';
import type { MoneyParts } from './ledger-summary.js';
import { formatDecimal } from './money.js';
import type { Payment } from './payment.js';
import { formatRate } from './rates.js';
import { holdsMoney, type Refund } from './refund.js';
import { type PaymentSession, totalMinor } from './session.js';
import { SESSION_EXCEPTIONS, SESSION_STATUSES } from './session-state.js';
import { groupBy } from './group-by.js';

/**
 * A shift's report (docs/shifts.md, "The report"): what the till sold in the shift and whether it all
 * arrived on chain. Pure: it is computed from what the shift service read through the repositories,
 * and kept as the JSON the API shows (decimal strings), so a closed shift's report reads back as it was.
 */
export interface ShiftReportInput {
  /** The shift's sessions (those charged on its till while it was open). */
  sessions: readonly PaymentSession[];
  /** Their payments (every status). */
  payments: readonly Payment[];
  /** Their refunds (every status). */
  refunds: readonly Refund[];
  /** Deposits that reached the sessions' own addresses without paying them. */
  deposits: readonly Deposit[];
  /** Each SUCCEEDED session's booked money per coin (the ledger's parts), by session id. */
  booked: ReadonlyMap<string, readonly MoneyParts[]>;
  /** Staff members' names, by actor (`ui:<user id>`); an API key is shown by its id. */
  staffNames: ReadonlyMap<string, string>;
  reportingCurrency: FiatCurrency;
  /** The scaled rate of each coin into the reporting currency (the balance's rates), or null when none is usable. */
  rates: Readonly<Partial<Record<Stablecoin, bigint | null>>>;
  /** When it was computed (ms). */
  at: number;
}

export interface MoneyLine {
  gross: string;
  tips: string;
  refunds: string;
  fees: string;
  net: string;
}

export interface CoinNetworkLine extends MoneyLine {
  currency: Stablecoin;
  network: string;
  /** SUCCEEDED sessions whose money is booked in this coin on this network. */
  sales: number;
}

export interface StaffLine extends MoneyLine {
  /** `ui:<user id>`, or the API key's id. */
  staff: string;
  name: string;
  sessions: number;
  succeeded: number;
}

export interface SessionDifference {
  session_id: string;
  currency: Currency;
  amount_total: string;
  amount_received: string;
  /** received − total: negative when underpaid. */
  difference: string;
}

export interface ShiftReport {
  object: 'shift_report';
  generated_at: string;
  reporting_currency: FiatCurrency;
  sales: {
    count: number;
    by_status: Record<string, number>;
    by_exception: Record<string, number>;
  };
  /** Booked money per coin × network, in the coin. */
  by_coin_network: CoinNetworkLine[];
  /** The same added up in the reporting currency at `rates`; coins without a rate are in `missing_rates` and left out. */
  reporting: MoneyLine & { currency: FiatCurrency; rates: Record<string, string>; missing_rates: Stablecoin[] };
  /** Per staff member who charged, in the reporting currency. */
  staff: StaffLine[];
  /** What the till charged against what arrived on chain. */
  reconciliation: {
    /** Per pricing currency: the totals asked (sessions not canceled, and not expired unpaid) and what was received. */
    charged: { currency: Currency; charged: string; received: string; difference: string }[];
    underpaid: SessionDifference[];
    overpaid: SessionDifference[];
    late: SessionDifference[];
    unconfirmed: { payment_id: string; session_id: string; network: string; currency: Stablecoin; amount: string; tx_id: string; confirmations: number }[];
    unmatched_deposits: { deposit_id: string; network: string; currency: Stablecoin | null; amount_base: string; decimals: number; to: string; tx_id: string; reason: string; status: string }[];
  };
}

interface Sum {
  gross: bigint;
  tips: bigint;
  refunds: bigint;
  fees: bigint;
}

const zero = (): Sum => ({ gross: 0n, tips: 0n, refunds: 0n, fees: 0n });
const addTo = (a: Sum, b: Sum): void => {
  a.gross += b.gross;
  a.tips += b.tips;
  a.refunds += b.refunds;
  a.fees += b.fees;
};
const line = (s: Sum, scale: number): MoneyLine => ({
  gross: formatDecimal(s.gross, scale),
  tips: formatDecimal(s.tips, scale),
  refunds: formatDecimal(s.refunds, scale),
  fees: formatDecimal(s.fees, scale),
  net: formatDecimal(s.gross - s.fees - s.refunds, scale),
});

/** A coin's money of one session: where it came (the network of its largest payment in that coin). */
interface SessionCoin extends Sum {
  currency: Stablecoin;
  network: string;
}

/** Payments that count: not orphaned by a reorganisation. */
const live = (p: Payment) => p.status !== 'orphaned';

/**
 * Each session's booked money per coin and network: the ledger's gross, tips and fees (booked only
 * for SUCCEEDED sessions; the tip's share of each coin as the ledger booked it, docs/balances.md
 * "Tips"), and the refunds holding money, by their own network and coin.
 */
function sessionCoins(s: PaymentSession, payments: readonly Payment[], refunds: readonly Refund[], booked: readonly MoneyParts[]): SessionCoin[] {
  const networkOf = (coin: Stablecoin): string | undefined =>
    payments.filter((p) => live(p) && p.currency === coin).sort((a, b) => (b.amountMinor > a.amountMinor ? 1 : b.amountMinor < a.amountMinor ? -1 : 0))[0]?.network;
  const out: SessionCoin[] = [];
  const find = (coin: Stablecoin, network: string): SessionCoin => {
    let c = out.find((x) => x.currency === coin && x.network === network);
    if (!c) out.push((c = { currency: coin, network, ...zero() }));
    return c;
  };
  for (const part of booked) {
    const coin = part.currency as Stablecoin;
    if (!STABLECOINS.includes(coin) || (part.grossMinor === 0n && part.feesMinor === 0n)) continue;
    const c = find(coin, networkOf(coin) ?? 'unknown');
    c.gross += part.grossMinor;
    c.tips += part.tipsMinor;
    c.fees += part.feesMinor;
  }
  for (const r of refunds) if (holdsMoney(r.status)) find(r.currency, r.network).refunds += r.amountMinor;
  return out;
}

const byOrder = <T>(a: T, b: T, key: (x: T) => string) => key(a).localeCompare(key(b));

export function shiftReport(input: ShiftReportInput): ShiftReport {
  const { sessions, reportingCurrency } = input;
  const rscale = scaleOf(reportingCurrency);
  const paymentsOf = groupBy(input.payments, (p) => p.sessionId ?? '');
  const refundsOf = groupBy(input.refunds, (r) => r.sessionId ?? '');

  const byStatus: Record<string, number> = Object.fromEntries(SESSION_STATUSES.map((s) => [s, 0]));
  const byException: Record<string, number> = Object.fromEntries(SESSION_EXCEPTIONS.map((e) => [e, 0]));
  const coinLines = new Map<string, Sum & { currency: Stablecoin; network: string; sales: Set<string> }>();
  const staff = new Map<string, { sessions: number; succeeded: number; coins: Map<Stablecoin, Sum> }>();
  const charged = new Map<Currency, { charged: bigint; received: bigint }>();
  const underpaid: SessionDifference[] = [];
  const overpaid: SessionDifference[] = [];
  const late: SessionDifference[] = [];

  for (const s of sessions) {
    byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
    if (s.exception) byException[s.exception] = (byException[s.exception] ?? 0) + 1;
    const coins = sessionCoins(s, paymentsOf.get(s.id) ?? [], refundsOf.get(s.id) ?? [], input.booked.get(s.id) ?? []);
    const who = s.createdBy ?? 'unknown';
    const member = staff.get(who) ?? { sessions: 0, succeeded: 0, coins: new Map<Stablecoin, Sum>() };
    staff.set(who, member);
    member.sessions++;
    if (s.status === 'SUCCEEDED') member.succeeded++;
    for (const c of coins) {
      const key = `${c.currency}\u0000${c.network}`;
      const l = coinLines.get(key) ?? { currency: c.currency, network: c.network, sales: new Set<string>(), ...zero() };
      coinLines.set(key, l);
      addTo(l, c);
      if (c.gross > 0n) l.sales.add(s.id);
      const m = member.coins.get(c.currency) ?? zero();
      member.coins.set(c.currency, m);
      addTo(m, c);
    }
    // What was asked: every sale but the canceled ones and those that expired with nothing paid.
    const walkedAway = s.status === 'CANCELED' || (s.status === 'EXPIRED' && s.amountReceivedMinor === 0n);
    if (!walkedAway) {
      const c = charged.get(s.currency) ?? { charged: 0n, received: 0n };
      charged.set(s.currency, c);
      c.charged += totalMinor(s);
      c.received += s.amountReceivedMinor;
    }
    const scale = scaleOf(s.currency);
    const diff = (): SessionDifference => ({
      session_id: s.id,
      currency: s.currency,
      amount_total: formatDecimal(totalMinor(s), scale),
      amount_received: formatDecimal(s.amountReceivedMinor, scale),
      difference: signed(s.amountReceivedMinor - totalMinor(s), scale),
    });
    if (s.exception === 'UNDERPAID') underpaid.push(diff());
    if (s.exception === 'OVERPAID') overpaid.push(diff());
    if (s.exception === 'PAID_LATE') late.push(diff());
  }

  const toReporting = (coins: Iterable<[Stablecoin, Sum]>): Sum => reportingSum(coins, input.rates, reportingCurrency);
  const perCoin = new Map<Stablecoin, Sum>();
  for (const l of coinLines.values()) {
    const m = perCoin.get(l.currency) ?? zero();
    perCoin.set(l.currency, m);
    addTo(m, l);
  }
  const rates: Record<string, string> = {};
  const missing: Stablecoin[] = [];
  for (const coin of perCoin.keys()) {
    const rate = input.rates[coin];
    if (rate) rates[coin] = formatRate(rate);
    else missing.push(coin);
  }

  const pending = input.payments.filter((p) => p.status === 'detected' && p.sessionId !== null);
  return {
    object: 'shift_report',
    generated_at: new Date(input.at).toISOString(),
    reporting_currency: reportingCurrency,
    sales: { count: sessions.length, by_status: byStatus, by_exception: byException },
    by_coin_network: [...coinLines.values()]
      .sort((a, b) => byOrder(a, b, (x) => `${x.currency} ${x.network}`))
      .map((l) => ({ currency: l.currency, network: l.network, sales: l.sales.size, ...line(l, scaleOf(l.currency)) })),
    reporting: { currency: reportingCurrency, ...line(toReporting(perCoin), rscale), rates, missing_rates: missing.sort() },
    staff: [...staff.entries()]
      .sort((a, b) => byOrder(a, b, (x) => x[0]))
      .map(([who, m]) => ({ staff: who, name: input.staffNames.get(who) ?? who, sessions: m.sessions, succeeded: m.succeeded, ...line(toReporting(m.coins), rscale) })),
    reconciliation: {
      charged: [...charged.entries()]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([currency, c]) => ({
          currency,
          charged: formatDecimal(c.charged, scaleOf(currency)),
          received: formatDecimal(c.received, scaleOf(currency)),
          difference: signed(c.received - c.charged, scaleOf(currency)),
        })),
      underpaid,
      overpaid,
      late,
      unconfirmed: pending.map((p) => ({
        payment_id: p.id,
        session_id: p.sessionId as string,
        network: p.network,
        currency: p.currency,
        amount: formatDecimal(p.amountMinor, scaleOf(p.currency)),
        tx_id: p.txId,
        confirmations: p.confirmations,
      })),
      unmatched_deposits: input.deposits.map((d) => ({
        deposit_id: d.id,
        network: d.network,
        currency: d.currency,
        amount_base: d.amountBase.toString(),
        decimals: d.decimals,
        to: d.to,
        tx_id: d.txId,
        reason: d.reason,
        status: d.status,
      })),
    },
  };
}

/**
 * Converts each coin's sums into the reporting currency at its rate (`half-up`, once per coin, as the
 * balance's total does); coins without a rate are left out (the report lists them in `missing_rates`).
 */
function reportingSum(coins: Iterable<[Stablecoin, Sum]>, rates: ShiftReportInput['rates'], reportingCurrency: FiatCurrency): Sum {
  const out = zero();
  for (const [coin, sum] of coins) {
    const rate = rates[coin];
    if (!rate) continue;
    const conv = (v: bigint) => convertMinor(v, coin, reportingCurrency, rate, 'half-up');
    addTo(out, { gross: conv(sum.gross), tips: conv(sum.tips), refunds: conv(sum.refunds), fees: conv(sum.fees) });
  }
  return out;
}

export interface NetworkLine extends MoneyLine {
  network: string;
  /** SUCCEEDED sales whose money is booked on this network. */
  sales: number;
}

/**
 * The same money as `shiftReport`'s `by_coin_network`, added up per network in the reporting currency
 * (each coin converted at its rate; coins without one left out, as in `reporting`). For any set of
 * sessions: a shift's, or a whole day's (domain/daily-report.ts).
 */
export function byNetwork(input: ShiftReportInput): NetworkLine[] {
  const paymentsOf = groupBy(input.payments, (p) => p.sessionId ?? '');
  const refundsOf = groupBy(input.refunds, (r) => r.sessionId ?? '');
  const networks = new Map<string, { sales: Set<string>; coins: Map<Stablecoin, Sum> }>();
  for (const s of input.sessions) {
    for (const c of sessionCoins(s, paymentsOf.get(s.id) ?? [], refundsOf.get(s.id) ?? [], input.booked.get(s.id) ?? [])) {
      const n = networks.get(c.network) ?? { sales: new Set<string>(), coins: new Map<Stablecoin, Sum>() };
      networks.set(c.network, n);
      if (c.gross > 0n) n.sales.add(s.id);
      const m = n.coins.get(c.currency) ?? zero();
      n.coins.set(c.currency, m);
      addTo(m, c);
    }
  }
  const scale = scaleOf(input.reportingCurrency);
  return [...networks.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([network, n]) => ({ network, sales: n.sales.size, ...line(reportingSum(n.coins, input.rates, input.reportingCurrency), scale) }));
}

/** Whether a shift's payments have all settled: none still waiting for its confirmations. */
export function allSettled(payments: readonly Pick<Payment, 'status'>[]): boolean {
  return !payments.some((p) => p.status === 'detected');
}

function signed(minor: bigint, scale: number): string {
  return minor < 0n ? `-${formatDecimal(-minor, scale)}` : formatDecimal(minor, scale);
}

