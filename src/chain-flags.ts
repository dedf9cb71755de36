import type { ParseArgsConfig } from 'node:util';
import { FAMILIES, NETWORKS } from './chains/registry.js';
import type { NetworkConfigs } from './config.js';
import type { FamilyId } from './domain/networks.js';
import { rpcUrlsProblem } from './domain/rpc-urls.js';

/**
 * `stablepos serve`'s chain flags, keyed by network and family from the registry:
 *
 *   --rpc NETWORK=URL[,URL…]  (repeatable)  a network's live JSON-RPC endpoints, the first preferred
 *   --rpc-api-key NETWORK=KEY  (repeatable)  its API key, for networks whose hosted endpoints take
 *                       one in a header (TronGrid); also STABLEPOS_RPC_API_KEY_<NETWORK>
 *   --xpub FAMILY=XPUB  (repeatable)  a family's live watch-only wallet
 *
 * with, for every registered network and family, the older spellings kept as aliases:
 * `--rpc-<network> URL`, `--xpub-<family> XPUB`, and the environment variables
 * `STABLEPOS_RPC_<NETWORK>` and `STABLEPOS_XPUB_<FAMILY>` (upper case). A flag wins over the
 * environment; the same network or family given twice on the command line is refused.
 */

/** A flag's problem, said in the words the CLI prints (it becomes a usage error, exit 2). */
export class ChainFlagError extends Error {}

const envName = (prefix: string, id: string) => `STABLEPOS_${prefix}_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** The flags for parseArgs: the two general ones and every alias. */
export function chainFlagOptions(): NonNullable<ParseArgsConfig['options']> {
  return {
    rpc: { type: 'string', multiple: true },
    'rpc-api-key': { type: 'string', multiple: true },
    xpub: { type: 'string', multiple: true },
    ...Object.fromEntries(NETWORKS.map((n) => [`rpc-${n.id}`, { type: 'string' as const }])),
    ...Object.fromEntries(FAMILIES.map((f) => [`xpub-${f.id}`, { type: 'string' as const }])),
  };
}

/** The help lines of the chain flags, listing what the registry has. */
export function chainFlagsHelp(): string {
  const rows: [string, string][] = [
    [
      '--rpc NETWORK=URL[,URL…]',
      `a network's live JSON-RPC endpoint, or several separated by commas, the first preferred (the others take over when it fails, lags or serves another chain; repeatable); NETWORK: ${NETWORKS.map((n) => n.id).join(', ')}`,
    ],
    [
      '--rpc-api-key NETWORK=KEY',
      `its API key, sent in the network's API-key header (repeatable); NETWORK: ${keyedNetworks().map((n) => `${n.id} (${n.apiKeyHeader})`).join(', ')}; also STABLEPOS_RPC_API_KEY_<NETWORK>`,
    ],
    ['--xpub FAMILY=XPUB', `a chain family's live watch-only wallet (repeatable); FAMILY: ${FAMILIES.map((f) => f.id).join(', ')}`],
    ...NETWORKS.map((n): [string, string] => [`--rpc-${n.id} URL`, `the same for ${n.name} (${envName('RPC', n.id)})`]),
    ...FAMILIES.map((f): [string, string] => [`--xpub-${f.id} XPUB`, `the same for ${f.name}, an ${f.wallet.label} (${envName('XPUB', f.id)})`]),
  ];
  return rows.map(([flag, what]) => `  ${flag.padEnd(20)}${flag.length >= 20 ? `\n${' '.repeat(22)}` : ''}${what}`).join('\n');
}

/** The networks whose hosted endpoints take an API key in a header. */
const keyedNetworks = () => NETWORKS.filter((n) => n.apiKeyHeader !== undefined);

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * The live endpoints and wallets the flags and environment give.
 * @throws ChainFlagError for an unknown network or family, a malformed pair, a URL that is not
 *   http(s), or one network or family given twice with different values
 */
export function parseChainFlags(values: Values, env: NodeJS.ProcessEnv = process.env): { live: NetworkConfigs; liveWallets: Partial<Record<FamilyId, string>> } {
  const rpc = collect('--rpc', 'NETWORK=URL', values.rpc, NETWORKS.map((n) => n.id), (id) => values[`rpc-${id}`], env, 'RPC');
  const xpub = collect('--xpub', 'FAMILY=XPUB', values.xpub, FAMILIES.map((f) => f.id), (id) => values[`xpub-${id}`], env, 'XPUB');
  const apiKeys = collect('--rpc-api-key', 'NETWORK=KEY', values['rpc-api-key'], keyedNetworks().map((n) => n.id), () => undefined, env, 'RPC_API_KEY');
  for (const { value, source } of rpc.values()) checkHttpUrls(value, source);
  for (const [network, { source }] of apiKeys) {
    if (!rpc.has(network)) throw new ChainFlagError(`${source}: give ${network}'s endpoint too (--rpc ${network}=URL)`);
  }
  return {
    live: Object.fromEntries(
      [...rpc].map(([network, { value }]) => {
        const apiKey = apiKeys.get(network)?.value;
        return [network, { rpcUrl: value, ...(apiKey !== undefined && { apiKey }) }];
      }),
    ),
    liveWallets: Object.fromEntries([...xpub].map(([family, { value }]) => [family, value])),
  };
}

/** Values per id: from `--flag ID=VALUE`, its alias `--flag-ID VALUE`, then the environment. */
function collect(
  flag: string,
  form: string,
  pairs: Values[string],
  ids: readonly string[],
  alias: (id: string) => Values[string],
  env: NodeJS.ProcessEnv,
  envPrefix: string,
): Map<string, { value: string; source: string }> {
  const out = new Map<string, { value: string; source: string }>();
  const given = (id: string, value: string, source: string) => {
    const before = out.get(id);
    if (before && before.value !== value) throw new ChainFlagError(`${source}: ${id} is given twice (also by ${before.source})`);
    out.set(id, { value, source });
  };
  for (const pair of (pairs as string[] | undefined) ?? []) {
    const m = /^([^=]+)=(.+)$/.exec(pair);
    if (!m) throw new ChainFlagError(`${flag} must be ${form} (got "${pair}")`);
    const id = m[1] as string;
    if (!ids.includes(id)) throw new ChainFlagError(`${flag}: no ${form.split('=')[0]!.toLowerCase()} "${id}"; there are ${ids.join(', ')}`);
    given(id, m[2] as string, `${flag} ${id}=…`);
  }
  for (const id of ids) {
    const value = alias(id);
    if (typeof value === 'string') given(id, value, `${flag}-${id}`);
    // The environment fills in only what the command line left unset.
    const variable = envName(envPrefix, id);
    const fromEnv = env[variable];
    if (!out.has(id) && fromEnv !== undefined && fromEnv !== '') out.set(id, { value: fromEnv, source: variable });
  }
  return out;
}

/** One URL or several separated by commas (domain/rpc-urls.ts), each absolute http(s). */
function checkHttpUrls(value: string, source: string): void {
  if (rpcUrlsProblem(value) === null) return;
  throw new ChainFlagError(`${source} must be an absolute http(s) URL`);
}
