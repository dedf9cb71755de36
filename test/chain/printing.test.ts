/**
 * Receipts printed when a sale is paid on the test-mode Ethereum devnet (docs/api.md, "Printing"),
 * on local stand-ins for a network printer (test/helpers/printer-server.ts): one that captures the
 * bytes, one that accepts and never reads (out of paper), and a port nothing listens on (off). What
 * prints is the core's own receipt (src/receipt/escpos-receipt.ts), read back with the ESC/POS decoder.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { createSession, evmDevnetOf, option, uriAmount, waitForSession } from '../helpers/evm-chain.js';
import { FakePrinters, refusedPort, setShopPrinter } from '../helpers/printer-server.js';
import { decodeEscPos } from '../helpers/escpos-decoder.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let eth: Devnet;
const printers = new FakePrinters();

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', tron: 'off', bsc: 'off' } },
    devnetBlockTimeSeconds: 0.2,
    confirmations: { ethereum: 1 },
    printing: { connectTimeoutMs: 1000, writeTimeoutMs: 1500 },
  });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await printers.closeAll();
});

const setPrinter = (url: string | null, printOnPaid = true) => setShopPrinter(t, url, printOnPaid);

/** A new session paid in full on Ethereum, once SUCCEEDED. */
async function paidSale(value: string): Promise<any> {
  const s = await createSession(t, value);
  const o = option(s, 'ethereum', 'USDT');
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: o.address, amountBaseUnits: uriAmount(o.uri) });
  return await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 20_000);
}

const printStatus = async (id: string) => (await t.api('GET', `/v1/payment/sessions/${id}/print`)).body.data;

async function waitForPrintStatus(id: string, status: string, timeoutMs = 10_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await printStatus(id);
    if (s.status === status) return s;
    if (Date.now() > until) throw new Error(`print status of ${id}: expected ${status}, got ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a paid sale prints its receipt once, by itself; the Print button prints it again', async () => {
  const p = await printers.start('capture');
  await setPrinter(p.url);
  const sale = await paidSale('3.20');
  const [job] = await p.waitForJobs(1);
  // The sale's own receipt: its total, the coin and network it was paid with, its session, the QR of its page; then the cut.
  const printed = decodeEscPos(job!);
  expect(printed.items[0]).toEqual({ type: 'init' });
  expect(printed.items.at(-1)).toMatchObject({ type: 'cut', partial: true });
  expect(printed.lines.join('\n')).toMatch(/TOTAL\s+3\.20 USD/);
  expect(printed.lines.join('\n')).toMatch(/Ethereum\s+3\.20 USDT/);
  expect(printed.lines.join('\n')).toContain(sale.session_id);
  expect(printed.items).toContainEqual(expect.objectContaining({ type: 'qr', data: expect.stringMatching(new RegExp(`/pay/${sale.session_id}/receipt$`)) }));
  expect(await waitForPrintStatus(sale.session_id, 'printed')).toMatchObject({ trigger: 'paid', error: null, printer_set_up: true, print_on_paid: true });
  // Once: the poll (every 2 s) and later notices of the session find its record and print nothing more.
  await new Promise((r) => setTimeout(r, 2500));
  expect(p.jobs).toHaveLength(1);
  expect(p.connections()).toBe(1);

  const again = await t.api('POST', `/v1/payment/sessions/${sale.session_id}/print`);
  expect(again.status).toBe(200);
  expect(again.body.data).toMatchObject({ object: 'receipt_print', session_id: sale.session_id, status: 'printed', trigger: 'request', error: null });
  expect(p.jobs).toHaveLength(2);
  expect(p.jobs[1]).toEqual(p.jobs[0]);
}, 60_000);

test('a printer that takes the connection but never reads fails the print within seconds, never the sale; Retry prints once it is back', async () => {
  const stalled = await printers.start('stalled');
  await setPrinter(stalled.url);
  const sale = await paidSale('4.10');
  // The sale is SUCCEEDED whatever the printer does; the print is recorded as not printed, and why.
  const failed = await waitForPrintStatus(sale.session_id, 'failed');
  expect(failed).toMatchObject({ trigger: 'paid' });
  expect(failed.error).toMatch(/did not take the receipt within 1\.5 s/);
  expect(stalled.connections()).toBe(1);
  expect((await t.api('GET', `/v1/payment/sessions/${sale.session_id}`)).body.data.status).toBe('SUCCEEDED');

  const started = Date.now();
  const retry = expectError(await t.api('POST', `/v1/payment/sessions/${sale.session_id}/print`), 503, 'printer_unavailable');
  expect(Date.now() - started).toBeLessThan(5000);
  expect(retry.message).toMatch(/^Not printed\. The printer at 127\.0\.0\.1:\d+ did not take the receipt/);
  expect((await printStatus(sale.session_id))).toMatchObject({ status: 'failed', trigger: 'request' });

  const p = await printers.start('capture');
  await setPrinter(p.url);
  expect((await t.api('POST', `/v1/payment/sessions/${sale.session_id}/print`)).body.data).toMatchObject({ status: 'printed', trigger: 'request', error: null });
  expect(p.jobs).toHaveLength(1);
}, 60_000);

test('a printer that is off (connection refused): 503 printer_unavailable at once, and recorded; a sale paid while printing on paid was off is not printed once it is on', async () => {
  const p = await printers.start('capture');
  await setPrinter(p.url, false);
  const sale = await paidSale('1.75');
  // print_on_paid off: nothing prints by itself.
  await new Promise((r) => setTimeout(r, 2500));
  expect(p.jobs).toHaveLength(0);
  expect(await printStatus(sale.session_id)).toMatchObject({ status: 'none', printer_set_up: true, print_on_paid: false });

  await setPrinter(`tcp://127.0.0.1:${await refusedPort()}`, false);
  const started = Date.now();
  const off = expectError(await t.api('POST', `/v1/payment/sessions/${sale.session_id}/print`), 503, 'printer_unavailable');
  expect(Date.now() - started).toBeLessThan(2000);
  expect(off.message).toMatch(/refused the connection/);
  expect(await printStatus(sale.session_id)).toMatchObject({ status: 'failed', trigger: 'request', error: expect.stringMatching(/refused/) });

  // Printing on paid turned on later: the sale paid while it was off does not come out by itself.
  await setPrinter(p.url, true);
  await new Promise((r) => setTimeout(r, 2500));
  expect(p.jobs).toHaveLength(0);
  expect(await printStatus(sale.session_id)).toMatchObject({ status: 'failed', trigger: 'request' });

  await setPrinter(null);
  expectError(await t.api('POST', `/v1/payment/sessions/${sale.session_id}/print`), 409, 'invalid_state');
}, 60_000);
