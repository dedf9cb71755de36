/**
 * Unmatched deposits through the real services and HTTP app (no chain): a watcher's scan that reports
 * transfers paying no session (`unmatched`) is recorded by the payment recorder in the scan's own
 * transaction, once however often the scan is repeated, with a `deposit.unmatched` event; the owner
 * lists and reads them in the caller's mode only; a cashier may not; they never reach balances or the
 * ledger. The same on a real surfnet: test/chain/solana-deposits.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { UnmatchedTransfer } from '../../src/domain/chain-scan.js';
import { buildApp } from '../../src/http/app.js';
import type { ChainScan } from '../../src/services/payment-recorder.js';
import { checkedInject } from '../helpers/openapi-responses.js';
import { RpcCheckService } from '../../src/services/rpc-check.js';

const MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const MERCHANT_ATA = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

let dataDir: string;
let s: CoreServices;
let app: FastifyInstance;
let inject: ReturnType<typeof checkedInject>;
let testKey: string;
let liveKey: string;
let cashier: string;
let nextSlot = 1000;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stablepos-deposits-'));
  const config = resolveConfig({ dataDir, rateFeed: { source: 'off' } });
  s = await createServices(config);
  app = await buildApp({
    services: { ...s, networks: () => [], rpcCheck: new RpcCheckService({ probe: async () => null, now: config.now }), uiMode: 'test', now: config.now, publicBaseUrl: () => 'http://127.0.0.1' },
    authenticate: s.authenticate,
    rateLimit: { max: 100_000, windowMs: 1000 },
    logger: false,
  });
  await app.ready();
  inject = checkedInject(app);
  const merchantId = (await s.merchants.defaultMerchant()).id;
  testKey = (await s.apiKeys.create(merchantId, 'test')).secret;
  liveKey = (await s.apiKeys.create(merchantId, 'live')).secret;
  await s.users.add(merchantId, { name: 'Owner', role: 'owner', pin: '2580' });
  await s.users.add(merchantId, { name: 'Cashier', role: 'cashier', pin: '1357' });
  const res = await inject({ method: 'POST', url: '/v1/ui/sessions', payload: { user: 'Cashier', pin: '1357' } });
  cashier = res.json().data.token;
});

afterAll(async () => {
  await app?.close();
  await s?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, key = testKey) => inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

/** A transfer of `amount` base units into the merchant's token account that named no session. */
function unmatched(amount: bigint, over: Partial<UnmatchedTransfer> = {}): UnmatchedTransfer {
  const slot = nextSlot++;
  return {
    txId: `sig${slot}${'x'.repeat(60)}`.slice(0, 88),
    eventIndex: 0,
    blockNumber: slot,
    blockRef: `hash${slot}`,
    blockTime: 1_790_000_000_000 + slot * 1000,
    currency: 'USDT',
    tokenContract: MINT,
    decimals: 6,
    from: 'CustomerWa11et1111111111111111111111111111111',
    to: MERCHANT_ATA,
    amountBase: amount,
    reason: 'no_reference',
    ...over,
  };
}

/** One Solana watcher pass that found `found`, as chain-integration hands it to the recorder. */
function scan(found: UnmatchedTransfer[], livemode = false): ChainScan {
  const head = Math.max(nextSlot, ...found.map((t) => t.blockNumber)) + 40;
  return {
    network: 'solana',
    livemode,
    confirmations: 1,
    chainId: 'genesis',
    head,
    cursor: JSON.stringify({ [MERCHANT_ATA]: found.at(-1)?.txId ?? '' }),
    blocks: [],
    transfers: [],
    unmatched: found,
  };
}

describe('recorded from the scan that found them', () => {
  test('a transfer with no reference is listed once, however often its scan is applied, with one deposit.unmatched event', async () => {
    const t = unmatched(3_250_000n);
    const pass = scan([t]);
    await s.payments.apply(pass);
    await s.payments.apply(pass); // a crash after the commit, before the watcher knew: the pass again
    const list = await get('/v1/deposits');
    expect(list.statusCode, list.body).toBe(200);
    const found = list.json().data.items.filter((d: any) => d.tx_hash === t.txId);
    expect(found).toEqual([
      {
        id: expect.stringMatching(/^dep_/),
        object: 'deposit',
        status: 'unmatched',
        reason: 'no_reference',
        network: 'solana',
        currency: 'USDT',
        token_contract: MINT,
        amount: '3.250000',
        amount_base: '3250000',
        decimals: 6,
        from: t.from,
        to: MERCHANT_ATA,
        tx_hash: t.txId,
        log_index: 0,
        block_number: t.blockNumber,
        block_hash: t.blockRef,
        // Counted against the pass's head (Solana: the finalized slot), as a payment's are.
        confirmations: pass.head - t.blockNumber + 1,
        confirmed: true,
        block_time: new Date(t.blockTime).toISOString(),
        explorer_url: null, // test mode: a devnet is on no public explorer
        livemode: false,
        created_at: expect.any(String),
        // Unresolved: no session, refund, note nor who resolved it.
        session_id: null,
        refund_id: null,
        note: null,
        resolved_at: null,
        resolved_by: null,
      },
    ]);
    const one = await get(`/v1/deposits/${found[0].id}`);
    expect(one.json().data).toEqual(found[0]);
    // The cursor moved in the same transaction.
    expect((await s.chainState.cursor('solana', false))?.position).toBe(pass.cursor);

    const events = (await get('/v1/events?type=deposit.unmatched&limit=100')).json().data.items.filter((e: any) => e.data.object.tx_hash === t.txId);
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(found[0]);
  });

  test('two transfers in one transaction are two deposits; a zero-value transfer (address poisoning) is none', async () => {
    const first = unmatched(1_000_000n);
    const second = { ...first, eventIndex: 1000, amountBase: 2_000_000n };
    const spam = unmatched(0n);
    await s.payments.apply(scan([first, second, spam]));
    const items = (await get('/v1/deposits?limit=100')).json().data.items;
    expect(items.filter((d: any) => d.tx_hash === first.txId).map((d: any) => [d.log_index, d.amount])).toEqual([
      [1000, '2.000000'],
      [0, '1.000000'],
    ]);
    expect(items.some((d: any) => d.tx_hash === spam.txId)).toBe(false);
  });

  test('never counted: balances stay empty and the ledger has no entry', async () => {
    await s.payments.apply(scan([unmatched(50_000_000n)]));
    const balance = (await get('/v1/balance')).json().data;
    for (const a of balance.accounts) {
      expect(Number(a.available.value), a.currency).toBe(0);
      expect(Number(a.pending.value), a.currency).toBe(0);
    }
    expect((await get('/v1/balance/transactions')).json().data.items).toEqual([]);
  });
});

describe('shown to the owner, in the caller\'s mode', () => {
  test('newest first, with cursor pagination, filtered by status and network', async () => {
    const all = (await get('/v1/deposits?limit=100')).json().data.items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const blocks = all.map((d: any) => d.block_number);
    expect(blocks).toEqual([...blocks].sort((a, b) => b - a));
    const page1 = (await get('/v1/deposits?limit=2')).json().data;
    expect(page1.has_more).toBe(true);
    const page2 = (await get(`/v1/deposits?limit=2&starting_after=${page1.items[1].id}`)).json().data;
    expect([...page1.items, ...page2.items].map((d: any) => d.id)).toEqual(all.slice(0, 4).map((d: any) => d.id));
    const back = (await get(`/v1/deposits?limit=2&ending_before=${page2.items[0].id}`)).json().data;
    expect(back.items.map((d: any) => d.id)).toEqual(page1.items.map((d: any) => d.id));

    expect((await get('/v1/deposits?status=unmatched&network=solana&limit=100')).json().data.items).toHaveLength(all.length);
    expect((await get('/v1/deposits?network=ethereum')).json().data.items).toEqual([]);
  });

  test('bad filters are 400 parameter_invalid in the contract\'s shape', async () => {
    for (const [query, param] of [
      ['status=lost', 'status'],
      ['network=dogecoin', 'network'],
      ['limit=0', 'limit'],
    ]) {
      const res = await get(`/v1/deposits?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param });
    }
  });

  test('test and live deposits never mix: each mode lists its own, the other\'s id is 404 resource_missing', async () => {
    const live = unmatched(7_000_000n);
    await s.payments.apply(scan([live], true));
    const liveItems = (await get('/v1/deposits?limit=100', liveKey)).json().data.items;
    expect(liveItems.map((d: any) => [d.tx_hash, d.livemode])).toEqual([[live.txId, true]]);
    // Live mode links the transaction on the public explorer.
    expect(liveItems[0].explorer_url).toBe(`https://solscan.io/tx/${live.txId}`);
    const testItems = (await get('/v1/deposits?limit=100')).json().data.items;
    expect(testItems.some((d: any) => d.tx_hash === live.txId)).toBe(false);

    const missing = await get(`/v1/deposits/${liveItems[0].id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'resource_missing', param: 'id' });
    expect((await get(`/v1/deposits/${testItems[0].id}`, liveKey)).statusCode).toBe(404);
    expect((await get('/v1/deposits/dep_nope')).statusCode).toBe(404);
  });

  test('owner only: a cashier gets 403 role_forbidden', async () => {
    const id = (await get('/v1/deposits')).json().data.items[0].id;
    for (const url of ['/v1/deposits', `/v1/deposits/${id}`]) {
      const res = await get(url, cashier);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('role_forbidden');
    }
  });
});
