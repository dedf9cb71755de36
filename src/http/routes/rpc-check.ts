import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NETWORK_IDS } from '../../chains/registry.js';
import { RPC_CHECKS_PER_MINUTE } from '../../services/rpc-check.js';
import { ok } from '../envelope.js';
import { LIVE_ONLY } from '../plugins/auth.js';
import { Envelope, errorResponses, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const RpcCheckOut = Type.Object({
  object: Type.Literal('rpc_check'),
  network: Type.String({ enum: [...NETWORK_IDS] }),
  verdict: Type.String({ enum: ['usable', 'usable_with_limits', 'not_usable'] }),
  summary: Type.String({ description: 'The verdict in words: "not usable: serves chain id 31337, not 1", "usable with limits: serves at most 5 blocks of logs per request".' }),
  chain_id: Nullable(Type.String({ description: 'What the endpoint serves: the chain id in decimal (EVM, TRON), the genesis hash (Solana); null when it did not say.' })),
  head: Nullable(Type.Integer({ description: 'Its newest block (Solana: slot at `confirmed`).' })),
  lag: Nullable(Type.Integer({ minimum: 0, description: 'Blocks (slots) its head is behind the network\'s running endpoint; null when there is none to compare with.' })),
  log_range: Nullable(Type.Integer({ description: 'The largest eth_getLogs range (blocks, up to 10,000) it served; null on Solana, or when it served none.' })),
  latency_ms: Nullable(Type.Integer({ description: 'Median time of its simple answers.' })),
  rate_limit_headers: Type.Array(Type.String(), { description: 'Rate-limit headers it sent (`x-ratelimit-*`, `ratelimit-*`, `retry-after`), as "name: value".' }),
  problems: Type.Array(Type.String(), { description: 'What makes it unusable, in words.' }),
  limits: Type.Array(Type.String(), { description: 'What makes it slower without losing payments.' }),
  advice: Type.Array(Type.String(), { description: 'What to change.' }),
});

/**
 * Settings' "Check endpoint": the owner checks an RPC endpoint before relying on it. Live credentials
 * only (the check is against the live network, what the shop will use; test mode runs its own chains),
 * owner only, one at a time and a few a minute, and the answer is the app's findings, never the
 * endpoint's body (docs/security.md, "Checking an RPC endpoint").
 */
export const rpcCheckRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.post('/v1/networks/:network/rpc_check', {
    config: LIVE_ONLY,
    schema: {
      tags: ['Networks'],
      summary: 'Check an RPC endpoint for a live network before relying on it: chain, head and lag, log ranges, rate limits, latency',
      description:
        'Asks the endpoint what the watcher would ask (EVM and TRON: eth_chainId, eth_blockNumber, eth_getLogs over 10,000 blocks halving down to 1; TRON also /wallet/getnowblock; ' +
        'Solana: getGenesisHash, getSlot) and answers the verdict with what to change. The endpoint\'s own answers are never returned. Owner only, live credentials; ' +
        `one check at a time and at most ${RPC_CHECKS_PER_MINUTE} a minute per instance (429 \`rate_limited\` with Retry-After). A check takes seconds (up to a minute for an endpoint that does not answer).`,
      params: Type.Object({ network: Type.String({ enum: [...NETWORK_IDS] }) }, { additionalProperties: false }),
      body: Type.Object(
        { url: Type.String({ minLength: 1, maxLength: 2048, description: 'The endpoint, as it would be saved in Settings (TRON: the node\'s base URL). http or https.' }) },
        { additionalProperties: false },
      ),
      response: { 200: Envelope(RpcCheckOut), ...errorResponses(429) },
    },
  }, async (request) => {
    const network = request.params.network;
    const r = await services.rpcCheck.check(network, request.body.url);
    return ok({
      object: 'rpc_check' as const,
      network,
      verdict: r.verdict,
      summary: r.summary,
      chain_id: r.chainId,
      head: r.head,
      lag: r.lag,
      log_range: r.logRange,
      latency_ms: r.latencyMs,
      rate_limit_headers: r.rateLimitHeaders,
      problems: r.problems,
      limits: r.limits,
      advice: r.advice,
    });
  });
};
