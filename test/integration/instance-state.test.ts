/**
 * What each instance keeps in memory, right across instances (issue 18, docs/deployment.md "What
 * each instance keeps in memory"): two sets of services over one PostgreSQL database, each with its
 * own data dir holding the one data key, as two instances of a deployment are.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { Caller } from '../../src/domain/merchant.js';
import { QUOTE_LIFETIME_MS } from '../../src/services/conversion-service.js';
import { MerchantService } from '../../src/services/merchant-service.js';
import type { PgStores } from '../../src/storage/pg-stores.js';
import { sharedDataKey } from '../helpers/instances.js';
import { newPgDatabase, openTwoPgStores } from '../helpers/stores.js';

let keys: ReturnType<typeof sharedDataKey>;
let a: CoreServices;
let b: CoreServices;
let merchantId: string;
/** The live refund wallets' passphrase, the same on every instance (as docs/deployment.md asks). */
const PASSPHRASE = 'one passphrase for both';
/** Both instances' clock: real time, moved on by tests. */
let offset = 0;
const now = () => Date.now() + offset;

beforeAll(async () => {
  keys = sharedDataKey();
  const databaseUrl = await newPgDatabase();
  // One after the other: the first makes the default merchant, the second finds it.
  a = await createServices(resolveConfig({ dataDir: keys.dataDirFor('a'), databaseUrl, now, walletPassphrase: PASSPHRASE }));
  b = await createServices(resolveConfig({ dataDir: keys.dataDirFor('b'), databaseUrl, now, walletPassphrase: PASSPHRASE }));
  merchantId = (await a.merchants.defaultMerchant()).id;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  keys?.remove();
});

/**
 * Settles once `to` has heard everything `from` published so far: signals arrive in the order they
 * were sent (one channel), so a marker sent now arrives after them.
 */
async function caughtUp(from: CoreServices, to: CoreServices): Promise<void> {
  const topic = 'test.marker';
  const heard = new Promise<void>((resolve) => {
    const off = to.store.signals.subscribe(topic, () => {
      off();
      resolve();
    });
  });
  await from.store.signals.publish(topic, '');
  await heard;
}

test('both instances share the one default merchant', async () => {
  expect((await b.merchants.defaultMerchant()).id).toBe(merchantId);
});

test('merchant settings changed through one instance apply on the other at once (its copy is dropped)', async () => {
  const before = await b.merchants.get(merchantId); // B has it in memory now
  expect(before.feeBps).not.toBe(275);
  await a.merchants.update(merchantId, { feeBps: 275, sessionExpirySeconds: 1200, timeZone: 'Europe/Lisbon', settlementCurrency: 'EUR' });
  await caughtUp(a, b);
  const after = await b.merchants.get(merchantId);
  expect(after).toMatchObject({ feeBps: 275, sessionExpirySeconds: 1200, timeZone: 'Europe/Lisbon', settlementCurrency: 'EUR' });
});

test('a domain added through one instance is known on the other at once', async () => {
  expect((await b.merchants.get(merchantId)).domains.map((d) => d.domain)).not.toContain('till-7');
  await a.merchants.addDomain(merchantId, 'till-7');
  await caughtUp(a, b);
  expect((await b.merchants.get(merchantId)).domains.map((d) => d.domain)).toContain('till-7');
});

test('instances starting together on an empty database make one default merchant between them', async () => {
  const [x, y] = await openTwoPgStores();
  const serviceOf = (s: PgStores) => new MerchantService({ store: s.merchants, now: Date.now, tx: s.tx, signals: s.signals });
  const [first, second] = await Promise.all([serviceOf(x).ensureDefault(), serviceOf(y).ensureDefault()]);
  expect(second.id).toBe(first.id);
  expect(await x.merchants.count()).toBe(1);
});

const owner = (): Caller => ({ merchantId, livemode: false, via: 'test', role: 'owner' });
const fiftyUsdtToEur = { fromMinor: 50_000_000n, fromCurrency: 'USDT', toCurrency: 'EUR' } as const;

/** 100 USDT available to the merchant in test mode (a payment already settled). */
async function fund(s: CoreServices): Promise<void> {
  await s.tx(() =>
    s.ledger.postInTransaction({ merchantId, livemode: false, type: 'payment', currency: 'USDT', amountMinor: 100_000_000n, feeMinor: 0n, sourceId: 'ps_funds', description: 'funds' }),
  );
}

test('a conversion quote made through one instance is usable through the other, at its rate, and used once across both', async () => {
  await fund(a);
  const quote = await a.conversions.quote(owner(), fiftyUsdtToEur);
  const done = await b.conversions.convert(owner(), { ...fiftyUsdtToEur, quoteId: quote.id });
  expect(done).toMatchObject({ quoteId: quote.id, toAmountMinor: quote.toAmountMinor, feeMinor: quote.feeMinor, rateScaled: quote.rate.scaled });
  for (const s of [a, b]) {
    await expect(s.conversions.convert(owner(), { ...fiftyUsdtToEur, quoteId: quote.id })).rejects.toMatchObject({ code: 'resource_missing', param: 'quote_id' });
  }
});

test('of conversions with one quote reaching both instances at once (two of them the one that quoted), one is made', async () => {
  await fund(a);
  const quote = await a.conversions.quote(owner(), { ...fiftyUsdtToEur, fromMinor: 1_000_000n });
  const tries = await Promise.allSettled([a, a, b].map((s) => s.conversions.convert(owner(), { ...fiftyUsdtToEur, fromMinor: 1_000_000n, quoteId: quote.id })));
  expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
  for (const failed of tries.filter((t) => t.status === 'rejected')) expect(failed.reason).toMatchObject({ code: 'resource_missing', param: 'quote_id' });
  const made = await a.conversions.list(owner(), 100);
  expect(made.items.filter((c) => c.quoteId === quote.id)).toHaveLength(1);
});

test('an expired quote is refused on every instance as before (invalid_state), and gone once the next quote is made', async () => {
  const quote = await a.conversions.quote(owner(), fiftyUsdtToEur);
  offset += QUOTE_LIFETIME_MS;
  await expect(b.conversions.convert(owner(), { ...fiftyUsdtToEur, quoteId: quote.id })).rejects.toMatchObject({ code: 'invalid_state', param: 'quote_id' });
  await b.conversions.quote(owner(), fiftyUsdtToEur); // purges the expired ones
  await expect(a.conversions.convert(owner(), { ...fiftyUsdtToEur, quoteId: quote.id })).rejects.toMatchObject({ code: 'resource_missing', param: 'quote_id' });
});

test('a live refund wallet key imported through one instance is the one the other pays from', async () => {
  const first = await a.refunds.importWalletKey(merchantId, 'evm', true, '11'.repeat(32));
  expect((await b.refunds.walletKeyOrNull(merchantId, 'evm', true))?.address).toBe(first); // B has opened it
  const second = await a.refunds.importWalletKey(merchantId, 'evm', true, '22'.repeat(32));
  expect(second).not.toBe(first);
  expect((await b.refunds.walletKeyOrNull(merchantId, 'evm', true))?.address).toBe(second);
});
