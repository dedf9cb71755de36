/**
 * Adding a network is data (issue 31, item 2): the network list is read from the registry, and every
 * place a network appears must list the networks a shop turns on (`offByDefault`: Base, Arbitrum One,
 * Polygon PoS) once they are on, by their data: `/v1/networks` (the names the cashier, the customer
 * display, Transactions and Refunds label networks with), a session's payment options, the checkout
 * page and its status feed, the OpenAPI document's network enums, the sessions and deposits filters,
 * refunds, Settings, and docs/payments.md's network table. And nothing outside src/chains/evm/ names
 * them in code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { familyOf, NETWORK_IDS, NETWORKS } from '../../src/chains/registry.js';
import { STABLECOINS } from '../../src/domain/currencies.js';
import { toBaseUnits, type NetworkInfo } from '../../src/domain/networks.js';
import { createSession, evmDevnetOf, option, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The networks a shop turns on: those this test turns on, whatever they are. */
const ADDED = NETWORKS.filter((n) => n.offByDefault);
const coinsOf = (n: NetworkInfo) => STABLECOINS.filter((c) => n.tokens[c] !== undefined);

let t: TestCore;
/** Per added network, a session paid on it in its first coin. */
const paid = new Map<string, string>();

beforeAll(async () => {
  expect(ADDED.length).toBeGreaterThan(0);
  // Every family of an added network has a devnet (all EVM today): the test needs no endpoint of its own.
  for (const n of ADDED) expect(familyOf(n.id)?.devnet, n.id).toBeDefined();
  const off = Object.fromEntries(NETWORK_IDS.map((id) => [id, 'off' as const]));
  t = await startTestCore({
    networks: { test: { ...off, ...Object.fromEntries(ADDED.map((n) => [n.id, 'devnet' as const])) } },
    devnetBlockTimeSeconds: 0.25,
    confirmations: Object.fromEntries(ADDED.map((n) => [n.id, 1])),
  });
  for (const [i, n] of ADDED.entries()) {
    const s = await createSession(t, '2.00');
    const coin = coinsOf(n)[0]!;
    await mintAndPay(evmDevnetOf(t.core.chains, n.id), { payerKey: DEVNET_PAYER_KEYS[i % DEVNET_PAYER_KEYS.length]!, token: coin, to: option(s, n.id, coin).address, amountBaseUnits: toBaseUnits(2_000_000n, n.tokens[coin]!.decimals) });
    await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 20_000, `${n.id} session SUCCEEDED`);
    paid.set(n.id, s.session_id);
  }
}, 120_000);
afterAll(async () => t?.stop());

describe('every place a network appears lists the added networks once they are on', () => {
  test('/v1/networks: every network of the registry, by its name, family and standard; the added ones ready with their coins', async () => {
    const items = (await t.api('GET', '/v1/networks')).body.data.items;
    expect(items.map((n: any) => [n.network, n.name, n.family, n.token_standard])).toEqual(NETWORKS.map((n) => [n.id, n.name, n.family, n.tokenStandard]));
    for (const n of ADDED) {
      const shown = items.find((x: any) => x.network === n.id);
      expect(shown.status, n.id).toBe('ready');
      expect(shown.tokens.map((k: any) => [k.currency, k.decimals]), n.id).toEqual(coinsOf(n).map((c) => [c, n.tokens[c]!.decimals]));
    }
  });

  test('a session offers each coin of each added network, and the checkout page and its status feed show them by name', async () => {
    const s = await createSession(t, '4.00');
    expect(s.payment_options.map((o: any) => `${o.network} ${o.currency}`)).toEqual(ADDED.flatMap((n) => coinsOf(n).map((c) => `${n.id} ${c}`)));
    const page = await (await fetch(`${t.url}/pay/${s.session_id}`)).text();
    const status = ((await (await fetch(`${t.url}/pay/${s.session_id}/status`)).json()) as { data: any }).data;
    for (const n of ADDED) {
      for (const c of coinsOf(n)) expect(page, `${n.id} ${c}`).toContain(`aria-label="Pay with ${c} on ${n.name}"`);
      expect(status.payment_options.filter((o: any) => o.network === n.id).map((o: any) => o.currency)).toEqual(coinsOf(n));
    }
  });

  test('the OpenAPI document: every enum that lists a network lists them all', async () => {
    const doc = await (await fetch(`${t.url}/docs/json`)).json();
    const enums: { at: string; values: string[] }[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((x, i) => walk(x, `${at}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const e = (node as { enum?: unknown }).enum;
      if (Array.isArray(e) && e.includes(NETWORK_IDS[0])) enums.push({ at, values: e as string[] });
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(doc, '#');
    // /v1/networks, the settings routes, sessions and deposits filters and outputs, payments, rpc_check at least.
    expect(enums.length).toBeGreaterThanOrEqual(5);
    for (const { at, values } of enums) expect(values, at).toEqual(expect.arrayContaining([...NETWORK_IDS]));
  });

  test('the sessions and deposits filters take every network; the sessions filter finds the session paid on each added one', async () => {
    for (const id of NETWORK_IDS) {
      expect((await t.api('GET', `/v1/payment/sessions?network=${id}`)).status, id).toBe(200);
      expect((await t.api('GET', `/v1/payment/sessions.csv?network=${id}`)).status, id).toBe(200);
      expect((await t.api('GET', `/v1/deposits?network=${id}`)).status, id).toBe(200);
    }
    for (const n of ADDED) {
      const found = (await t.api('GET', `/v1/payment/sessions?network=${n.id}`)).body.data.items.map((s: any) => s.session_id);
      expect(found, n.id).toEqual([paid.get(n.id)]);
    }
  });

  test('a refund of a payment on each added network is accepted, on that network', async () => {
    for (const n of ADDED) {
      const r = await t.api('POST', '/v1/refunds', { body: { session_id: paid.get(n.id), amount: { value: '1.00', currency: 'USD' }, reason: 'networks are data' } });
      expect(r.status, `${n.id}: ${r.text}`).toBe(200);
      expect(r.body.data, n.id).toMatchObject({ network: n.id, amount: { currency: coinsOf(n)[0] }, token_contract: expect.any(String) });
    }
  });

  test('Settings lists every network with its confirmations (the default, unless configured) and its endpoint hint', async () => {
    const settings = (await t.api('GET', '/v1/settings/networks', { key: t.liveKey })).body.data.networks;
    const configured = (n: NetworkInfo) => (ADDED.includes(n) ? 1 : n.defaultConfirmations);
    expect(settings.map((n: any) => [n.network, n.confirmations, n.rpc_hint])).toEqual(NETWORKS.map((n) => [n.id, configured(n), n.rpcHint]));
  });
});

test('docs/payments.md\'s network table is the data', () => {
  const text = readFileSync(join(ROOT, 'docs', 'payments.md'), 'utf8');
  const header = '| network | name | family | standard | live chain id | coins | confirmations | gas coin | on by default |';
  const start = text.indexOf(header);
  expect(start, 'the table under "## Networks"').toBeGreaterThan(-1);
  const rows = text.slice(start).split('\n').slice(2).filter((_l, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')));
  const cells = rows.map((r) => r.split('|').slice(1, -1).map((c) => c.trim()));
  expect(cells.map((c) => c[0])).toEqual([...NETWORK_IDS]);
  for (const n of NETWORKS) {
    const [, name, family, standard, chainId, coins, confirmations, gasCoin, onByDefault] = cells.find((c) => c[0] === n.id)!;
    expect({ name, family, standard, coins, gasCoin, onByDefault }, n.id).toEqual({
      name: n.name,
      family: n.family,
      standard: n.tokenStandard,
      coins: coinsOf(n).join(', '),
      gasCoin: n.gasCoin.symbol,
      onByDefault: n.offByDefault ? 'no' : 'yes',
    });
    // A numeric chain id is written out; Solana's genesis hash is named.
    if (n.liveChainId && /^\d+$/.test(n.liveChainId)) expect(chainId, n.id).toBe(n.liveChainId);
    expect(confirmations!.split(' ')[0], n.id).toBe(String(n.defaultConfirmations));
  }
});

/** Every file under `dir` (relative to the repository) ending in one of `exts`. */
function filesUnder(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (exts.some((e) => name.endsWith(e))) out.push(relative(ROOT, full));
    }
  };
  visit(join(ROOT, dir));
  return out;
}

test('no code outside src/chains/evm/ names an added network: they are data', () => {
  const files = [...filesUnder('src', ['.ts']), ...filesUnder('renderer/src', ['.ts', '.tsx']), ...filesUnder('main', ['.ts'])]
    .filter((f) => !f.startsWith(join('src', 'chains', 'evm')) && !f.startsWith(join('renderer', 'src', 'i18n')))
    // Generated from the OpenAPI document, whose enums come from the registry (checked above).
    .filter((f) => f !== join('renderer', 'src', 'api-schema.d.ts'));
  expect(files.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const file of files) {
    readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
      for (const n of ADDED) {
        // The id as a string (`'polygon'`), or its name in any case (Arbitrum, polygon). "base" is also
        // an ordinary word (the rates' base currency, the envelope's `base`, `base` in prose between
        // backticks): for it only a string in quotes is looked for, and not as a JSON key (`"base":`).
        const quoted = new RegExp(`(['"])${n.id}\\1(?!\\s*:)`);
        const named = n.id === 'base' ? null : new RegExp(`\\b(${n.id}|${n.name.split(' ')[0]})\\b`, 'i');
        if (quoted.test(line) || named?.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      }
    });
  }
  // The one "base" that is no network: the rates route's `base` query parameter, named in its error.
  expect(found.filter((f) => !f.startsWith(`${join('src', 'http', 'routes', 'rates.ts')}:`) || !f.includes("parseCurrency(request.query.base, 'base')"))).toEqual([]);
});
