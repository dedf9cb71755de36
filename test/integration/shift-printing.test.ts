/**
 * A shift's report printed on the shop's network printer (`POST /v1/shifts/{id}/print`, docs/shifts.md
 * "Printing the report"), on both stores: the capture printer receives the job once and it decodes to
 * the report's figures (open: the figures so far; closed); a printer that is off or stalled is 503
 * `printer_unavailable` within its timeouts; no printer is 409 `invalid_state`; a cashier prints their
 * own shift, not another's (403), and the owner any.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeEscPos } from '../helpers/escpos-decoder.js';
import { FakePrinters, refusedPort, setShopPrinter } from '../helpers/printer-server.js';
import { addStaff, expectError, shapeA, signInAs, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let cas: string;
let ben: string;
let owner: string;
let shopName: string;
const printers = new FakePrinters();

beforeAll(async () => {
  t = await startTestCore({ printing: { connectTimeoutMs: 1000, writeTimeoutMs: 1500 } });
  shopName = (await t.api('GET', '/v1/merchant')).body.data.name;
  await addStaff(t, [
    { name: 'Olga', role: 'owner', pin: '2580' },
    { name: 'Cas Ñúñez', role: 'cashier', pin: '1357' },
    { name: 'Ben', role: 'cashier', pin: '2468' },
  ]);
  cas = (await signInAs(t, 'Cas Ñúñez', '1357')).token;
  ben = (await signInAs(t, 'Ben', '2468')).token;
  owner = (await signInAs(t, 'Olga', '2580')).token;
});
afterAll(async () => {
  await t?.stop();
  await printers.closeAll();
});

const setPrinter = (url: string | null) => setShopPrinter(t, url, false);
const print = (id: string, key?: string) => t.api('POST', `/v1/shifts/${id}/print`, { ...(key !== undefined && { key }) });

/** A shift on `till` opened by Cas, with one sale of 12.50 USD charged and not paid. */
async function shiftWithASale(till: string): Promise<string> {
  const shift = (await t.api('POST', '/v1/shifts', { key: cas, body: { till } })).body.data;
  const sale = await t.api('POST', '/v1/payment/sessions', { key: cas, body: shapeA(t.merchantId, '12.50', 'USD', { till }) });
  expect(sale.body.data.shift_id).toBe(shift.id);
  return shift.id as string;
}

test('the report prints once on the capture printer, open (the figures so far) and closed; decoded, its figures are there', async () => {
  const p = await printers.start('capture');
  await setPrinter(p.url);
  const id = await shiftWithASale('till-print');

  const res = await print(id, cas);
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({ object: 'shift_report_print', shift_id: id, livemode: false, status: 'printed' });
  expect(Date.parse(res.body.data.printed_at)).toBeGreaterThan(0);
  const [job] = await p.waitForJobs(1);
  expect(p.jobs).toHaveLength(1);
  const open = decodeEscPos(job as Buffer);
  const text = open.lines.join('\n');
  expect(open.lines[0]).toBe(shopName);
  expect(text).toContain('SHIFT REPORT - till till-print');
  expect(text).toContain('SHIFT OPEN: the figures so far');
  expect(text).toContain('TEST MODE - NO REAL MONEY');
  expect(text).toContain('  by Cas Ñúñez'); // the staff member's name, accents in Windows-1252
  expect(text).toMatch(/Closed +still open/);
  expect(text).toMatch(/SALES: 1\n {2}Waiting for payment +1/);
  expect(text).toMatch(/Charged USD +12\.50\nArrived USD +0\.00\nDifference USD +-12\.50/);
  expect(text).toContain('NOT CLOSED: the figures can still change');
  expect(open.items.at(-1)).toMatchObject({ type: 'cut', partial: true });

  expect((await t.api('POST', `/v1/shifts/${id}/close`, { key: cas })).status).toBe(200);
  expect((await print(id, cas)).status).toBe(200);
  const closed = decodeEscPos((await p.waitForJobs(2))[1] as Buffer).lines.join('\n');
  expect(closed).toMatch(/CLOSED AND RECONCILED/);
  expect(closed).toMatch(/Closed +\d{4}-\d\d-\d\d \d\d:\d\d\n {2}by Cas Ñúñez/);
  expect(closed).toMatch(/Charged USD +12\.50/);
  expect(closed).toContain('No sale underpaid, overpaid or paid late;');
  expect(p.jobs).toHaveLength(2);
  await setPrinter(null);
});

test('a cashier prints only their own shift (403 for another\'s), the owner and an API key any; another mode or none is 404', async () => {
  const p = await printers.start('capture');
  await setPrinter(p.url);
  const id = await shiftWithASale('till-rights');
  expectError(await print(id, ben), 403, 'role_forbidden');
  expect(p.connections()).toBe(0);
  expect((await print(id, owner)).status).toBe(200);
  expect((await print(id)).status).toBe(200);
  expectError(await print(id, t.liveKey), 404, 'resource_missing', 'id');
  expectError(await print('shift_nope', cas), 404, 'resource_missing', 'id');
  expect(await p.waitForJobs(2)).toHaveLength(2);
  await setPrinter(null);
});

test('no printer set up: 409 invalid_state', async () => {
  const id = await shiftWithASale('till-noprinter');
  const err = expectError(await print(id, cas), 409, 'invalid_state');
  expect(err.message).toMatch(/No receipt printer is set up/);
});

test('a printer that is off: 503 printer_unavailable at once; one that stalls: 503 within its timeout', async () => {
  const id = await shiftWithASale('till-dead');
  await setPrinter(`tcp://127.0.0.1:${await refusedPort()}`);
  let started = Date.now();
  const off = expectError(await print(id, cas), 503, 'printer_unavailable');
  expect(off.message).toMatch(/^Not printed\. The printer at 127\.0\.0\.1:\d+ refused the connection/);
  expect(Date.now() - started).toBeLessThan(1500);

  const stalled = await printers.start('stalled');
  await setPrinter(stalled.url);
  started = Date.now();
  const stuck = expectError(await print(id, cas), 503, 'printer_unavailable');
  expect(stuck.message).toMatch(/did not take the report within 1\.5 s/);
  expect(Date.now() - started).toBeLessThan(4000);
  expect(stalled.connections()).toBe(1);
  await setPrinter(null);
});
