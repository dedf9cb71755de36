/**
 * `starting_after` and `ending_before` together are refused (Stripe answers 400 too) on every list
 * route that takes both, found in the served OpenAPI document so that a list added later is covered.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t?.stop();
});

/** GET operations whose query takes both cursors, with made-up path parameters. */
async function listsWithBothCursors(): Promise<string[]> {
  const doc = (await t.api('GET', '/docs/json', { key: null })).body;
  const paths: string[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    const names = new Set((item.get?.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name));
    if (names.has('starting_after') && names.has('ending_before')) paths.push(path.replace(/\{[^}]+\}/g, 'zz_unknown'));
  }
  return paths;
}

test('every list route taking both cursors refuses them together with 400 parameter_invalid', async () => {
  const lists = await listsWithBothCursors();
  // Sessions, balance transactions, refunds, events, webhook endpoints and their deliveries at least.
  expect(lists).toEqual(expect.arrayContaining(['/v1/payment/sessions', '/v1/balance/transactions', '/v1/refunds', '/v1/events', '/v1/webhook_endpoints']));
  expect(lists.length).toBeGreaterThanOrEqual(6);
  for (const path of lists) {
    const error = expectError(await t.api('GET', `${path}?starting_after=x_1&ending_before=x_2`), 400, 'parameter_invalid', null);
    expect(error.message, path).toMatch(/starting_after or ending_before, not both/);
  }
});

test('either cursor alone still pages, and other query errors are reported as before', async () => {
  const a = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) })).body.data.session_id;
  const b = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) })).body.data.session_id;
  const older = await t.api('GET', `/v1/payment/sessions?limit=1&starting_after=${b}`);
  expect(older.status, older.text).toBe(200);
  expect(older.body.data.items.map((s: any) => s.session_id)).toEqual([a]);
  const newer = await t.api('GET', `/v1/payment/sessions?limit=1&ending_before=${a}`);
  expect(newer.body.data.items.map((s: any) => s.session_id)).toEqual([b]);
  expectError(await t.api('GET', `/v1/payment/sessions?limit=0&starting_after=${a}&ending_before=${b}`), 400, 'parameter_invalid', 'limit');
  expectError(await t.api('GET', `/v1/payment/sessions?colour=red&starting_after=${a}&ending_before=${b}`), 400, 'parameter_unknown', 'colour');
});
