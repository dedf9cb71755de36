/**
 * What the composition root announces on the store's change signals (issue 18), on the SQLite store,
 * where this process hears its own signals (as its own): the other instances of a PostgreSQL store
 * hear exactly these (test/integration/instances-signals.test.ts shows they act on them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { Caller } from '../../src/domain/merchant.js';
import { ADDRESS_ISSUED } from '../../src/services/address-book.js';
import { SESSION_CHANGED } from '../../src/services/live-feed.js';
import { NO_REFUND_NETWORKS } from '../../src/services/refund-service.js';

let dir: string;
let s: CoreServices;
let caller: Caller;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-signals-'));
  s = await createServices(resolveConfig({ dataDir: dir }), {}, {
    handlers: { depositFamilies: ['evm'], deposit: (_family, _wallet, index) => `0x${String(index + 1).padStart(40, 'a')}`, options: () => [] },
    refundNetworks: NO_REFUND_NETWORKS,
    watched: () => [],
  });
  caller = { merchantId: (await s.merchants.defaultMerchant()).id, livemode: false, via: 'test', role: 'owner' };
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything heard on `topics` from now on, as `topic payload`. */
function heard(...topics: string[]): string[] {
  const all: string[] = [];
  for (const topic of topics) s.store.signals.subscribe(topic, (payload, fromHere) => all.push(`${topic} ${payload}${fromHere ? '' : ' (elsewhere?)'}`));
  return all;
}

test('creating a session announces each deposit address issued, its change and its deadline', async () => {
  const signals = heard(ADDRESS_ISSUED, SESSION_CHANGED, 'sessions.deadline');
  const view = await s.sessions.create(caller, {
    merchantDomainId: null, currency: 'USD', amountMinor: 1250n, lineItems: [], description: null, clientReferenceId: null, metadata: {},
    expiresAt: null, successUrl: null, cancelUrl: null, domainParam: 'merchant_domain_id', expiresAtParam: 'expires_at', amountParam: 'amount',
  });
  const [address] = await s.store.addresses.forSession(view.session.id);
  expect(address).toBeDefined();
  const announced = JSON.parse(signals.find((x) => x.startsWith(ADDRESS_ISSUED))!.slice(ADDRESS_ISSUED.length + 1)) as unknown[][];
  expect(announced).toHaveLength(1); // one family here: one address
  const row = announced[0]!;
  expect(row.slice(0, 3)).toEqual(['evm', false, address!.address]);
  expect(await s.store.addresses.watchOf(row[3] as number)).toMatchObject({ sessionId: view.session.id }); // the stored row
  expect(signals).toContain(`${SESSION_CHANGED} ${view.session.id}`);
  expect(signals).toContain(`sessions.deadline ${view.session.expiresAt}`);
});

test('saving a live wallet and showing a sale on a display announce them', async () => {
  const signals = heard('wallet.saved', 'display.changed');
  const xpub = (await s.wallets.xpub(caller.merchantId, 'evm', false))!; // any usable wallet will do
  await s.networkSettings.setLiveWallet('evm', xpub);
  expect(s.walletNow('evm', true)).toBe(xpub);
  await s.display.show('ps_x', 'test', false, 'till-2');
  expect(signals).toEqual(['wallet.saved evm:live', 'display.changed test:till-2']);
});

test('a webhook endpoint made and sent a test event announces the changed endpoints and the new delivery', async () => {
  const signals = heard('webhooks.endpoints', 'webhooks.due');
  const endpoint = await s.webhookEndpoints.create(caller, { url: 'https://example.com/hook', enabled_events: ['*'] });
  await s.webhookEndpoints.sendTest(caller, endpoint.id);
  expect(signals).toEqual(['webhooks.endpoints ', 'webhooks.due ']);
});
