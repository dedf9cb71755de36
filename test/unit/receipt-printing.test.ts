/**
 * The printing service's rules over in-memory settings (services/printer/receipt-printing.ts): what
 * may be printed, what each outcome records, and a print cut short (the instance stopped) shown as
 * failed once no print can still be under way.
 */
import { expect, test } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import type { Caller } from '../../src/domain/merchant.js';
import { PrinterUnavailableError } from '../../src/services/printer/network-printer.js';
import { PrintRecords } from '../../src/services/printer/print-records.js';
import { PrinterSettings } from '../../src/services/printer/printer-settings.js';
import { ReceiptPrinting } from '../../src/services/printer/receipt-printing.js';
import type { SessionView } from '../../src/services/session-view.js';

const caller: Caller = { merchantId: 'mch_1', livemode: false, via: 'ui', role: 'cashier' };

function setUp(status: string, printer: (bytes: Uint8Array) => Promise<void> = async () => undefined, receipt: () => Promise<Uint8Array> = async () => new Uint8Array([0x1b, 0x40])) {
  const values = new Map<string, unknown>();
  const store = { get: async (k: string) => values.get(k), put: async (k: string, v: unknown) => void values.set(k, v) };
  let now = 1_000_000;
  const errors: unknown[] = [];
  const settings = new PrinterSettings({ store, now: () => now });
  const records = new PrintRecords(store);
  const printing = new ReceiptPrinting({
    settings,
    records,
    printer: { print: async (_address, bytes) => await printer(bytes) },
    receiptBytes: receipt,
    session: async (_c, id) => ({ session: { id, livemode: false, status } }) as unknown as SessionView,
    now: () => now,
    printTakesAtMostMs: 20_000,
    onError: (_m, err) => errors.push(err),
  });
  return { settings, records, printing, errors, advance: (ms: number) => (now += ms) };
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err instanceof ApiError ? `${err.status} ${err.code}` : `not an ApiError: ${String(err)}`;
  }
  return 'no error';
};

test('only a paid sale prints, and only with a printer set up', async () => {
  const pending = setUp('PROCESSING');
  await pending.settings.set({ url: 'tcp://10.0.0.9', printOnPaid: false });
  expect(await code(pending.printing.printNow(caller, 'ps_1'))).toBe('409 invalid_state');
  const paid = setUp('SUCCEEDED');
  expect(await code(paid.printing.printNow(caller, 'ps_1'))).toBe('409 invalid_state');
  await paid.settings.set({ url: 'tcp://10.0.0.9', printOnPaid: false });
  const done = await paid.printing.printNow(caller, 'ps_1');
  expect(done.record).toEqual({ status: 'printed', trigger: 'request', at: 1_000_000, error: null });
  expect(done.printer).toEqual({ url: 'tcp://10.0.0.9:9100', printOnPaid: false });
});

test('a printer that fails: 503 printer_unavailable and a failed record with why; a receipt that cannot be made: its own error, recorded', async () => {
  const off = setUp('SUCCEEDED', () => Promise.reject(new PrinterUnavailableError('The printer at 10.0.0.9:9100 refused the connection.')));
  await off.settings.set({ url: 'tcp://10.0.0.9', printOnPaid: true });
  expect(await code(off.printing.printNow(caller, 'ps_1'))).toBe('503 printer_unavailable');
  expect(await off.records.get('ps_1')).toMatchObject({ status: 'failed', trigger: 'request', error: 'The printer at 10.0.0.9:9100 refused the connection.' });

  const broken = setUp('SUCCEEDED', undefined, () => Promise.reject(new Error('no such receipt')));
  await broken.settings.set({ url: 'tcp://10.0.0.9', printOnPaid: true });
  expect(await code(broken.printing.printNow(caller, 'ps_1'))).toBe('not an ApiError: Error: no such receipt');
  expect(await broken.records.get('ps_1')).toMatchObject({ status: 'failed', error: 'The receipt could not be made for printing.' });
  // The automatic print never rejects: it records, and reports what is not the printer's doing.
  await broken.printing.printPaid('ps_2', false);
  expect(await broken.records.get('ps_2')).toMatchObject({ status: 'failed', trigger: 'paid' });
  expect(broken.errors).toHaveLength(1);
});

test('a print cut short (still "printing" after any print could take) is shown as failed, so the till offers Retry', async () => {
  const s = setUp('SUCCEEDED');
  await s.records.put('ps_1', { status: 'printing', trigger: 'paid', at: 1_000_000, error: null });
  expect((await s.printing.status(caller, 'ps_1')).record?.status).toBe('printing');
  s.advance(20_001);
  expect((await s.printing.status(caller, 'ps_1')).record).toMatchObject({ status: 'failed', error: expect.stringMatching(/cut short/) });
  // Turned off meanwhile: the automatic print records why it did not print.
  await s.printing.printPaid('ps_3', false);
  expect(await s.records.get('ps_3')).toMatchObject({ status: 'failed', error: 'Printing was turned off before the receipt was sent.' });
});
