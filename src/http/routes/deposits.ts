import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Stablecoin } from '../../domain/currencies.js';
import { type DepositStatus, OTHER_TOKEN_FILTER } from '../../domain/deposit.js';
import { parseDateTime } from '../../services/session-input.js';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { presentDeposit } from '../presenters/deposit-presenter.js';
import { presentRefund } from '../presenters/refund-presenter.js';
import { Envelope, errorResponses, IdParams, ListOf } from '../schemas/common.js';
import { AttributeDepositBody, DepositListQuery, DepositOut, DismissDepositBody, RefundDepositBody } from '../schemas/deposit.js';
import { RefundOut } from '../schemas/refund.js';
import type { HttpServices } from '../services.js';

const tags = ['Deposits'];

/**
 * Unmatched deposits: money that reached the merchant's accounts without paying a session (an
 * exchange withdrawal that dropped the Solana reference), and the owner's ways to resolve one.
 * Owner only in both modes (OWN_MODE opens them to no cashier), in the caller's mode.
 * docs/payments.md, "Unmatched deposits".
 */
export const depositRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/deposits', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Unmatched deposits, newest first (filter by `status`, `network`, `currency`, `created_gte`/`created_lt`)',
      description: 'Transfers into the merchant\'s accounts that paid no session. They are never in balances nor the ledger unless attributed. See docs/payments.md, "Unmatched deposits".',
      querystring: DepositListQuery,
      response: { 200: ListOf(DepositOut), ...errorResponses(404) },
    },
  }, async (request) => {
    const q = request.query;
    const page = await services.deposits.list(callerOf(request), {
      limit: q.limit ?? 10,
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
      ...(q.status !== undefined && { status: q.status as DepositStatus }),
      ...(q.network !== undefined && { network: q.network }),
      ...(q.currency !== undefined && { currency: q.currency === OTHER_TOKEN_FILTER ? null : (q.currency as Stablecoin) }),
      ...(q.created_gte !== undefined && { createdGte: parseDateTime(q.created_gte, 'created_gte') }),
      ...(q.created_lt !== undefined && { createdLt: parseDateTime(q.created_lt, 'created_lt') }),
    });
    return ok({ items: page.items.map(presentDeposit), has_more: page.hasMore });
  });

  app.get('/v1/deposits/:id', {
    config: OWN_MODE,
    schema: { tags, summary: 'Retrieve an unmatched deposit', params: IdParams, response: { 200: Envelope(DepositOut) } },
  }, async (request) => ok(presentDeposit(await services.deposits.get(callerOf(request), request.params.id))));

  app.post('/v1/deposits/:id/attribute', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Attribute an unmatched deposit to a payment session: it counts toward the session as a payment',
      description:
        'The deposit becomes a payment of the session (same mode, a coin the session takes), which the session\'s state machine counts as if the customer had paid it to the session when it arrived: ' +
        'it may complete a PENDING session, make a SUCCEEDED one OVERPAID, or an EXPIRED one PAID_LATE (then `resolve` it). Its confirmations are counted as any payment\'s. ' +
        'A deposit without the network\'s confirmations yet (`confirmed` false) is 409 `deposit_unconfirmed`: retry once it is confirmed. ' +
        'A deposit already attributed, refunded, dismissed, orphaned or with a refund under way is 409 `invalid_state`, as is a token the app does not support and a `wrong_asset` deposit (a contract the network does not offer: refund or dismiss it). ' +
        'The payment it makes is confirmed by the network\'s watcher on its next pass, never at once. See docs/payments.md, "Unmatched deposits".',
      params: IdParams,
      body: AttributeDepositBody,
      response: { 200: Envelope(DepositOut), ...errorResponses(404, 409) },
    },
  }, async (request) => ok(presentDeposit(await services.deposits.attribute(callerOf(request), request.params.id, request.body.session_id))));

  app.post('/v1/deposits/:id/refund', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Refund an unmatched deposit to its sender, the exact amount by the route it came; returns the refund',
      description:
        'Made through the refund machinery (docs/refunds.md): paid by the refund wallet or by hand, confirmed, retried, and never twice. The deposit shows `refund_id` at once and becomes `refunded` when the refund SUCCEEDS. ' +
        'A deposit without the network\'s confirmations yet is 409 `deposit_unconfirmed` (retry once `confirmed`); an orphaned one is 409 `invalid_state`. ' +
        'A token the app does not support cannot be paid out by the app: 409 `invalid_state` (send it back by hand, then dismiss the deposit). A `wrong_asset` deposit goes back by its own contract and decimals.',
      params: IdParams,
      body: RefundDepositBody,
      response: { 200: Envelope(RefundOut), ...errorResponses(404, 409) },
    },
  }, async (request) => {
    const b = request.body;
    const view = await services.deposits.refund(callerOf(request), request.params.id, {
      ...(b.reason !== undefined && { reason: b.reason }),
      ...(b.destination_address !== undefined && { destinationAddress: b.destination_address }),
    });
    return ok(presentRefund(view));
  });

  app.post('/v1/deposits/:id/dismiss', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Dismiss an unmatched deposit with a note: kept out of balances for good',
      params: IdParams,
      body: DismissDepositBody,
      response: { 200: Envelope(DepositOut), ...errorResponses(404, 409) },
    },
  }, async (request) => ok(presentDeposit(await services.deposits.dismiss(callerOf(request), request.params.id, request.body.note))));
};
