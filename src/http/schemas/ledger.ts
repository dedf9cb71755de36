import { Type } from '@sinclair/typebox';
import { BALANCE_TRANSACTION_TYPES } from '../../domain/ledger.js';
import { CsvFormat, CurrencyCode, CurrencyOut, DateTime, DecimalString, ListQueryBase, MoneyOut, Nullable } from './common.js';

const AccountOut = Type.Object({
  currency: CurrencyOut(),
  available: MoneyOut,
  pending: MoneyOut,
});

export const SettlementOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('settlement'),
  currency: CurrencyOut(),
  amount: MoneyOut,
  available_on: DateTime,
  entry_count: Type.Integer(),
  status: Type.String({ enum: ['scheduled', 'settled'] }),
  settled_at: Nullable(DateTime),
  livemode: Type.Boolean(),
});

export const BalanceOut = Type.Object({
  object: Type.Literal('balance'),
  livemode: Type.Boolean(),
  accounts: Type.Array(AccountOut, { description: 'One funds account per currency held: USDT and USDC always, fiat ones once a conversion made them.' }),
  total: Type.Object(
    {
      currency: CurrencyOut('The merchant\'s reporting currency.'),
      available: MoneyOut,
      pending: MoneyOut,
      missing_rates: Type.Array(Type.String(), { description: 'Currencies left out of the total because no rate to the reporting currency is available.' }),
    },
    { description: 'Every account valued in the reporting currency at current rates (rounded half-up).' },
  ),
  upcoming_settlements: Type.Array(SettlementOut, { description: 'Pending funds and when they become available, soonest first.' }),
});

export const BalanceTransactionOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('balance_transaction'),
  type: Type.String({ enum: [...BALANCE_TRANSACTION_TYPES] }),
  currency: CurrencyOut(),
  amount: MoneyOut,
  fee: MoneyOut,
  net: MoneyOut,
  tip: Type.Object(MoneyOut.properties, { description: 'The customers\' tip inside `amount` (a part of it, same sign; 0 for entries without one): docs/balances.md, "Tips".' }),
  status: Type.String({
    enum: ['pending_until_available_on', 'available'],
    description: '`pending_until_available_on`: counted in `pending` until `available_on`, then in `available`; `available`: counted in `available` from creation.',
  }),
  available_on: DateTime,
  source: Type.String({ description: 'The object the entry comes from: a payment session (`ps_…`), a conversion (`conv_…`), a refund.' }),
  description: Type.String(),
  livemode: Type.Boolean(),
  created_at: DateTime,
});

const LedgerFilters = {
  type: Type.Optional(Type.String({ enum: [...BALANCE_TRANSACTION_TYPES] })),
  currency: Type.Optional(CurrencyCode),
  source: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Entries of one source object (a session id, a conversion id).' })),
  created_gte: ListQueryBase.created_gte,
  created_lt: ListQueryBase.created_lt,
  available_on_gte: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: available on or after.' })),
  available_on_lt: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: available before.' })),
};

export const BalanceTransactionListQuery = Type.Object(
  { limit: ListQueryBase.limit, starting_after: ListQueryBase.starting_after, ending_before: ListQueryBase.ending_before, ...LedgerFilters },
  { additionalProperties: false },
);

export const BalanceTransactionCsvQuery = Type.Object({ ...LedgerFilters, format: CsvFormat }, { additionalProperties: false });

/** What a sum of entries is made of (docs/balances.md, "What the money is made of"). */
const MoneyPartsOut = Type.Object({
  gross: MoneyOut,
  tips: Type.Object(MoneyOut.properties, { description: 'The customers\' tips inside `gross` (not added to it); refunds do not take them back.' }),
  fees: MoneyOut,
  refunds: MoneyOut,
  conversions: MoneyOut,
  net: MoneyOut,
}, { description: 'net = gross − fees − refunds + conversions.' });

export const BalanceSummaryQuery = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, description: 'Calendar days of the daily series, today included (default 30).' })) },
  { additionalProperties: false },
);

export const BalanceSummaryOut = Type.Object({
  object: Type.Literal('balance_summary'),
  livemode: Type.Boolean(),
  time_zone: Type.String({ description: 'The merchant\'s time zone, in which the days of `days` are counted.' }),
  accounts: Type.Array(
    Type.Object({
      currency: CurrencyOut(),
      pending: MoneyPartsOut,
      available: MoneyPartsOut,
    }),
    { description: 'Each funds account of `GET /v1/balance`, its pending and available money in parts; each `net` equals the account\'s amount.' },
  ),
  days: Type.Array(
    Type.Object({
      date: Type.String({ description: 'YYYY-MM-DD in the merchant\'s time zone.', examples: ['2026-05-01'] }),
      currency: CurrencyOut(),
      gross: MoneyOut,
      tips: Type.Object(MoneyOut.properties, { description: 'The tips inside that day\'s `gross`.' }),
      fees: MoneyOut,
      refunds: MoneyOut,
      net: MoneyOut,
    }),
    {
      description:
        'Sales per day and currency, oldest first (USDT and USDC always): payments\' gross and fees and refunds (less reversed ones) made that day; net = gross − fees − refunds. Conversions are not sales and are left out.',
    },
  ),
});

const AmountIn = Type.Object(
  {
    value: DecimalString({ description: 'Decimal string with no more decimals than the currency has.', examples: ['100.00'] }),
    currency: CurrencyCode,
  },
  { additionalProperties: false },
);

export const ConversionQuoteBody = Type.Object(
  { from: AmountIn, to: CurrencyCode },
  { additionalProperties: false },
);

export const ConversionBody = Type.Object(
  {
    from: AmountIn,
    to: CurrencyCode,
    quote_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A quote from POST /v1/conversions/quote for the same from and to: the conversion uses its rate if it has not expired.' })),
  },
  { additionalProperties: false },
);

export const ConversionQuoteOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('conversion_quote'),
  from: MoneyOut,
  to: MoneyOut,
  gross: MoneyOut,
  fee: MoneyOut,
  rate: Type.String(),
  rate_source: Type.String(),
  rate_as_of: DateTime,
  livemode: Type.Boolean(),
  created_at: DateTime,
  expires_at: DateTime,
});

export const ConversionOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('conversion'),
  from: MoneyOut,
  to: MoneyOut,
  gross: MoneyOut,
  fee: MoneyOut,
  rate: Type.String(),
  rate_source: Type.String(),
  quote_id: Nullable(Type.String()),
  automatic: Type.Boolean({ description: 'Made by settlement into the merchant\'s settlement currency.' }),
  livemode: Type.Boolean(),
  created_at: DateTime,
});

export const ConversionListQuery = Type.Object(
  { limit: ListQueryBase.limit, starting_after: ListQueryBase.starting_after },
  { additionalProperties: false },
);
