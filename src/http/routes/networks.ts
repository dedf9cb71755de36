import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FAMILY_IDS, NETWORK_IDS, networkInfo } from '../../chains/registry.js';
import { STABLECOINS } from '../../domain/currencies.js';
import { isDelayed, networkAdvice, urlWithoutCredentials } from '../../domain/rpc-check.js';
import { ok } from '../envelope.js';
import { CASHIER_TOO, OWN_MODE, callerOf } from '../plugins/auth.js';
import { CoinOut, Envelope, errorResponses, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const EndpointOut = Type.Object({
  url: Nullable(Type.String({ description: 'Scheme, host, port and path, without user-info or query string (where keys live). Shown in test mode only, as `rpc_url`; null in live mode.' })),
  state: Type.String({ enum: ['ok', 'backing_off', 'set_aside'], description: '`backing_off`: it refused or failed lately and the app waits before asking again; `set_aside`: not used (another chain, a head far behind the others), see `reason`.' }),
  reason: Nullable(Type.String({ description: 'Why it is backing off or set aside, in words; null when ok.' })),
  requests: Type.Integer({ minimum: 0 }),
  rate_limited: Type.Integer({ minimum: 0, description: 'Requests answered 429 Too Many Requests.' }),
  failures: Type.Integer({ minimum: 0, description: 'Requests that failed otherwise (5xx, dropped, refused).' }),
  requests_per_second: Nullable(Type.Number({ description: 'The pace the app settled on after 429s; null while none was met.' })),
  log_range: Nullable(Type.Integer({ description: 'The largest log range (blocks) it answered; null where not applicable or not yet known.' })),
  log_range_capped: Type.Boolean({ description: 'It refused larger ranges: `log_range` is its cap.' }),
  head: Nullable(Type.Integer()),
  latency_ms: Nullable(Type.Number()),
});

/** A network's switch in the caller's mode (PATCH /v1/networks/{network}), shown with the network and as that route's answer. */
const SwitchFields = {
  enabled: Type.Boolean({
    description: 'Whether the network runs in this mode from the next start: in test mode its devnet, in live mode its RPC endpoint\'s watcher. Off: no payment options, no watcher, even with an endpoint saved.',
  }),
  set_at_start: Nullable(Type.String({
    description: 'The start-up configuration that decides `enabled` instead of the switch (`--rpc base=…`, `networks.test.base`), for people; null: the switch decides.',
  })),
  applies_at_next_start: Type.Boolean({ description: '`enabled` differs from what runs now: restart the app to apply it.' }),
};

const SwitchOut = Type.Object({
  object: Type.Literal('network_switch'),
  network: Type.String({ enum: [...NETWORK_IDS] }),
  livemode: Type.Boolean(),
  ...SwitchFields,
});

const NetworkOut = Type.Object({
  network: Type.String({ enum: [...NETWORK_IDS], description: 'Every network of the chain families this app has (docs/architecture.md).' }),
  family: Type.String({ enum: [...FAMILY_IDS], description: 'Its chain family: networks of one family share the wallet, the deposit addresses and the refund wallet.' }),
  name: Type.String(),
  token_standard: Type.String(),
  status: Type.String({
    enum: ['ready', 'not_configured', 'unreachable', 'off'],
    description: 'not_configured: no RPC URL is set for this mode (live: the network needs an RPC endpoint); unreachable: the RPC did not answer lately; off: the network is switched off in this mode: never offered, never watched (`enabled`).',
  }),
  ...SwitchFields,
  chain_id: Nullable(Type.Integer({ description: 'The chain id the RPC must report, where the network has a numeric one (EVM).' })),
  devnet: Type.Boolean({ description: 'A local test chain the app runs itself (test mode).' }),
  rpc_url: Nullable(Type.String({ description: 'Shown in test mode only.' })),
  confirmations: Type.Integer({ description: 'Confirmations a payment needs (Solana: 1, counted at `commitment`).' }),
  commitment: Nullable(Type.String({ description: 'Solana: the commitment at which a payment counts (`finalized` by default, or `confirmed`); it is seen, PROCESSING, at `confirmed`. null on networks that count confirmations.' })),
  tokens: Type.Array(Type.Object({
    currency: CoinOut,
    contract: Type.String({ description: 'The token\'s contract (Solana: its mint).' }),
    decimals: Type.Integer(),
    payable: Type.Boolean({ description: 'Whether sessions offer the coin now. False on Solana while the merchant\'s wallet has no token account for it (wallets cannot pay into a missing one).' }),
    unpayable_reason: Nullable(Type.String({ description: 'Why the coin cannot be paid now and what to do, for the owner; null when it can.' })),
  }), {
    description: 'The coins offered on the network in this mode (USDC is not offered on TRON: Circle ended it there in February 2025).',
  }),
  last_block: Nullable(Type.Integer({ description: 'The newest block (Solana: slot at `confirmed`) the watcher has seen.' })),
  last_checked_at: Nullable(Type.String({ description: 'When the watcher last read the chain successfully (ISO 8601, UTC); null before its first pass. Far behind now means the watcher lags.' })),
  last_error: Nullable(Type.String()),
  behind: Nullable(Type.Integer({ minimum: 0, description: 'Blocks (Solana: slots) between the last one the watcher applied and the chain\'s head: above 0 while it catches up. null before its first pass, or where the network does not count it.' })),
  delayed: Type.Boolean({
    description: 'The watcher is further behind than `confirmations`: payments on this network show late until it catches up, and its payment options say so (`payment_options[].delayed`).',
  }),
  endpoints: Type.Array(EndpointOut, { description: 'Each RPC endpoint the watcher uses, with the limits it met; empty before the watcher reports them, and for the app\'s own test chains.' }),
  advice: Nullable(Type.String({ description: 'What the owner can do, in words: how far behind the watcher is, each endpoint\'s limits and what lifts them ("… serves at most 5 blocks of logs per request: catching up 1,200 blocks takes about 4 minutes …"); null when all is well.' })),
});

/** A chain id as the API shows it: an integer where the family's is numeric, else null. */
const chainIdOut = (chainId: string | null): number | null => (chainId !== null && /^\d{1,15}$/.test(chainId) ? Number(chainId) : null);

export const networkRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/networks', {
    config: CASHIER_TOO,
    schema: {
      tags: ['Networks'],
      summary: 'Networks in the key\'s mode: chain id, tokens, decimals, confirmations, health',
      response: { 200: Envelope(Type.Object({ items: Type.Array(NetworkOut), has_more: Type.Boolean() })) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const items = [];
    for (const n of services.networks(caller.livemode)) {
      const info = networkInfo(n.network);
      if (!info) continue;
      const setting = await services.networkSettings.switchOf(n.network, caller.livemode);
      items.push({
        network: n.network,
        family: info.family,
        name: info.name,
        token_standard: info.tokenStandard,
        status: n.status === 'ready' && n.watcher?.lastError ? ('unreachable' as const) : n.status,
        enabled: setting.enabled,
        set_at_start: setting.setAtStart,
        applies_at_next_start: setting.enabled !== (n.status !== 'off'),
        chain_id: chainIdOut(n.chainId),
        devnet: n.devnet,
        rpc_url: caller.livemode ? null : n.rpcUrl,
        confirmations: n.confirmations,
        commitment: n.commitment ?? null,
        tokens: STABLECOINS.flatMap((c) => {
          const token = n.tokens[c];
          const reason = n.unpayable[c] ?? null;
          return token ? [{ currency: c, contract: token.contract, decimals: token.decimals, payable: reason === null, unpayable_reason: reason }] : [];
        }),
        last_block: n.watcher?.lastHead ?? null,
        last_checked_at: n.watcher?.lastSuccessAt != null ? new Date(n.watcher.lastSuccessAt).toISOString() : null,
        last_error: n.watcher?.lastError ?? null,
        behind: n.watcher?.behind ?? null,
        delayed: isDelayed(n.watcher?.behind, n.confirmations),
        endpoints: (n.watcher?.endpoints ?? []).map((e) => ({
          // Live mode shows no endpoint, as `rpc_url`: a hosted endpoint's path can hold its key.
          url: caller.livemode ? null : urlWithoutCredentials(e.url),
          state: e.state,
          reason: e.reason,
          requests: e.requests,
          rate_limited: e.rateLimited,
          failures: e.failures,
          requests_per_second: e.requestsPerSecond,
          log_range: e.logRange,
          log_range_capped: e.logRangeCapped,
          head: e.head,
          latency_ms: e.latencyMs,
        })),
        advice: networkAdvice(n.watcher?.behind ?? null, n.confirmations, (n.watcher?.endpoints ?? []).map((e, i) => ({ ...e, url: caller.livemode ? `endpoint ${i + 1}` : urlWithoutCredentials(e.url) }))),
      });
    }
    return ok({ items, has_more: false });
  });

  app.patch('/v1/networks/:network', {
    // The caller's mode: a test credential switches test networks (devnets) only, never a live one.
    config: OWN_MODE,
    schema: {
      tags: ['Networks'],
      summary: 'Turn a network on or off in the caller\'s mode (applied at the next start)',
      description:
        'On: in test mode the network\'s devnet starts, in live mode its saved RPC endpoint is watched; off: no payment options, no watcher, even with an endpoint saved. ' +
        'Applied when the app next starts, like every network setting. 409 `invalid_state` when the start-up configuration decides the network (`set_at_start`), ' +
        'or when a live network without a saved RPC endpoint is turned on (save `rpc_url` first, PATCH /v1/settings/networks/{network}).',
      params: Type.Object({ network: Type.String({ enum: [...NETWORK_IDS] }) }, { additionalProperties: false }),
      body: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: Envelope(SwitchOut), ...errorResponses(409) },
    },
  }, async (request) => {
    const { livemode } = callerOf(request);
    const { network } = request.params;
    await services.networkSettings.setEnabled(network, livemode, request.body.enabled);
    const setting = await services.networkSettings.switchOf(network, livemode);
    const running = services.networks(livemode).find((n) => n.network === network);
    const runs = running !== undefined && running.status !== 'off';
    return ok({
      object: 'network_switch' as const,
      network,
      livemode,
      enabled: setting.enabled,
      set_at_start: setting.setAtStart,
      applies_at_next_start: setting.enabled !== runs,
    });
  });
};
