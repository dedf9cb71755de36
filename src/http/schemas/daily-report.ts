import { Type } from '@sinclair/typebox';
import { FIAT_CURRENCIES } from '../../domain/currencies.js';
import { CurrencyOut, DateTime, Nullable } from './common.js';
import { ShiftReportOut } from './shift.js';

export const DAILY_REPORT_FORMATS = ['json', 'csv', 'html'] as const;

export const DailyReportQuery = Type.Object(
  {
    date: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'The day (`YYYY-MM-DD`) in the shop\'s time zone; default today there. A date the calendar does not have is 400 `parameter_invalid` (`param: "date"`).' })),
    format: Type.Optional(Type.String({ enum: [...DAILY_REPORT_FORMATS], description: '`json` (default); `csv`: the report\'s lines as CSV (docs/reports.md, "CSV"); `html`: a printable page that loads nothing.' })),
  },
  { additionalProperties: false },
);

const Charged = Type.Array(
  Type.Object({ currency: CurrencyOut(), charged: Type.String(), received: Type.String(), difference: Type.String({ description: 'received − charged, signed.' }) }),
  { description: 'Per pricing currency: what was asked against what arrived.' },
);

export const DailyReportOut = Type.Object(
  {
    object: Type.Literal('daily_report'),
    date: Type.String({ description: '`YYYY-MM-DD` in `time_zone`.' }),
    time_zone: Type.String({ description: 'The shop\'s time zone (`PATCH /v1/merchant`).' }),
    starts_at: DateTime,
    ends_at: DateTime,
    reporting_currency: Type.String({ enum: [...FIAT_CURRENCIES] }),
    totals: ShiftReportOut,
    by_hour: Type.Array(
      Type.Object({
        hour: Type.Integer({ minimum: 0, maximum: 23, description: 'Local hour of the sessions\' creation.' }),
        sessions: Type.Integer(),
        succeeded: Type.Integer(),
        gross: Type.String({ description: 'Booked money of the hour\'s sales, in the reporting currency.' }),
        tips: Type.String(),
      }),
      { description: '24 buckets, 00 to 23 local time (on a day a daylight-saving change repeats an hour, both land in one bucket).' },
    ),
    by_network: Type.Array(
      Type.Object({
        network: Type.String(),
        sales: Type.Integer(),
        gross: Type.String(),
        tips: Type.String(),
        refunds: Type.String(),
        fees: Type.String(),
        net: Type.String({ description: 'gross − fees − refunds, signed.' }),
      }),
      { description: 'Money per network, in the reporting currency.' },
    ),
    outside_shifts: Type.Object(
      { sales: Type.Integer({ description: 'Sessions created that day in no shift: counted in `totals` too.' }), charged: Charged },
      { description: 'Sales charged outside any shift.' },
    ),
    shifts: Type.Array(
      Type.Object({
        id: Type.String(),
        till: Type.String(),
        status: Type.String({ enum: ['open', 'closed', 'reconciled'] }),
        opened_by: Type.String(),
        name: Type.String({ description: 'The staff member\'s name, or the API key\'s id.' }),
        opened_at: DateTime,
        closed_at: Nullable(DateTime),
        sales_today: Type.Integer({ description: 'The shift\'s sessions created that day.' }),
        charged: Charged,
        underpaid: Type.Integer(),
        overpaid: Type.Integer(),
        late: Type.Integer(),
        unconfirmed: Type.Integer(),
        unmatched_deposits: Type.Integer(),
      }),
      { description: 'The shifts open at some time that day, with their own report\'s differences (a shift spanning midnight: its whole report).' },
    ),
  },
  { description: 'The shop\'s Z-report for one day (docs/reports.md).' },
);
