/**
 * The live rehearsal's view of a core (docs/development.md, "The live rehearsal"): everything through
 * the live key, as a live shop's till and back office see it, and the one check every rehearsal
 * scenario ends with: each payment counted once, none missed, none doubled.
 */
import { expect } from 'vitest';
import { getSession, outboxEvents, storeRows, waitFor, waitForSession } from './evm-chain.js';
import type { FaultEndpoint } from './fault-endpoint.js';
import type { ApiResponse, TestCore } from './test-core.js';

/** A core seen through its live key: what `createSession`, `waitForSession` and the like take. */
export interface LiveView {
  merchantId: string;
  dataDir: string;
  api<T = any>(method: string, path: string, options?: { body?: unknown }): Promise<ApiResponse<T>>;
}

export const liveView = (t: TestCore): LiveView => ({
  merchantId: t.merchantId,
  dataDir: t.dataDir,
  api: (method, path, options = {}) => t.api(method, path, { ...options, key: t.liveKey }),
});

/** Creates a live session priced in USD, whose deadline is a day ahead: catch-up mines hundreds of blocks, each a second of chain time. */
export async function createLiveSession(v: LiveView, value: string): Promise<any> {
  const expires_at = new Date(Date.now() + 23 * 3600_000).toISOString();
  const res = await v.api('POST', '/v1/payment/sessions', { body: { merchant_id: v.merchantId, amount: { value, currency: 'USD' }, expires_at } });
  if (res.status !== 200) throw new Error(`create live session: ${res.status} ${res.text}`);
  expect(res.body.data.livemode).toBe(true);
  return res.body.data;
}

/** The live network's entry of `/v1/networks`. */
export async function liveNetwork(v: LiveView, network: string): Promise<any> {
  const items = (await v.api('GET', '/v1/networks')).body.data.items;
  const found = items.find((n: any) => n.network === network);
  if (!found) throw new Error(`no ${network} in live /v1/networks: ${JSON.stringify(items.map((n: any) => n.network))}`);
  return found;
}

/**
 * The last block the live watcher of `network` counts as scanned: its stored cursor, where a restart
 * resumes (`/v1/networks`' `last_block` is the newest block it has seen, not how far it scanned).
 */
export async function scannedTo(v: LiveView, network: string): Promise<number | null> {
  const sql = 'SELECT position FROM chain_cursors WHERE network = $1 AND livemode = $2';
  const rows = await storeRows<{ position: string }>(v.dataDir, { sqlite: sql.replace('$1', '?').replace('$2', '1'), pg: sql.replace('$2', 'true') }, [network]);
  return rows[0] ? Number(rows[0].position) : null;
}

/** Waits until the live watcher of `network` has scanned up to `block`; returns where it is. */
export async function waitForScanned(v: LiveView, network: string, block: number, timeoutMs: number, intervalMs = 100): Promise<number> {
  const at = await waitFor(async () => {
    const position = await scannedTo(v, network);
    return position !== null && position >= block ? { position } : false;
  }, timeoutMs, `the live ${network} watcher to scan block ${block}`, intervalMs);
  return (at as { position: number }).position;
}

/**
 * Waits until the session has SUCCEEDED, then checks it was counted once: one payment that is not
 * orphaned, with the transfer's id (and block, when given), the amount received equal to the price,
 * one `payment_detected` event for it in the outbox and one `succeeded`, and one ledger entry.
 */
export async function expectPaidOnce(v: LiveView, sessionId: string, txId: string, timeoutMs: number, block?: number): Promise<any> {
  const done = await waitForSession(v, sessionId, (x) => x.status === 'SUCCEEDED', timeoutMs, 'the live payment to be counted');
  const counted = done.payments.filter((p: any) => p.status !== 'orphaned');
  expect(counted, `payments of ${sessionId}`).toHaveLength(1);
  expect(counted[0].tx_hash.toLowerCase()).toBe(txId.toLowerCase());
  if (block !== undefined) expect(counted[0].block_number).toBe(block);
  expect(done.exception).toBeNull();
  expect(done.amount_received.value).toBe(done.amount.value);
  const types = (await outboxEvents(v.dataDir, sessionId)).map((e) => e.type);
  const detected = types.filter((type) => type === 'payment_session.payment_detected').length;
  const orphaned = types.filter((type) => type === 'payment_session.payment_orphaned').length;
  // A transfer a reorganisation moved to another block is detected again there, after its orphaning.
  expect(detected - orphaned, `payment events of ${sessionId}: ${types.join(', ')}`).toBe(1);
  expect(types.filter((type) => type === 'payment_session.succeeded')).toHaveLength(1);
  const entries = (await v.api('GET', `/v1/balance/transactions?source=${sessionId}`)).body.data.items;
  expect(entries.filter((e: any) => e.type === 'payment'), `ledger entries of ${sessionId}`).toHaveLength(1);
  return done;
}

/** A session nobody paid (or whose payment a reorganisation dropped): still PENDING, nothing counted. */
export async function expectUnpaid(v: LiveView, sessionId: string): Promise<void> {
  const s = await getSession(v, sessionId);
  expect(s.status).toBe('PENDING');
  expect(s.payments.filter((p: any) => p.status !== 'orphaned')).toEqual([]);
  expect(s.amount_received.value).toMatch(/^0\.0+$/);
}

/**
 * Waits until the endpoint has been asked for `calls` more eth_getLogs from now: how far a catch-up has
 * gone, whatever the watcher stores as it goes (a pool may split one chunk of the watcher into many calls).
 */
export async function logCallsMade(fault: Pick<FaultEndpoint, 'counts'>, calls: number, timeoutMs: number): Promise<void> {
  const made = () => fault.counts().byMethod.eth_getLogs ?? 0;
  const target = made() + calls;
  await waitFor(() => made() >= target, timeoutMs, `${calls} more eth_getLogs calls at the endpoint`, 10);
}
