import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseAmount, parseCurrency } from '../../services/session-input.js';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { presentConversion, presentQuote } from '../presenters/ledger-presenter.js';
import { Envelope, errorResponses, IdParams, ListOf } from '../schemas/common.js';
import { ConversionBody, ConversionListQuery, ConversionOut, ConversionQuoteBody, ConversionQuoteOut } from '../schemas/ledger.js';
import type { HttpServices } from '../services.js';

const tags = ['Conversions'];

function parseRequest(body: { from: { value: string; currency: string }; to: string }) {
  const fromCurrency = parseCurrency(body.from.currency, 'from.currency');
  return { fromCurrency, fromMinor: parseAmount(body.from.value, fromCurrency, 'from.value'), toCurrency: parseCurrency(body.to, 'to') };
}

/** Moves between funds accounts at a quoted rate (contract: "Balances, transactions, conversion"). */
export const conversionRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.post('/v1/conversions/quote', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Quote a conversion: the rate, fee and amount received, valid for 60 seconds',
      body: ConversionQuoteBody,
      response: { 200: Envelope(ConversionQuoteOut) },
    },
  }, async (request) => ok(presentQuote(await services.conversions.quote(callerOf(request), parseRequest(request.body)))));

  app.post('/v1/conversions', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Convert available funds from one account to another',
      description:
        'At the rate of `quote_id` when given (same from and to, not expired), else at the current rate. Writes a `conversion` debit, a `conversion` credit and a `fee` entry. ' +
        'Only available funds convert: more than that is 409 `amount_too_large`.',
      body: ConversionBody,
      response: { 200: Envelope(ConversionOut), ...errorResponses(404) },
    },
  }, async (request) => {
    const parsed = parseRequest(request.body);
    const quoteId = request.body.quote_id;
    return ok(presentConversion(await services.conversions.convert(callerOf(request), { ...parsed, ...(quoteId !== undefined && { quoteId }) })));
  });

  app.get('/v1/conversions', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Conversions, newest first',
      querystring: ConversionListQuery,
      response: { 200: ListOf(ConversionOut) },
    },
  }, async (request) => {
    const page = await services.conversions.list(callerOf(request), request.query.limit ?? 10, request.query.starting_after);
    return ok({ items: page.items.map(presentConversion), has_more: page.hasMore });
  });

  app.get('/v1/conversions/:id', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Retrieve a conversion',
      params: IdParams,
      response: { 200: Envelope(ConversionOut) },
    },
  }, async (request) => ok(presentConversion(await services.conversions.get(callerOf(request), request.params.id))));
};
