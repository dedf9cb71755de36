import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NETWORK_IDS, networkInfo } from '../../chains/registry.js';
import { ok } from '../envelope.js';
import { OWN_MODE } from '../plugins/auth.js';
import { Envelope } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

/** What a live network still lacks before it can take a payment, in the order an owner sets it up. */
const MISSING = ['rpc_url', 'wallet', 'reachable', 'payable_coin'] as const;
type Missing = (typeof MISSING)[number];

const ReadinessOut = Type.Object({
  object: Type.Literal('live_readiness'),
  ready: Type.Boolean({ description: 'Whether some live network can take a payment now (the till\'s Charge works in live mode).' }),
  networks: Type.Array(Type.Object({
    network: Type.String({ enum: [...NETWORK_IDS] }),
    name: Type.String(),
    ready: Type.Boolean(),
    missing: Type.Array(Type.String({ enum: [...MISSING] }), {
      description:
        '`rpc_url`: the running app has no live RPC endpoint (save one in Settings → Networks, then restart); `wallet`: the chain family has no live watch-only wallet; ' +
        '`reachable`: the endpoint did not answer lately; `payable_coin`: no coin can be paid in on it now.',
    }),
    applies_at_next_start: Type.Boolean({ description: 'A saved live endpoint differs from the running one: it applies once the app restarts.' }),
  })),
});

/**
 * Whether live mode could take a payment, for an owner in either mode. The owner's mode switch asks it
 * before going live, so the switch can say plainly what is missing; live settings themselves (the
 * endpoints, the wallets) stay readable and changeable in live mode only. It names no endpoint, key or
 * wallet, only what is missing, so test credentials may read it.
 */
export const liveReadinessRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/ui/live-readiness', {
    config: OWN_MODE,
    schema: {
      tags: ['UI sign-in'],
      summary: 'Whether live mode can take payments, and what each live network still needs (owner, either mode)',
      response: { 200: Envelope(ReadinessOut) },
    },
  }, async () => {
    const running = services.networks(true);
    const networks = [];
    for (const network of services.networkSettings.networks) {
      const info = networkInfo(network);
      if (!info) continue;
      const now = running.find((n) => n.network === network);
      // A network switched off, now and at the next start, lacks nothing: the shop does not use it.
      const { enabled } = await services.networkSettings.switchOf(network, true);
      if (!enabled && (now === undefined || now.status === 'off')) continue;
      const configured = now?.status === 'ready';
      const missing: Missing[] = [];
      if (!configured) missing.push('rpc_url');
      if (!await services.networkSettings.liveWallet(info.family)) missing.push('wallet');
      if (configured && now.watcher?.lastError) missing.push('reachable');
      if (configured && !Object.keys(now.tokens).some((coin) => !(coin in now.unpayable))) missing.push('payable_coin');
      const saved = (await services.networkSettings.saved(network)).rpcUrl;
      networks.push({
        network,
        name: info.name,
        ready: missing.length === 0,
        missing,
        applies_at_next_start: saved !== null && saved !== (now?.rpcUrl ?? null),
      });
    }
    return ok({ object: 'live_readiness' as const, ready: networks.some((n) => n.ready), networks });
  });
};
