import { Type } from '@sinclair/typebox';
import { FIAT_CURRENCIES } from '../../domain/currencies.js';
import { SESSION_EXCEPTIONS, SESSION_STATUSES } from '../../domain/session-state.js';
import { CoinOut, CurrencyOut, DateTime, ListQueryBase, Nullable } from './common.js';

const TILL_PATTERN = '^[a-z0-9-]{1,32}$';
const Till = Type.String({ pattern: TILL_PATTERN, description: 'The till\'s id (the till screen\'s own, 1 to 32 characters `a-z`, `0-9`, `-`).' });
const Decimal = (description: string) => Type.String({ description });
const Signed = (description: string) => Type.String({ description: `${description} Signed: \`-\` when negative.` });

export const OpenShiftBody = Type.Object({ till: Till }, { additionalProperties: false });

export const ShiftListQuery = Type.Object(
  {
    limit: ListQueryBase.limit,
    starting_after: ListQueryBase.starting_after,
    ending_before: ListQueryBase.ending_before,
    till: Type.Optional(Till),
    date: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Shifts opened on this day (`YYYY-MM-DD`) in the shop\'s time zone.' })),
  },
  { additionalProperties: false },
);

const Money = {
  gross: Decimal('Payments booked (SUCCEEDED sales), tips included.'),
  tips: Decimal('The tips\' share of `gross`.'),
  refunds: Decimal('Refunds made that hold money (not failed or canceled).'),
  fees: Decimal('Fees taken.'),
  net: Signed('gross − fees − refunds.'),
};

const Difference = Type.Object({
  session_id: Type.String(),
  currency: CurrencyOut(),
  amount_total: Decimal('What the session asked for: amount + tip.'),
  amount_received: Decimal('What arrived, in the session\'s currency.'),
  difference: Signed('received − total.'),
});

export const ShiftReportOut = Type.Object(
  {
    object: Type.Literal('shift_report'),
    generated_at: DateTime,
    reporting_currency: Type.String({ enum: [...FIAT_CURRENCIES] }),
    sales: Type.Object({
      count: Type.Integer({ description: 'Sessions charged on the till during the shift.' }),
      by_status: Type.Object(Object.fromEntries(SESSION_STATUSES.map((s) => [s, Type.Integer()]))),
      by_exception: Type.Object(Object.fromEntries(SESSION_EXCEPTIONS.map((e) => [e, Type.Integer()]))),
    }),
    by_coin_network: Type.Array(
      Type.Object({ currency: CoinOut, network: Type.String(), sales: Type.Integer({ description: 'SUCCEEDED sales booked in this coin on this network.' }), ...Money }),
      { description: 'Money per coin × network, in the coin.' },
    ),
    reporting: Type.Object(
      {
        currency: Type.String({ enum: [...FIAT_CURRENCIES] }),
        ...Money,
        rates: Type.Record(Type.String(), Type.String(), { description: 'The rate of each coin into the reporting currency used (the balance\'s rates at the report\'s time).' }),
        missing_rates: Type.Array(CoinOut, { description: 'Coins without a usable rate: left out of these sums.' }),
      },
      { description: 'The same added up in the merchant\'s reporting currency.' },
    ),
    staff: Type.Array(
      Type.Object({
        staff: Type.String({ description: '`ui:<user id>` for a staff member signed in to the app, else the API key\'s id.' }),
        name: Type.String(),
        sessions: Type.Integer(),
        succeeded: Type.Integer(),
        ...Money,
      }),
      { description: 'Per staff member who charged, in the reporting currency.' },
    ),
    reconciliation: Type.Object(
      {
        charged: Type.Array(
          Type.Object({ currency: CurrencyOut(), charged: Decimal('Totals asked (not canceled, not expired unpaid).'), received: Decimal('What arrived.'), difference: Signed('received − charged.') }),
        ),
        underpaid: Type.Array(Difference),
        overpaid: Type.Array(Difference),
        late: Type.Array(Difference),
        unconfirmed: Type.Array(
          Type.Object({
            payment_id: Type.String(),
            session_id: Type.String(),
            network: Type.String(),
            currency: CoinOut,
            amount: Type.String(),
            tx_id: Type.String(),
            confirmations: Type.Integer(),
          }),
          { description: 'Payments still short of their confirmations (at close; then as the report is updated).' },
        ),
        unmatched_deposits: Type.Array(
          Type.Object({
            deposit_id: Type.String(),
            network: Type.String(),
            currency: Nullable(CoinOut),
            amount_base: Type.String(),
            decimals: Type.Integer(),
            to: Type.String(),
            tx_id: Type.String(),
            reason: Type.String(),
            status: Type.String(),
          }),
          { description: 'Deposits that reached the shift\'s sales\' addresses without paying them (GET /v1/deposits).' },
        ),
      },
      { description: 'What the till charged against what arrived on chain.' },
    ),
  },
  { description: 'The shift\'s report (docs/shifts.md): frozen at close, updated until the shift is reconciled; an open shift\'s `GET` shows it so far (null in lists and in `shift.opened`).' },
);

export const ShiftOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('shift'),
  status: Type.String({ enum: ['open', 'closed', 'reconciled'], description: '`closed`: payments unconfirmed at close still settling; `reconciled`: all settled.' }),
  till: Type.String(),
  livemode: Type.Boolean(),
  opened_by: Type.String({ description: '`ui:<user id>`, or the API key\'s id.' }),
  opened_at: DateTime,
  closed_by: Nullable(Type.String()),
  closed_at: Nullable(DateTime),
  reconciled_at: Nullable(DateTime),
  report: Nullable(ShiftReportOut),
});

export const ShiftReportPrintOut = Type.Object({
  object: Type.Literal('shift_report_print'),
  shift_id: Type.String(),
  livemode: Type.Boolean(),
  status: Type.Literal('printed', { description: 'The printer took the whole report (a failure is 503 `printer_unavailable` instead).' }),
  printed_at: DateTime,
});
