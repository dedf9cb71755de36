import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { startOfLocalDay } from '../../domain/calendar.js';
import { parseCurrency, parseDateTime, parseTip, fromShapeA } from '../../services/session-input.js';
import { type CsvFormat, sendCsv } from '../csv.js';
import { ok } from '../envelope.js';
import { callerOf, CASHIER_TOO, OWN_MODE } from '../plugins/auth.js';
import { answerStoredWithUnit } from '../plugins/idempotency.js';
import type { SessionView } from '../../services/session-view.js';
import { presentSession } from '../presenters/session-presenter.js';
import { Envelope, ListOf, TextResponse } from '../schemas/common.js';
import { SessionCsvQuery, SessionIdParams, SessionListQuery, SessionOut, ShapeABody, TipBody } from '../schemas/session.js';
import type { HttpServices } from '../services.js';
import { streamEvents } from '../sse.js';

const tags = ['Payment sessions'];

const SESSION_CSV_COLUMNS = [
  'session_id', 'created_at', 'status', 'exception', 'amount', 'currency', 'amount_received', 'amount_refunded',
  'coin', 'gross', 'fee', 'refunded', 'net', 'description', 'client_reference_id', 'payments', 'tip', 'amount_total', 'coin_tip',
] as const;

/** Columns holding amounts: text cells in the `excel` format. */
const SESSION_CSV_AMOUNTS = ['amount', 'amount_received', 'amount_refunded', 'gross', 'fee', 'refunded', 'net', 'tip', 'amount_total', 'coin_tip'] as const;

interface SessionFilterQuery {
  status?: string;
  currency?: string;
  network?: string;
  amount?: string;
  search?: string;
  created_gte?: string;
  created_lt?: string;
}

function sessionFilters(q: SessionFilterQuery) {
  return {
    ...(q.status !== undefined && { status: q.status as never }),
    ...(q.currency !== undefined && { currency: parseCurrency(q.currency, 'currency') }),
    ...(q.network !== undefined && { network: q.network }),
    ...(q.amount !== undefined && { amount: q.amount }),
    ...(q.search !== undefined && { search: q.search }),
    ...(q.created_gte !== undefined && { createdGte: parseDateTime(q.created_gte, 'created_gte') }),
    ...(q.created_lt !== undefined && { createdLt: parseDateTime(q.created_lt, 'created_lt') }),
  };
}

/** Shape A and the /v1 reads and manual transitions of payment sessions. */
export const sessionRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  const present = (view: Parameters<typeof presentSession>[0]) => presentSession(view, services.publicBaseUrl());

  app.post('/v1/payment/sessions', {
    config: { ...CASHIER_TOO, answersInUnit: true },
    schema: {
      tags,
      summary: 'Create a payment session (shape A: decimal amount)',
      body: ShapeABody,
      response: { 200: Envelope(SessionOut) },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const input = fromShapeA(request.body, caller.merchantId);
    return answerStoredWithUnit(request, reply, services.idempotency, (view: SessionView) => ok(present(view)), (alsoInUnit) =>
      services.sessions.create(caller, input, alsoInUnit),
    );
  });

  app.get('/v1/payment/sessions', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'List payment sessions, newest first',
      description: 'A cashier (UI sign-in) sees today\'s sessions only: `created_gte` is raised to the start of today in the merchant\'s time zone.',
      querystring: SessionListQuery,
      response: { 200: ListOf(SessionOut) },
    },
  }, async (request) => {
    const q = request.query;
    const caller = callerOf(request);
    let createdGte = q.created_gte === undefined ? undefined : parseDateTime(q.created_gte, 'created_gte');
    if (caller.role === 'cashier') {
      // A cashier sees today's sessions only (today in the merchant's time zone), whatever they ask for.
      const today = startOfLocalDay(services.now(), (await services.merchants.get(caller.merchantId)).timeZone);
      if (createdGte === undefined || createdGte < today) createdGte = today;
    }
    const page = await services.sessions.list(caller, {
      limit: q.limit ?? 10,
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
      ...sessionFilters(q),
      ...(createdGte !== undefined && { createdGte }),
    });
    return ok({ items: page.items.map(present), has_more: page.hasMore });
  });

  app.get('/v1/payment/sessions.csv', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Payment sessions as CSV (all that match the filters, newest first)',
      description:
        `Columns: ${SESSION_CSV_COLUMNS.join(', ')}. One row per session and coin it put in the balance (\`booked\`: coin, gross, fee, refunded, net in that coin), ` +
        'or one row with those five empty when nothing is booked (a session not SUCCEEDED); `payments` lists network:currency:amount:tx_hash for each payment; `tip` and `amount_total` are the session\'s (pricing currency), `coin_tip` the tip inside that row\'s `gross` (docs/balances.md, "Tips"). ' +
        '`format=excel`: a UTF-8 byte order mark first and amounts as text cells.',
      querystring: SessionCsvQuery,
      response: { 200: TextResponse('text/csv', 'A CSV file (UTF-8, CRLF line ends): the header line, then one row per session.') },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const filters = sessionFilters(request.query); // parsed first: a bad filter is a JSON 400, not a broken CSV
    const rows = (async function* () {
      for await (const view of services.sessions.iterate(caller, filters)) {
        const p = present(view);
        const row = {
          session_id: p.session_id,
          created_at: p.created_at,
          status: p.status,
          exception: p.exception ?? '',
          amount: p.amount.value,
          currency: p.amount.currency,
          amount_received: p.amount_received.value,
          amount_refunded: p.amount_refunded.value,
          description: p.description ?? '',
          client_reference_id: p.client_reference_id ?? '',
          payments: p.payments.map((x) => `${x.network}:${x.currency}:${x.amount}:${x.tx_hash}`).join(' '),
          tip: p.tip.value,
          amount_total: p.amount_total.value,
        };
        // A session paid in two coins has a row per coin: each row's amounts are in one coin, so a column sums.
        if (p.booked.length === 0) yield { ...row, coin: '', gross: '', fee: '', refunded: '', net: '', coin_tip: '' };
        for (const b of p.booked) yield { ...row, coin: b.currency, gross: b.gross, fee: b.fee, refunded: b.refunded, net: b.net, coin_tip: b.tip };
      }
    })();
    const file = `payment-sessions-${caller.livemode ? 'live' : 'test'}.csv`;
    return sendCsv(reply, file, SESSION_CSV_COLUMNS, rows, { format: request.query.format as CsvFormat | undefined, amounts: SESSION_CSV_AMOUNTS });
  });

  app.get('/v1/payment/sessions/:id', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Retrieve a payment session',
      params: SessionIdParams,
      response: { 200: Envelope(SessionOut) },
    },
  }, async (request) => ok(present(await services.sessions.get(callerOf(request), request.params.id))));

  app.post('/v1/payment/sessions/:id/cancel', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Cancel a PENDING session that has received nothing',
      params: SessionIdParams,
      response: { 200: Envelope(SessionOut) },
    },
  }, async (request) => ok(present(await services.sessions.cancel(callerOf(request), request.params.id))));

  app.post('/v1/payment/sessions/:id/tip', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Set or replace the tip of a session nothing has been paid on',
      description:
        'The customer\'s tip, in the session\'s currency (another currency: 400 with `param` `tip.currency`); `"0"` is "no tip". ' +
        'Allowed while the session is PENDING and no payment has been detected at all, else 409 `invalid_state`. ' +
        'The session then shows `tip` and `amount_total`, and every option\'s `amount_due` (and its wallet request and QR) asks for the total at the rates locked at creation. ' +
        'The session\'s live feed (`…/stream`, the customer display, the payment page) updates. No event is written (the contract has no such type); the next event carries the tip. See docs/payments.md, "Tips".',
      params: SessionIdParams,
      body: TipBody,
      response: { 200: Envelope(SessionOut) },
    },
  }, async (request) => {
    const { tip } = request.body;
    return ok(present(await services.sessions.setTip(callerOf(request), request.params.id, (currency) => parseTip(tip, currency, 'tip'), 'tip.value')));
  });

  app.post('/v1/payment/sessions/:id/resolve', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Mark an UNDERPAID or PAID_LATE session SUCCEEDED by hand (owner)',
      description: 'For when the shop accepts what arrived. `resolved_by` becomes `owner`; the exception stays on record. It books what the session kept: its confirmed payments less the refunds already made of them (docs/balances.md, "Refunds before success").',
      params: SessionIdParams,
      response: { 200: Envelope(SessionOut) },
    },
  }, async (request) => ok(present(await services.sessions.resolve(callerOf(request), request.params.id))));

  app.get('/v1/payment/sessions/:id/stream', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Live feed of one session (server-sent events)',
      description: 'A `session` event with the whole session object now and after every change; a comment line every 15 s keeps proxies from closing it.',
      params: SessionIdParams,
      response: { 200: TextResponse('text/event-stream', 'Server-sent events: `session` with the session object (as `GET /v1/payment/sessions/{id}` has it, without the envelope).') },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const id = request.params.id;
    await services.sessions.get(caller, id); // 404 before the stream opens
    streamEvents(request, reply, services.live, id, async () => present(await services.sessions.get(caller, id)));
  });
};
