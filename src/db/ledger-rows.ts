import type { Currency } from '../domain/currencies.js';
import type { BalanceTransaction, BalanceTransactionType } from '../domain/ledger.js';
import type { LedgerSum } from '../domain/ledger-summary.js';
import type { Conversion, ConversionQuote, Settlement } from '../domain/records.js';

/**
 * Ledger rows as both stores' query builders return them (their schemas give the same values: bigint
 * money, epoch-ms numbers, booleans), mapped to the domain's records. Shared by the SQLite and the
 * PostgreSQL ledger repositories so the two cannot map a column differently.
 */

type Named<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };

export type EntryRow = Named<BalanceTransaction, 'type' | 'currency'> & { seq?: number };

export const toEntry = (r: EntryRow): BalanceTransaction => ({
  id: r.id,
  merchantId: r.merchantId,
  livemode: r.livemode,
  type: r.type as BalanceTransactionType,
  currency: r.currency as Currency,
  amountMinor: r.amountMinor,
  feeMinor: r.feeMinor,
  netMinor: r.netMinor,
  availableOn: r.availableOn,
  settles: r.settles,
  sourceId: r.sourceId,
  description: r.description,
  createdAt: r.createdAt,
});

export const toSettlement = (r: Named<Settlement, 'currency' | 'status'>): Settlement => ({
  ...r,
  currency: r.currency as Currency,
  status: r.status as Settlement['status'],
});

export const toConversion = ({ seq: _seq, ...r }: Named<Conversion, 'fromCurrency' | 'toCurrency'> & { seq: number }): Conversion => ({
  ...r,
  fromCurrency: r.fromCurrency as Currency,
  toCurrency: r.toCurrency as Currency,
});

/** A quote's row: its rate flattened into columns (the rate's pair is the quote's). */
export const quoteRow = ({ rate, ...q }: ConversionQuote) => ({
  ...q,
  rateScaled: rate.scaled,
  rateSource: rate.source,
  rateAsOf: rate.asOf.getTime(),
});

export const toQuote = ({ rateScaled, rateSource, rateAsOf, ...r }: Named<ReturnType<typeof quoteRow>, 'fromCurrency' | 'toCurrency'>): ConversionQuote => ({
  ...r,
  fromCurrency: r.fromCurrency as Currency,
  toCurrency: r.toCurrency as Currency,
  rate: { scaled: rateScaled, base: r.fromCurrency as Currency, quote: r.toCurrency as Currency, source: rateSource, asOf: new Date(rateAsOf) },
});

/**
 * A sum row of the summaries. The drivers give sums as they can: SQLite's safe integers as bigint,
 * PostgreSQL's `sum(bigint)` (a NUMERIC) as decimal text; BigInt reads either exactly.
 */
export const toLedgerSum = (r: { currency: string; type: string; amount: bigint | string; fee: bigint | string }): LedgerSum => ({
  currency: r.currency as Currency,
  type: r.type as BalanceTransactionType,
  amountMinor: BigInt(r.amount),
  feeMinor: BigInt(r.fee),
});
