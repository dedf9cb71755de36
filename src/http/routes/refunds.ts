import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FAMILY_IDS } from '../../chains/registry.js';
import type { RefundStatus } from '../../domain/refund.js';
import { parseAmount, parseCurrency } from '../../services/session-input.js';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { presentRefund } from '../presenters/refund-presenter.js';
import { presentWalletNetwork } from '../presenters/refund-wallet-presenter.js';
import { Envelope, errorResponses, IdParams, ListOf } from '../schemas/common.js';
import { ConfirmDestinationBody, RefundBody, RefundListQuery, RefundOut } from '../schemas/refund.js';
import { RefundWalletOut } from '../schemas/refund-wallet.js';
import type { HttpServices } from '../services.js';

const tags = ['Refunds'];

/** Refunds, paid back on chain by the payment's route (contract: "Refunds"; docs/refunds.md). */
export const refundRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.post('/v1/refunds', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Refund a session, in full (no amount) or in part',
      description:
        'Pays back by the route of one confirmed payment (its network and coin) to its sender, or to `destination_address`. A sender that is a contract makes the refund ' +
        'REQUIRES_ACTION until a destination is confirmed. The refunds of a session that hold money (all but FAILED and CANCELED) never add up to more than it received: ' +
        'more is 409 `amount_too_large`; a session with no money to refund is 409 `invalid_state`. See docs/refunds.md.',
      body: RefundBody,
      response: { 200: Envelope(RefundOut), ...errorResponses(404) },
    },
  }, async (request) => {
    const b = request.body;
    let amount: { value: bigint; currency: ReturnType<typeof parseCurrency> } | undefined;
    if (b.amount) {
      const currency = parseCurrency(b.amount.currency, 'amount.currency');
      amount = { currency, value: parseAmount(b.amount.value, currency, 'amount.value') };
    }
    const view = await services.refunds.create(callerOf(request), {
      sessionId: b.session_id,
      ...(amount && { amount }),
      ...(b.reason !== undefined && { reason: b.reason }),
      ...(b.destination_address !== undefined && { destinationAddress: b.destination_address }),
    });
    return ok(presentRefund(view));
  });

  app.get('/v1/refunds', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Refunds, newest first (filter by `session_id`, `status`)',
      querystring: RefundListQuery,
      response: { 200: ListOf(RefundOut) },
    },
  }, async (request) => {
    const q = request.query;
    const page = await services.refunds.list(callerOf(request), {
      limit: q.limit ?? 10,
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
      ...(q.session_id !== undefined && { sessionId: q.session_id }),
      ...(q.status !== undefined && { status: q.status as RefundStatus }),
    });
    return ok({ items: page.items.map(presentRefund), has_more: page.hasMore });
  });

  app.get('/v1/refunds/:id', {
    config: OWN_MODE,
    schema: { tags, summary: 'Retrieve a refund', params: IdParams, response: { 200: Envelope(RefundOut) } },
  }, async (request) => ok(presentRefund(await services.refunds.get(callerOf(request), request.params.id))));

  app.post('/v1/refunds/:id/cancel', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Cancel a PENDING or REQUIRES_ACTION refund (its money is released)',
      params: IdParams,
      response: { 200: Envelope(RefundOut) },
    },
  }, async (request) => ok(presentRefund(await services.refunds.cancel(callerOf(request), request.params.id))));

  app.post('/v1/refunds/:id/confirm_destination', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Confirm where a REQUIRES_ACTION refund goes; it becomes PENDING',
      params: IdParams,
      body: ConfirmDestinationBody,
      response: { 200: Envelope(RefundOut) },
    },
  }, async (request) => ok(presentRefund(await services.refunds.confirmDestination(callerOf(request), request.params.id, request.body.destination_address))));

  const FamilyParams = Type.Object(
    { family: Type.String({ enum: [...FAMILY_IDS], description: 'A chain family (`family` in GET /v1/networks); one this app does not have is 400 `parameter_invalid`.' }) },
    { additionalProperties: false },
  );
  const walletOf = async (caller: ReturnType<typeof callerOf>, family: string) => {
    const { address, protection, networks } = await services.refunds.walletInfo(caller.merchantId, family, caller.livemode);
    return { object: 'refund_wallet' as const, family, livemode: caller.livemode, address, protection, networks: networks.map(presentWalletNetwork) };
  };

  app.get('/v1/refund_wallets/:family', {
    config: OWN_MODE,
    schema: {
      tags: ['Refunds'],
      summary: 'A chain family\'s refund wallet in the caller\'s mode',
      description:
        'One wallet pays the refunds of every network of its family (`/v1/refund_wallets/evm` is every EVM network\'s), each refund on its payment\'s network. ' +
        '`networks` says, per network running in the caller\'s mode, how much of that network\'s gas coin and of each coin the wallet holds there, and whether that pays for a refund. See docs/refunds.md.',
      params: FamilyParams,
      response: { 200: Envelope(RefundWalletOut) },
    },
  }, async (request) => ok(await walletOf(callerOf(request), request.params.family)));

  app.put('/v1/refund_wallets/:family', {
    config: OWN_MODE,
    schema: {
      tags: ['Refunds'],
      summary: 'Store a chain family\'s refund wallet private key, sealed at rest (never shown again)',
      description:
        'Refunds created afterwards on the family\'s networks are signed and sent by this wallet; fund it with the coins and, on each network, that network\'s own coin for fees (`gas_coin` in `networks`). ' +
        'Refunds created before keep their payout method.',
      params: FamilyParams,
      body: Type.Object({ private_key: Type.String({ minLength: 1, maxLength: 100, description: 'In the family\'s form (EVM: 64 hex digits, with or without 0x).' }) }, { additionalProperties: false }),
      response: { 200: Envelope(RefundWalletOut), ...errorResponses(409) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    await services.refunds.importWalletKey(caller.merchantId, request.params.family, caller.livemode, request.body.private_key);
    return ok(await walletOf(caller, request.params.family));
  });
};
