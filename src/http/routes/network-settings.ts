import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FAMILIES, FAMILY_IDS, NETWORK_IDS, networkInfo } from '../../chains/registry.js';
import { ok } from '../envelope.js';
import { LIVE_ONLY } from '../plugins/auth.js';
import { Envelope, errorResponses, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const tags = ['Settings'];

const NetworkSettingOut = Type.Object({
  network: Type.String({ enum: [...NETWORK_IDS] }),
  rpc_url: Nullable(Type.String({ description: 'The saved live JSON-RPC endpoint, or several separated by commas, the first preferred (null: none saved).' })),
  confirmations: Type.Integer({ description: 'Confirmations a live payment needs (saved, else the default). On Solana it is 1: finality is the `commitment`.' }),
  commitment: Nullable(Type.String({ description: 'Solana: the commitment at which a live payment counts (saved, else the default, `finalized`); null on networks that count confirmations.' })),
  commitments: Type.Array(Type.String(), { description: 'The commitments the network takes, the default first (Solana: `finalized`, `confirmed`); empty where it counts confirmations.' }),
  rpc_hint: Type.String({ description: 'What endpoint the network takes, for people: the kind of node, and what it must have enabled.' }),
  api_key_header: Nullable(Type.String({ description: 'The HTTP header the network\'s hosted endpoints take an API key in (TRON: `TRON-PRO-API-KEY`, TronGrid\'s); null when the network takes none (EVM providers put the key in the URL).' })),
  api_key_set: Type.Boolean({ description: 'Whether an API key is saved. The key itself is sealed at rest and never shown again.' }),
  enabled: Type.Boolean({ description: 'The live switch (PATCH /v1/networks/{network} with live credentials): whether the next start watches the network. Off: never offered, never watched, even with `rpc_url` saved.' }),
  running_status: Type.String({ enum: ['ready', 'not_configured', 'unreachable', 'off'], description: 'The live network as the running app has it (`off`: switched off).' }),
  applies_at_next_start: Type.Boolean({ description: 'True when the saved endpoint or switch is not what runs: restart the app to apply it.' }),
});

/** One entry per registered chain family: its live watch-only wallet. */
const WalletsOut = Type.Object(
  Object.fromEntries(
    FAMILIES.map((f) => [
      f.id,
      Type.Object({
        xpub: Nullable(Type.String({ description: `Live watch-only wallet, an ${f.wallet.label}: deposits derive from it (null: none set).` })),
        label: Type.String({ description: 'What the wallet is, for people.' }),
      }),
    ]),
  ),
  { description: 'The live watch-only wallet of each chain family (`family` in GET /v1/networks).' },
);

const SettingsOut = Type.Object({
  networks: Type.Array(NetworkSettingOut),
  wallets: WalletsOut,
});

const FamilyParams = Type.Object(
  { family: Type.String({ enum: [...FAMILY_IDS], description: 'A chain family (`family` in GET /v1/networks); one this app does not have is 400 `parameter_invalid`.' }) },
  { additionalProperties: false },
);

/**
 * Live networks and wallets as the Settings screen edits them (owner only), for every network and
 * family of the registry. Test mode runs its own devnets, which need no endpoint, so only live mode is
 * configured here; each network's on/off switch, in either mode, is PATCH /v1/networks/{network}
 * (the caller's mode: networks.ts).
 */
export const networkSettingsRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  const describe = async () => {
    const running = services.networks(true);
    const networks = [];
    for (const network of services.networkSettings.networks) {
        const saved = await services.networkSettings.saved(network);
        const now = running.find((n) => n.network === network);
        const { enabled } = await services.networkSettings.switchOf(network, true);
        // What the next start watches: the saved endpoint while the switch is on, nothing while it is off.
        const runsNow = now !== undefined && now.status !== 'off';
        networks.push({
          network,
          rpc_url: saved.rpcUrl,
          rpc_hint: networkInfo(network)?.rpcHint ?? '',
          api_key_header: services.networkSettings.apiKeyHeader(network),
          api_key_set: saved.apiKeySealed !== null,
          confirmations: saved.confirmations ?? now?.confirmations ?? networkInfo(network)?.defaultConfirmations ?? 1,
          commitment: services.networkSettings.commitments(network).length ? (saved.commitment ?? now?.commitment ?? services.networkSettings.commitments(network)[0] ?? null) : null,
          commitments: [...services.networkSettings.commitments(network)],
          enabled,
          running_status: now ? (now.status === 'ready' && now.watcher?.lastError ? ('unreachable' as const) : now.status) : ('not_configured' as const),
          applies_at_next_start:
            enabled !== runsNow ||
            (enabled && (saved.rpcUrl ?? null) !== (now?.rpcUrl ?? null)) ||
            (enabled && saved.confirmations !== null && saved.confirmations !== now?.confirmations) ||
            (enabled && saved.commitment !== null && saved.commitment !== now?.commitment),
        });
    }
    const wallets: [string, { xpub: string | null; label: string }][] = [];
    for (const f of FAMILIES) wallets.push([f.id, { xpub: await services.networkSettings.liveWallet(f.id), label: f.wallet.label }]);
    return { networks, wallets: Object.fromEntries(wallets) };
  };

  app.get('/v1/settings/networks', {
    config: LIVE_ONLY,
    schema: { tags, summary: 'Live RPC endpoints, confirmations and watch-only wallets', response: { 200: Envelope(SettingsOut) } },
  }, async () => ok(await describe()));

  app.patch('/v1/settings/networks/:network', {
    config: LIVE_ONLY,
    schema: {
      tags,
      summary: 'Save a live network\'s RPC endpoint, API key, confirmations and commitment (applied at the next start)',
      description: 'What endpoint each network takes is its `rpc_hint` (GET /v1/settings/networks); `api_key` only where `api_key_header` is not null.',
      params: Type.Object({ network: Type.String({ enum: [...NETWORK_IDS] }) }, { additionalProperties: false }),
      body: Type.Object(
        {
          rpc_url: Type.Optional(
            Nullable(
              Type.String({
                minLength: 1,
                maxLength: 2048,
                description: 'An absolute http(s) URL, or several separated by commas, the first preferred (the others take over when it fails, lags or serves another chain); 400 `parameter_invalid` naming the URL that is not one, or a URL given twice.',
              }),
            ),
          ),
          confirmations: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
          commitment: Type.Optional(
            Nullable(Type.String({ minLength: 1, maxLength: 20, description: 'One of the network\'s `commitments` (null: the default); 400 `parameter_invalid` on a network that counts confirmations.' })),
          ),
          api_key: Type.Optional(
            Nullable(Type.String({ minLength: 1, maxLength: 200, description: 'The endpoint\'s API key, sent in `api_key_header` (null removes it); 400 `parameter_invalid` for a network that takes none.' })),
          ),
        },
        { additionalProperties: false },
      ),
      response: { 200: Envelope(SettingsOut) },
    },
  }, async (request) => {
    const b = request.body;
    await services.networkSettings.save(request.params.network, {
      ...(b.rpc_url !== undefined && { rpcUrl: b.rpc_url }),
      ...(b.confirmations !== undefined && { confirmations: b.confirmations }),
      ...(b.commitment !== undefined && { commitment: b.commitment }),
      ...(b.api_key !== undefined && { apiKey: b.api_key }),
    });
    return ok(await describe());
  });

  app.put('/v1/settings/wallets/:family', {
    config: LIVE_ONLY,
    schema: {
      tags,
      summary: 'Set a chain family\'s live watch-only wallet (EVM: the account xpub): new live sessions derive their deposit addresses from it at once',
      description:
        '409 `invalid_state` when the wallet was given at start (`--xpub FAMILY=…`, `--xpub-evm`, `STABLEPOS_XPUB_EVM`): what the deployment says wins. ' +
        '`/v1/settings/wallets/evm` is the EVM family\'s (Ethereum, BNB Smart Chain).',
      params: FamilyParams,
      body: Type.Object({ xpub: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
      response: { 200: Envelope(SettingsOut), ...errorResponses(409) },
    },
  }, async (request) => {
    await services.networkSettings.setLiveWallet(request.params.family, request.body.xpub);
    return ok(await describe());
  });
};
