import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DepositStatus } from '../../domain/deposit.js';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { presentDeposit } from '../presenters/deposit-presenter.js';
import { Envelope, IdParams, ListOf } from '../schemas/common.js';
import { DepositListQuery, DepositOut } from '../schemas/deposit.js';
import type { HttpServices } from '../services.js';

const tags = ['Deposits'];

/**
 * Unmatched deposits: money that reached the merchant's accounts without paying a session (an
 * exchange withdrawal that dropped the Solana reference). Owner only (the declaration opens them to
 * no cashier), in the caller's mode. docs/payments.md, "Unmatched deposits".
 */
export const depositRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/deposits', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Unmatched deposits, newest first (filter by `status`, `network`)',
      description: 'Transfers into the merchant\'s accounts that paid no session. They are never in balances nor the ledger. See docs/payments.md, "Unmatched deposits".',
      querystring: DepositListQuery,
      response: { 200: ListOf(DepositOut) },
    },
  }, async (request) => {
    const q = request.query;
    const page = services.deposits.list(callerOf(request), {
      limit: q.limit ?? 10,
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
      ...(q.status !== undefined && { status: q.status as DepositStatus }),
      ...(q.network !== undefined && { network: q.network }),
    });
    return ok({ items: page.items.map(presentDeposit), has_more: page.hasMore });
  });

  app.get('/v1/deposits/:id', {
    config: OWN_MODE,
    schema: { tags, summary: 'Retrieve an unmatched deposit', params: IdParams, response: { 200: Envelope(DepositOut) } },
  }, async (request) => ok(presentDeposit(services.deposits.get(callerOf(request), request.params.id))));
};
