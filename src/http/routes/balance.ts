import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BalanceTransactionType } from '../../domain/ledger.js';
import type { Caller } from '../../domain/merchant.js';
import { SUMMARY_DAYS } from '../../services/ledger-service.js';
import { parseCurrency, parseDateTime } from '../../services/session-input.js';
import { type CsvFormat, sendCsv } from '../csv.js';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { presentBalance, presentEntry, presentSummary } from '../presenters/ledger-presenter.js';
import { Envelope, IdParams, ListOf, TextResponse } from '../schemas/common.js';
import { BalanceOut, BalanceSummaryOut, BalanceSummaryQuery, BalanceTransactionCsvQuery, BalanceTransactionListQuery, BalanceTransactionOut } from '../schemas/ledger.js';
import type { HttpServices } from '../services.js';

const tags = ['Balance'];

interface LedgerFilterQuery {
  type?: string;
  currency?: string;
  source?: string;
  created_gte?: string;
  created_lt?: string;
  available_on_gte?: string;
  available_on_lt?: string;
}

function filters(q: LedgerFilterQuery) {
  return {
    ...(q.type !== undefined && { type: q.type as BalanceTransactionType }),
    ...(q.currency !== undefined && { currency: parseCurrency(q.currency, 'currency') }),
    ...(q.source !== undefined && { sourceId: q.source }),
    ...(q.created_gte !== undefined && { createdGte: parseDateTime(q.created_gte, 'created_gte') }),
    ...(q.created_lt !== undefined && { createdLt: parseDateTime(q.created_lt, 'created_lt') }),
    ...(q.available_on_gte !== undefined && { availableOnGte: parseDateTime(q.available_on_gte, 'available_on_gte') }),
    ...(q.available_on_lt !== undefined && { availableOnLt: parseDateTime(q.available_on_lt, 'available_on_lt') }),
  };
}

// `tip` last: columns added later go at the end, so a sheet that reads columns by position keeps working.
const CSV_COLUMNS = ['id', 'created_at', 'type', 'currency', 'amount', 'fee', 'net', 'status', 'available_on', 'source', 'description', 'tip'] as const;
const CSV_AMOUNTS = ['amount', 'fee', 'net', 'tip'] as const;

function csvRows(services: HttpServices, caller: Caller, parsed: ReturnType<typeof filters>): AsyncIterable<Record<(typeof CSV_COLUMNS)[number], string>> {
  return (async function* () {
    for await (const e of services.ledger.iterate(caller, parsed)) {
      const p = presentEntry(e);
      yield {
        id: p.id,
        created_at: p.created_at,
        type: p.type,
        currency: p.currency,
        amount: p.amount.value,
        fee: p.fee.value,
        net: p.net.value,
        status: p.status,
        available_on: p.available_on,
        source: p.source,
        description: p.description,
        tip: p.tip.value,
      };
    }
  })();
}

/** Funds accounts and the ledger (contract: "Balances, transactions, conversion"). */
export const balanceRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/balance', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Funds accounts with available and pending amounts, and their total in the reporting currency',
      response: { 200: Envelope(BalanceOut) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    return ok(presentBalance(await services.ledger.balance(caller), await services.ledger.upcoming(caller)));
  });

  app.get('/v1/balance/summary', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'What pending and available are made of (gross, fees, refunds, conversions), and daily sales',
      description: 'Each account\'s pending and available money in parts, and per day of the last `days` (merchant\'s time zone) and currency: gross, fees, refunds and net sales (docs/balances.md).',
      querystring: BalanceSummaryQuery,
      response: { 200: Envelope(BalanceSummaryOut) },
    },
  }, async (request) => ok(presentSummary(await services.ledger.summary(callerOf(request), request.query.days ?? SUMMARY_DAYS.default))));

  app.get('/v1/balance/transactions', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Ledger entries, newest first',
      querystring: BalanceTransactionListQuery,
      response: { 200: ListOf(BalanceTransactionOut) },
    },
  }, async (request) => {
    const q = request.query;
    const page = await services.ledger.list(callerOf(request), {
      limit: q.limit ?? 10,
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
      ...filters(q),
    });
    return ok({ items: page.items.map(presentEntry), has_more: page.hasMore });
  });

  app.get('/v1/balance/transactions.csv', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Ledger entries as CSV (all that match the filters, newest first)',
      description: `Columns: ${CSV_COLUMNS.join(', ')}. \`amount\` is the gross, \`fee\` the fees taken from it, \`net\` = amount − fee, \`tip\` the customers' tip inside \`amount\` (docs/balances.md, "Tips"); decimal strings in the entry's currency. \`format=excel\`: a UTF-8 byte order mark first and amounts as text cells.`,
      querystring: BalanceTransactionCsvQuery,
      response: { 200: TextResponse('text/csv', 'A CSV file (UTF-8, CRLF line ends): the header line, then one row per ledger entry.') },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    // Filters are parsed before the first byte, so a bad one is refused with a JSON error, not a broken CSV.
    const rows = csvRows(services, caller, filters(request.query));
    const file = `balance-transactions-${caller.livemode ? 'live' : 'test'}.csv`;
    return sendCsv(reply, file, CSV_COLUMNS, rows, { format: request.query.format as CsvFormat | undefined, amounts: CSV_AMOUNTS });
  });

  app.get('/v1/balance/transactions/:id', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Retrieve a ledger entry',
      params: IdParams,
      response: { 200: Envelope(BalanceTransactionOut) },
    },
  }, async (request) => ok(presentEntry(await services.ledger.getEntry(callerOf(request), request.params.id))));
};
