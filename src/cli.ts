import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type Mode, type RateFeedConfig, resolveConfig } from './config.js';
import { type CoreServices, createServices } from './core-services.js';
import { createCore } from './create-core.js';
import { defaultDataDir } from './default-data-dir.js';
import { ChainFlagError, chainFlagOptions, chainFlagsHelp, parseChainFlags } from './chain-flags.js';
import { familyOf, networkInfo, NETWORKS } from './chains/registry.js';
import { CURRENCIES, isCurrency } from './domain/currencies.js';
import { parseDecimal } from './domain/money.js';
import { parseRate } from './domain/rates.js';
import { urlWithoutCredentials, verdictLine, verdictOf } from './domain/rpc-check.js';
import { canonicalHostName } from './http/host-names.js';
import { isRole, nameProblem, pinProblem } from './domain/users.js';

/** Output streams, injectable so tests can run commands in-process. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const stdio: Io = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

const DATA_DIR_HELP = `  --data-dir DIR      where the database lives (default: $STABLEPOS_DATA_DIR, else the app's user data folder)
  $STABLEPOS_DATABASE_URL
                      a PostgreSQL database (postgres://user:password@host:5432/db) instead of the data
                      dir's SQLite file; several instances may share one (docs/deployment.md)
  --database-url URL  the same on the command line, where other local accounts can read it (ps,
                      /proc/<pid>/cmdline): never with a password in it; prefer the environment`;

/** The options every command that opens the store takes. */
const STORE_OPTIONS = { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } as const;

/** The networks whose family runs a devnet in test mode (what `devnet pay` can pay on). */
const DEVNET_NETWORKS = NETWORKS.filter((n) => familyOf(n.id)?.devnet !== undefined).map((n) => n.id);

const HELP = {
  main: `Usage: stablepos <command> [options]

Commands:
  serve               run the API, the checkout pages and the UI headless
  keys create         create an API key (printed once, alone on standard output)
  keys list           list API keys (prefix, mode, created, status)
  keys revoke PREFIX  revoke the key whose prefix (e.g. sk_test_AbCd1234) or full text is given
  users add           add a user of the app's UI (owner or cashier) with a PIN
  users list          list the UI's users (id, role, name, added)
  users remove USER   remove a user by name or id (never the last owner)
  users pin USER      set a user's new PIN (--pin); their sign-ins end
  users setup-code    print a new one-time code for creating the first owner in the UI
  devnet pay ID       pay a test-mode session on the local devnet from a test wallet
  rpc check NETWORK URL
                      check an RPC endpoint before relying on it: chain, head, log ranges, limits

Every command takes --help.`,
  serve: `Usage: stablepos serve [--host HOST] [--port PORT] [--data-dir DIR] [--database-url URL] [--public-url URL] [--allowed-host NAME]… [--mode test|live] [rate options]

Runs the v1 API, the hosted checkout pages and the app's UI. Prints "listening on <url>" once it accepts
requests, then, while the shop has no owner, a one-time setup code that the UI asks for before it
creates the owner (each start prints a new one). Ctrl-C stops it cleanly.

  --host HOST         interface to listen on (default 127.0.0.1; 0.0.0.0 for the local network)
  --port PORT         TCP port (default 8420; 0 picks a free one)
${DATA_DIR_HELP}
  --public-url URL    base URL customers reach this app at, used in payment_url (default: the listen URL)
  --allowed-host NAME another name or address this app answers for (repeatable; else the comma-separated
                      $STABLEPOS_ALLOWED_HOSTS), e.g. the LAN name of the back-office machine. Requests
                      naming any other host are refused; always allowed: localhost, 127.0.0.1, [::1], the
                      --host address, the --public-url host and, with --host 0.0.0.0, this machine's own
                      IP addresses (docs/security.md)
  --mode test|live    the mode of the app's own UI (default test); API keys carry their own mode

Live payments need, per network, an RPC endpoint, and per chain family a watch-only wallet
(the environment variables work too; flags win):
${chainFlagsHelp()}
Test mode runs its own devnets.

Live-mode exchange rates (test mode uses its fixed test table; see docs/rates.md):
  --rate-feed ecb|off     the ECB's daily reference rates, fetched at start and hourly (default ecb)
  --rate-feed-url URL     where to fetch them (default the ECB's eurofxref-daily.xml)
  --rate-max-age HOURS    older feed rates are refused (default 96: weekends and holidays have none)
  --rate CODE=USD_PRICE   the owner's USD price of one unit, e.g. --rate VND=0.0000393 (repeatable);
                          fills currencies the feed lacks and overrides it for the ones given

Secrets at rest (docs/security.md; the data dir is made private to this account, 0700):
  STABLEPOS_WALLET_PASSPHRASE       seals the data key (which seals the webhook secrets) and the refund
                                    wallet key; without it the data key is kept as is in data-key.json
  STABLEPOS_RESET_SEALED_SECRETS=1  data-key.json is lost for good: start with a new key, giving new
                                    secrets to the webhook endpoints it sealed (rotate them to see them)`,
  keysCreate: `Usage: stablepos keys create --mode test|live [--data-dir DIR] [--database-url URL]

Creates a secret API key for the shop's merchant and prints it alone on standard output. It is shown
only this once: the app keeps only its hash.

  --mode test|live    test keys see only test objects, live keys only live ones
${DATA_DIR_HELP}`,
  keysList: `Usage: stablepos keys list [--data-dir DIR] [--database-url URL]

Lists API keys: prefix, mode, creation time and whether revoked. Secrets are never shown.

${DATA_DIR_HELP}`,
  keysRevoke: `Usage: stablepos keys revoke PREFIX [--data-dir DIR] [--database-url URL]

Revokes the one active key whose prefix (as "keys list" shows it) or full text is given. Requests with
it fail with 401 api_key_invalid from then on.

${DATA_DIR_HELP}`,
  usersAdd: `Usage: stablepos users add --role owner|cashier --name NAME --pin PIN [--data-dir DIR] [--database-url URL]

Adds a person who signs in to the app's UI with their name and PIN. An owner may do everything; a
cashier may create, follow and cancel payment sessions and see today's sessions. Prints the user's id.

  --role ROLE         owner or cashier
  --name NAME         1–40 characters, unique among users (case does not count)
  --pin PIN           4–12 digits; one digit repeated (0000) or a straight run (1234, 9876) is refused.
                      The PIN is visible to other users of this machine while the command runs and
                      may stay in your shell's history; to change a PIN later, use "users pin".
${DATA_DIR_HELP}`,
  usersList: `Usage: stablepos users list [--data-dir DIR] [--database-url URL]

Lists the UI's users: id, role, name and when added, tab-separated. PINs are never shown (only their
scrypt hash is kept).

${DATA_DIR_HELP}`,
  usersRemove: `Usage: stablepos users remove USER [--data-dir DIR] [--database-url URL]

Removes a user, given by name (any case) or id: they can no longer sign in, and their sign-ins end
at once. The last owner cannot be removed: add another owner first.

${DATA_DIR_HELP}`,
  usersPin: `Usage: stablepos users pin USER --pin PIN [--data-dir DIR] [--database-url URL]

Sets the new PIN of a user, given by name (any case) or id, without the old one: for a forgotten PIN,
an owner's too (the machine itself is trusted). All of the user's sign-ins end at once.

  --pin PIN           4–12 digits; one digit repeated (0000) or a straight run (1234, 9876) is refused.
                      The PIN is visible to other users of this machine while the command runs and
                      may stay in your shell's history.
${DATA_DIR_HELP}`,
  usersSetupCode: `Usage: stablepos users setup-code [--data-dir DIR] [--database-url URL]

Prints a new one-time setup code, alone on standard output, while the shop has no owner: the UI asks
for it before it creates the first owner (the desktop app's own window does not). "serve" prints one
at each start while there is no owner; a new code replaces the one before. Once an owner exists there
is none to print: sign in, or add users with "users add".
${DATA_DIR_HELP}`,
  devnetPay: `Usage: stablepos devnet pay SESSION_ID --network ${DEVNET_NETWORKS.join('|')} --currency USDT|USDC|--token DAI [--amount DECIMAL] [--payer N] [--data-dir DIR] [--database-url URL]

Pays a test-mode session on the devnet that "stablepos serve" runs for the same data dir: mints test
tokens to a devnet test wallet, then sends them to the session's deposit address, as a customer's
wallet would (two signed transactions). Prints the transaction hash.

  --network NAME      ${DEVNET_NETWORKS.join(' or ')}
  --currency COIN     a coin the network offers (${DEVNET_NETWORKS.map((n) => `${n}: ${Object.keys(networkInfo(n)?.tokens ?? {}).join(' or ')}`).join('; ')})
  --token DAI         instead of a coin, the devnet's test DAI (every network above; on solana to the merchant's
                      DAI account, opened if missing), which the app watches but never offers: the transfer
                      becomes an unmatched deposit (default amount: the USDT still due)
  --amount DECIMAL    coin amount to send (default: all that is still due, e.g. "12.5")
  --payer N           which devnet test wallet pays (from 1, default 1)
${DATA_DIR_HELP}`,
  rpcCheck: `Usage: stablepos rpc check NETWORK URL [--chain-id ID] [--compare URL]… [--api-key KEY]

Checks an RPC endpoint before the shop relies on it, as the app's watcher would use it, and prints a
verdict (usable / usable with limits / not usable) and what to change. It asks for: the chain id
(Solana: the genesis hash) against the network's live one; its head, and how far behind the --compare
endpoints it is; the largest eth_getLogs range it serves (10,000 blocks down to 1, a few calls); on
TRON whether both /jsonrpc and /wallet answer; rate-limit headers (x-ratelimit-*, Retry-After); and
its latency. Exits 0 when usable (with limits or not), 1 when not usable. Nothing is stored.

  NETWORK             ${NETWORKS.map((n) => n.id).join(', ')}
  URL                 the endpoint as you would give it to --rpc (TRON: the node's base URL)
  --chain-id ID       the chain it must serve, when not the network's live one (a test chain)
  --compare URL       another endpoint of the network to measure this one's head against (repeatable)
  --api-key KEY       the API key sent in the network's header, where it takes one (${NETWORKS.filter((n) => n.apiKeyHeader).map((n) => `${n.id}: ${n.apiKeyHeader}`).join(', ')});
                      (visible to other accounts in the process list: prefer $STABLEPOS_RPC_API_KEY_<NETWORK>)`,
} as const;

class UsageError extends Error {}

type Values = Record<string, string | boolean | string[] | undefined>;

function parse(args: string[], options: ParseArgsConfig['options'], allowPositionals = false): { values: Values; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
    return { values: values as Values, positionals };
  } catch (err) {
    // node's messages can span lines ("… is ambiguous. Did you forget …"): keep the first, one line.
    throw new UsageError(((err as Error).message.split('\n')[0] ?? '').trim());
  }
}

function parseMode(value: unknown, required: boolean): Mode | undefined {
  if (value === undefined && !required) return undefined;
  if (value !== 'test' && value !== 'live') throw new UsageError('--mode must be "test" or "live"');
  return value;
}

function parsePort(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(String(value)) || port > 65535) throw new UsageError('--port must be a whole number from 0 to 65535');
  return port;
}

function parseHttpUrl(value: unknown, flag: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(String(value));
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // fall through
  }
  throw new UsageError(`${flag} must be an absolute http(s) URL`);
}

function parseRateFeed(values: Values): RateFeedConfig {
  const source = values['rate-feed'];
  if (source !== undefined && source !== 'ecb' && source !== 'off') throw new UsageError('--rate-feed must be "ecb" or "off"');
  const maxAge = values['rate-max-age'];
  if (maxAge !== undefined && (!/^\d{1,5}$/.test(String(maxAge)) || Number(maxAge) === 0)) {
    throw new UsageError('--rate-max-age must be a whole number of hours from 1 to 99999');
  }
  const url = parseHttpUrl(values['rate-feed-url'], '--rate-feed-url');
  return {
    ...(source !== undefined && { source }),
    ...(url !== undefined && { url }),
    ...(maxAge !== undefined && { maxAgeMs: Number(maxAge) * 3_600_000 }),
  };
}

/** `--rate EUR=1.0812` (repeatable) → { EUR: '1.0812' }; codes are case-insensitive. */
function parseManualRates(entries: Values[string]): Record<string, string> | undefined {
  if (entries === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const entry of entries as string[]) {
    const m = /^([A-Za-z]{3,4})=(.+)$/.exec(entry);
    const code = m?.[1]?.toUpperCase() ?? '';
    if (!m || !isCurrency(code)) throw new UsageError(`--rate must be CODE=USD_PRICE with CODE one of ${CURRENCIES.join(', ')} (got "${entry}")`);
    if (parseRate(m[2] as string) === null) throw new UsageError(`--rate ${code}: "${m[2]}" is not a positive decimal with at most 12 decimals`);
    if (code in out) throw new UsageError(`--rate ${code} is given twice`);
    out[code] = m[2] as string;
  }
  return out;
}

/** `--allowed-host` (repeatable), else `STABLEPOS_ALLOWED_HOSTS` (comma-separated): canonical names. */
function parseAllowedHosts(flags: Values[string]): string[] | undefined {
  const fromEnv = process.env.STABLEPOS_ALLOWED_HOSTS;
  const entries = flags !== undefined ? (flags as string[]) : fromEnv?.split(',').filter((e) => e.trim() !== '');
  if (entries === undefined) return undefined;
  const source = flags !== undefined ? '--allowed-host' : 'STABLEPOS_ALLOWED_HOSTS';
  return entries.map((entry) => {
    const canonical = canonicalHostName(entry);
    if ('problem' in canonical) throw new UsageError(`${source}: ${canonical.problem}`);
    return canonical.name;
  });
}

/** The built UI, when `npm run build` has made it. */
function builtRenderer(): string | undefined {
  const dir = fileURLToPath(new URL('../out/renderer', import.meta.url));
  return existsSync(`${dir}/index.html`) ? dir : undefined;
}

async function serve(args: string[], io: Io): Promise<number> {
  const { values } = parse(args, {
    host: { type: 'string' },
    port: { type: 'string' },
    ...STORE_OPTIONS,
    'public-url': { type: 'string' },
    'allowed-host': { type: 'string', multiple: true },
    mode: { type: 'string' },
    ...chainFlagOptions(),
    'rate-feed': { type: 'string' },
    'rate-feed-url': { type: 'string' },
    'rate-max-age': { type: 'string' },
    rate: { type: 'string', multiple: true },
  });
  if (values.help) return io.out(HELP.serve), 0;
  const rateFeed = parseRateFeed(values);
  const manualRates = parseManualRates(values.rate);
  const allowedHosts = parseAllowedHosts(values['allowed-host']);
  let chains: ReturnType<typeof parseChainFlags>;
  try {
    chains = parseChainFlags(values);
  } catch (err) {
    if (err instanceof ChainFlagError) throw new UsageError(err.message);
    throw err;
  }
  const core = createCore({
    ...storeOf(values),
    host: values.host as string | undefined,
    port: parsePort(values.port),
    publicUrl: parseHttpUrl(values['public-url'], '--public-url'),
    ...(allowedHosts && { allowedHosts }),
    uiMode: parseMode(values.mode, false),
    rendererDir: builtRenderer(),
    networks: { live: chains.live },
    liveWallets: chains.liveWallets,
    rateFeed,
    ...(manualRates && { manualRates }),
  });
  const url = await core.start();
  io.out(`listening on ${url}`);
  await printSetupCode(values, url, io);
  await new Promise<void>((resolve) => {
    let stopping = false;
    // The first signal stops cleanly (devnets dump their chains); later ones, e.g. a second Ctrl-C or
    // a signal forwarded twice, must not kill the process half-way and orphan the devnets.
    const shutdown = () => {
      if (stopping) return io.err('still stopping…');
      stopping = true;
      void core.stop().then(resolve, (err: unknown) => {
        io.err(`error while stopping: ${(err as Error).message}`);
        resolve();
      });
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  });
  return 0;
}

/**
 * On a shop without an owner, a new one-time setup code (docs/security.md, "The first owner"): whoever
 * reads this output on the machine may create the owner, from any browser that reaches the app.
 */
async function printSetupCode(values: Record<string, unknown>, url: string, io: Io): Promise<void> {
  const code = await withServices(values, async (s) => {
    const merchantId = (await s.merchants.defaultMerchant()).id;
    return (await s.users.hasOwner(merchantId)) ? undefined : await s.users.newSetupCode(merchantId);
  });
  if (code === undefined) return;
  io.out(`no owner yet: open ${url} and create the owner with this one-time setup code: ${code}`);
  io.out('(or run "stablepos users add --role owner --name NAME --pin PIN"; "stablepos users setup-code" prints a new code)');
}

async function keys(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'create': {
      const { values } = parse(rest, { mode: { type: 'string' }, ...STORE_OPTIONS });
      if (values.help) return io.out(HELP.keysCreate), 0;
      const mode = parseMode(values.mode, true) as Mode;
      const secret = await withServices(values, async (s) =>
        (await s.apiKeys.create((await s.merchants.defaultMerchant()).id, mode)).secret,
      );
      io.out(secret);
      return 0;
    }
    case 'list': {
      const { values } = parse(rest, { ...STORE_OPTIONS });
      if (values.help) return io.out(HELP.keysList), 0;
      const list = await withServices(values, async (s) => await s.apiKeys.list());
      if (list.length === 0) io.err('no API keys yet: create one with "stablepos keys create --mode test"');
      for (const k of list) {
        io.out(
          [k.prefix, k.livemode ? 'live' : 'test', new Date(k.createdAt).toISOString(), k.revokedAt === null ? 'active' : `revoked ${new Date(k.revokedAt).toISOString()}`].join('\t'),
        );
      }
      return 0;
    }
    case 'revoke': {
      const { values, positionals } = parse(rest, { ...STORE_OPTIONS }, true);
      if (values.help) return io.out(HELP.keysRevoke), 0;
      if (positionals.length !== 1) throw new UsageError('give exactly one key prefix to revoke');
      const revoked = await withServices(values, async (s) => await s.apiKeys.revoke(positionals[0] as string));
      io.out(`revoked ${revoked.prefix}`);
      return 0;
    }
    case undefined:
    case '--help':
    case '-h': {
      const usage = `${HELP.keysCreate}\n\n${HELP.keysList}\n\n${HELP.keysRevoke}`;
      // Asked for: stdout and success; missing subcommand: a usage error on stderr.
      if (sub === undefined) return io.err(usage), 2;
      return io.out(usage), 0;
    }
    default:
      throw new UsageError(`unknown keys command "${sub}"`);
  }
}

/** `--database-url`, else `STABLEPOS_DATABASE_URL`; undefined for the data dir's SQLite file. */
function parseDatabaseUrl(flag: unknown): string | undefined {
  const value = (flag as string | undefined) ?? (process.env.STABLEPOS_DATABASE_URL || undefined);
  if (value === undefined) return undefined;
  const source = flag !== undefined ? '--database-url' : 'STABLEPOS_DATABASE_URL';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${source} must be a URL like postgres://user:password@host:5432/database`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    // The value is not echoed: it may hold a password.
    throw new UsageError(`${source} must be a postgres:// (or postgresql://) URL; it starts with ${url.protocol}//`);
  }
  return value;
}

/** Where a command's store is: the data dir (files beside the database, and its SQLite file) and the database URL. */
function storeOf(values: Record<string, unknown>): { dataDir: string; databaseUrl: string | undefined } {
  return { dataDir: (values['data-dir'] as string | undefined) ?? defaultDataDir(), databaseUrl: parseDatabaseUrl(values['database-url']) };
}

async function withServices<T>(values: Record<string, unknown>, work: (s: CoreServices) => Promise<T>): Promise<T> {
  const services = await createServices(resolveConfig(storeOf(values)));
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}

async function users(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'add': {
      const { values } = parse(rest, { role: { type: 'string' }, name: { type: 'string' }, pin: { type: 'string' }, ...STORE_OPTIONS });
      if (values.help) return io.out(HELP.usersAdd), 0;
      const { role, name, pin } = values;
      if (!isRole(role)) throw new UsageError('--role must be "owner" or "cashier"');
      if (typeof name !== 'string') throw new UsageError('--name is required');
      const nameError = nameProblem(name);
      if (nameError) throw new UsageError(`--name: ${nameError}`);
      if (typeof pin !== 'string') throw new UsageError('--pin is required');
      const pinError = pinProblem(pin);
      if (pinError) throw new UsageError(`--pin: ${pinError}`);
      const user = await withServices(values, async (s) => s.users.add((await s.merchants.defaultMerchant()).id, { role, name, pin }));
      io.out(user.id);
      return 0;
    }
    case 'list': {
      const { values } = parse(rest, { ...STORE_OPTIONS });
      if (values.help) return io.out(HELP.usersList), 0;
      const list = await withServices(values, async (s) => await s.users.list((await s.merchants.defaultMerchant()).id));
      if (list.length === 0) io.err('no users yet: open the app to create its owner, or run "stablepos users add --role owner --name NAME --pin PIN"');
      for (const u of list) io.out([u.id, u.role, u.name, new Date(u.createdAt).toISOString()].join('\t'));
      return 0;
    }
    case 'remove': {
      const { values, positionals } = parse(rest, { ...STORE_OPTIONS }, true);
      if (values.help) return io.out(HELP.usersRemove), 0;
      if (positionals.length !== 1) throw new UsageError('give exactly one user (name or id) to remove');
      const removed = await withServices(values, async (s) => await s.users.remove((await s.merchants.defaultMerchant()).id, positionals[0] as string));
      io.out(`removed ${removed.role} ${removed.name} (${removed.id})`);
      return 0;
    }
    case 'pin': {
      const { values, positionals } = parse(rest, { pin: { type: 'string' }, ...STORE_OPTIONS }, true);
      if (values.help) return io.out(HELP.usersPin), 0;
      if (positionals.length !== 1) throw new UsageError('give exactly one user (name or id) whose PIN to set');
      const { pin } = values;
      if (typeof pin !== 'string') throw new UsageError('--pin is required');
      const pinError = pinProblem(pin);
      if (pinError) throw new UsageError(`--pin: ${pinError}`);
      const user = await withServices(values, async (s) => await s.users.resetPin((await s.merchants.defaultMerchant()).id, positionals[0] as string, pin));
      io.out(`new PIN set for ${user.role} ${user.name} (${user.id}); their sign-ins have ended`);
      return 0;
    }
    case 'setup-code': {
      const { values } = parse(rest, { ...STORE_OPTIONS });
      if (values.help) return io.out(HELP.usersSetupCode), 0;
      io.out(await withServices(values, async (s) => await s.users.newSetupCode((await s.merchants.defaultMerchant()).id)));
      return 0;
    }
    case undefined:
    case '--help':
    case '-h': {
      const usage = `${HELP.usersAdd}\n\n${HELP.usersList}\n\n${HELP.usersRemove}\n\n${HELP.usersPin}\n\n${HELP.usersSetupCode}`;
      if (sub === undefined) return io.err(usage), 2;
      return io.out(usage), 0;
    }
    default:
      throw new UsageError(`unknown users command "${sub}"`);
  }
}

async function devnet(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'pay') {
    if (sub === undefined) return io.err(HELP.devnetPay), 2;
    if (sub === '--help' || sub === '-h') return io.out(HELP.devnetPay), 0;
    throw new UsageError(`unknown devnet command "${sub}"`);
  }
  const { values, positionals } = parse(rest, {
    network: { type: 'string' },
    currency: { type: 'string' },
    token: { type: 'string' },
    amount: { type: 'string' },
    payer: { type: 'string' },
    ...STORE_OPTIONS,
  }, true);
  if (values.help) return io.out(HELP.devnetPay), 0;
  if (positionals.length !== 1) throw new UsageError('give exactly one session id');
  const network = values.network;
  const family = typeof network === 'string' ? familyOf(network) : undefined;
  if (typeof network !== 'string' || !family?.devnet) throw new UsageError(`--network must be ${DEVNET_NETWORKS.map((n) => `"${n}"`).join(' or ')}`);
  const token = typeof values.token === 'string' ? values.token.toUpperCase() : undefined;
  if (token !== undefined && token !== 'DAI') throw new UsageError('--token must be "DAI"');
  if (token !== undefined && values.currency !== undefined) throw new UsageError('give --currency or --token, not both');
  // A token's amount is the USDT due, by default: the customer's mistake is the coin, not the sum.
  const currency = token !== undefined ? 'USDT' : typeof values.currency === 'string' ? values.currency.toUpperCase() : '';
  const offered = Object.keys(networkInfo(network)?.tokens ?? {});
  if (currency !== 'USDT' && currency !== 'USDC') throw new UsageError('--currency must be "USDT" or "USDC"');
  if (!offered.includes(currency)) throw new UsageError(`${network} offers no ${currency}: --currency must be ${offered.map((c) => `"${c}"`).join(' or ')}`);
  const payer = values.payer === undefined ? 1 : Number(values.payer);
  if (!Number.isInteger(payer) || payer < 1 || payer > family.devnet.payers) throw new UsageError(`--payer must be a whole number from 1 to ${family.devnet.payers}`);
  let amount: bigint | undefined;
  if (values.amount !== undefined) {
    try {
      amount = parseDecimal(String(values.amount), 6);
    } catch (err) {
      throw new UsageError(`--amount ${(err as Error).message}`);
    }
  }
  const { dataDir } = storeOf(values);
  const sessionId = positionals[0] as string;
  const due = await withServices(values, async (s) => await s.sessions.stillDue(sessionId));
  if (!due) throw new Error(`no session ${sessionId} in ${dataDir}`);
  const deposit = due.addresses.find((a) => a.family === family.id);
  const to = deposit?.address;
  if (!to) throw new Error(`session ${sessionId} has no ${family.name} deposit address (it was created with no ${family.name} network ready)`);
  const coinAmount = amount ?? due.remaining[currency] ?? 0n;
  if (coinAmount === 0n) throw new Error('nothing is due on this session; give --amount to send more anyway');
  io.out(await family.devnet.pay({ dir: join(dataDir, 'devnet'), network, payer, currency, to, amountMinor: coinAmount, recipient: deposit?.wallet, ...(token && { token }) }));
  return 0;
}

/** `stablepos rpc check NETWORK URL`: the family's probe, printed for people. */
async function rpc(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'check') {
    if (sub === undefined) return io.err(HELP.rpcCheck), 2;
    if (sub === '--help' || sub === '-h') return io.out(HELP.rpcCheck), 0;
    throw new UsageError(`unknown rpc command "${sub}"`);
  }
  const { values, positionals } = parse(rest, { 'chain-id': { type: 'string' }, compare: { type: 'string', multiple: true }, 'api-key': { type: 'string' } }, true);
  if (values.help) return io.out(HELP.rpcCheck), 0;
  if (positionals.length !== 2) throw new UsageError('give a network and a URL');
  const [network, url] = positionals as [string, string];
  const info = networkInfo(network);
  const family = familyOf(network);
  if (!info || !family) throw new UsageError(`the network must be ${NETWORKS.map((n) => `"${n.id}"`).join(', ')}`);
  if (!family.probe) throw new Error(`${info.name} endpoints cannot be checked yet`);
  parseHttpUrl(url, 'URL');
  const compare = ((values.compare as string[] | undefined) ?? []).map((u) => (parseHttpUrl(u, '--compare'), u));
  const chainId = typeof values['chain-id'] === 'string' ? values['chain-id'] : info.liveChainId;
  if (chainId === null) throw new UsageError(`${info.name} has no live chain id: give --chain-id`);
  const apiKey = typeof values['api-key'] === 'string' ? values['api-key'] : process.env[`STABLEPOS_RPC_API_KEY_${network.toUpperCase()}`];
  const findings = await family.probe({
    network,
    url,
    expectedChainId: chainId,
    confirmations: info.defaultConfirmations,
    contracts: Object.values(info.tokens).map((t) => t.liveContract),
    ...(apiKey && info.apiKeyHeader && { headers: { [info.apiKeyHeader]: apiKey } }),
    others: compare,
  });
  const value = (v: string | number | null, unit = '') => (v === null ? 'unknown' : `${typeof v === 'number' ? v.toLocaleString('en-US') : v}${unit}`);
  io.out(`${info.name} at ${urlWithoutCredentials(url)}: ${verdictLine(findings)}`);
  io.out(`  ${family.id === 'solana' ? 'genesis hash' : 'chain id'}: ${value(findings.chainId)} (expected ${chainId})`);
  io.out(`  head: ${value(findings.head)}${findings.lag !== null ? `, ${findings.lag.toLocaleString('en-US')} behind the others` : compare.length ? ', the others did not answer' : ''}`);
  if (family.id !== 'solana') io.out(`  largest log range: ${value(findings.logRange, ' blocks')}`);
  io.out(`  latency: ${value(findings.latencyMs, ' ms')}`);
  io.out(`  rate-limit headers: ${findings.rateLimitHeaders.length ? findings.rateLimitHeaders.join(', ') : 'none'}`);
  for (const line of findings.advice) io.out(`  what to change: ${line}`);
  return verdictOf(findings) === 'not_usable' ? 1 : 0;
}

/**
 * A password in `--database-url` is on the command line, which every local account can read while the
 * process runs (`ps`, /proc/<pid>/cmdline); the environment is readable only by the same account and
 * root. Said on stderr, without the URL, and the command goes on (docs/deployment.md, "Connecting").
 */
function warnOfPasswordOnCommandLine(argv: readonly string[], io: Io): void {
  const at = argv.findIndex((a) => a === '--database-url' || a.startsWith('--database-url='));
  if (at < 0) return;
  const value = argv[at] === '--database-url' ? argv[at + 1] : argv[at]!.slice('--database-url='.length);
  if (value === undefined || !URL.canParse(value)) return;
  const url = new URL(value);
  if ((url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.password !== '') {
    io.err(
      'stablepos: warning: --database-url holds a password, which other accounts on this machine can read in the process list ' +
        '(/proc/<pid>/cmdline); set STABLEPOS_DATABASE_URL in the environment instead (docs/deployment.md)',
    );
  }
}

/** Runs one command line; resolves with the exit code. */
export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  warnOfPasswordOnCommandLine(rest, io);
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, io);
      case 'keys':
        return await keys(rest, io);
      case 'users':
        return await users(rest, io);
      case 'devnet':
        return await devnet(rest, io);
      case 'rpc':
        return await rpc(rest, io);
      case '--help':
      case '-h':
      case 'help':
        io.out(HELP.main);
        return 0;
      case undefined:
        io.err(HELP.main);
        return 2;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      const known = command === 'serve' || command === 'keys' || command === 'users' || command === 'devnet' || command === 'rpc';
      io.err(`stablepos: ${err.message} (see "stablepos ${known ? `${command} ` : ''}--help")`);
      return 2;
    }
    io.err(`stablepos: ${(err as Error).message}`);
    return 1;
  }
}
