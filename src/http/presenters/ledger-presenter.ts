import type { Currency } from '../../domain/currencies.js';
import type { BalanceTransaction, FundsBalance } from '../../domain/ledger.js';
import { formatMoney } from '../../domain/money.js';
import { formatRate } from '../../domain/rates.js';
import type { Conversion, ConversionQuote, Settlement } from '../../domain/records.js';
import type { MoneyParts } from '../../domain/ledger-summary.js';
import type { BalanceSummary, BalanceView } from '../../services/ledger-service.js';
import { iso } from './session-presenter.js';

const money = (minor: bigint, currency: Currency) => formatMoney({ minor, currency });

export function presentEntry(e: BalanceTransaction) {
  return {
    id: e.id,
    object: 'balance_transaction' as const,
    type: e.type,
    currency: e.currency,
    amount: money(e.amountMinor, e.currency),
    fee: money(e.feeMinor, e.currency),
    net: money(e.netMinor, e.currency),
    tip: money(e.tipMinor, e.currency),
    status: e.settles ? ('pending_until_available_on' as const) : ('available' as const),
    available_on: iso(e.availableOn),
    source: e.sourceId,
    description: e.description,
    livemode: e.livemode,
    created_at: iso(e.createdAt),
  };
}

export function presentAccount(a: FundsBalance) {
  return { currency: a.currency, available: money(a.availableMinor, a.currency), pending: money(a.pendingMinor, a.currency) };
}

export function presentBalance(b: BalanceView, upcoming: Settlement[]) {
  return {
    object: 'balance' as const,
    livemode: b.livemode,
    accounts: b.accounts.map(presentAccount),
    total: {
      currency: b.total.currency,
      available: money(b.total.availableMinor, b.total.currency),
      pending: money(b.total.pendingMinor, b.total.currency),
      missing_rates: b.total.missingRates,
    },
    upcoming_settlements: upcoming.map(presentSettlement),
  };
}

export function presentSettlement(s: Settlement) {
  return {
    id: s.id,
    object: 'settlement' as const,
    currency: s.currency,
    amount: money(s.amountMinor, s.currency),
    available_on: iso(s.availableOn),
    entry_count: s.entryCount,
    status: s.status,
    settled_at: s.settledAt === null ? null : iso(s.settledAt),
    livemode: s.livemode,
  };
}

/** `balance.available`'s `data.object`: the settlement and its account's balance right after it. */
export function presentSettlementEvent(s: Settlement, account: FundsBalance) {
  return { ...presentSettlement(s), balance: presentAccount(account) };
}

/** A conversion's amounts, quoted or done: what leaves, what the rate gives, the fee, what arrives. */
function conversionAmounts(c: Pick<Conversion, 'fromAmountMinor' | 'fromCurrency' | 'toAmountMinor' | 'toCurrency' | 'feeMinor'>) {
  return {
    from: money(c.fromAmountMinor, c.fromCurrency),
    to: money(c.toAmountMinor - c.feeMinor, c.toCurrency),
    gross: money(c.toAmountMinor, c.toCurrency),
    fee: money(c.feeMinor, c.toCurrency),
  };
}

export function presentConversion(c: Conversion) {
  return {
    id: c.id,
    object: 'conversion' as const,
    ...conversionAmounts(c),
    rate: formatRate(c.rateScaled),
    rate_source: c.rateSource,
    quote_id: c.quoteId,
    automatic: c.automatic,
    livemode: c.livemode,
    created_at: iso(c.createdAt),
  };
}

export function presentQuote(q: ConversionQuote) {
  return {
    id: q.id,
    object: 'conversion_quote' as const,
    ...conversionAmounts(q),
    rate: formatRate(q.rate.scaled),
    rate_source: q.rate.source,
    rate_as_of: q.rate.asOf.toISOString(),
    livemode: q.livemode,
    created_at: iso(q.createdAt),
    expires_at: iso(q.expiresAt),
  };
}

function presentParts(p: MoneyParts) {
  return {
    gross: money(p.grossMinor, p.currency),
    tips: money(p.tipsMinor, p.currency),
    fees: money(p.feesMinor, p.currency),
    refunds: money(p.refundsMinor, p.currency),
    conversions: money(p.conversionsMinor, p.currency),
    net: money(p.netMinor, p.currency),
  };
}

export function presentSummary(s: BalanceSummary) {
  return {
    object: 'balance_summary' as const,
    livemode: s.livemode,
    time_zone: s.timeZone,
    accounts: s.accounts.map((a) => ({ currency: a.currency, pending: presentParts(a.pending), available: presentParts(a.available) })),
    days: s.days.map((d) => ({
      date: d.date,
      currency: d.currency,
      gross: money(d.grossMinor, d.currency),
      tips: money(d.tipsMinor, d.currency),
      fees: money(d.feesMinor, d.currency),
      refunds: money(d.refundsMinor, d.currency),
      net: money(d.netMinor, d.currency),
    })),
  };
}
