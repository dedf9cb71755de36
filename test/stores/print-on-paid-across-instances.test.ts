/**
 * Two instances on one PostgreSQL database, each with the automatic receipt printing (issue 30):
 * every paid sale's receipt reaches the shop's printer once. Run with the timers' lease, only the
 * leader prints, and after a hand-over the new leader prints what was paid since, nothing again; and
 * even two instances both running it at once (a hand-over's overlap, without the fence) print each
 * receipt once, since a sale is claimed in a unit of work that finds the other's record.
 */
import { afterAll, expect, test } from 'vitest';
import type { StoredEvent } from '../../src/domain/records.js';
import { Leadership, TIMERS_ROLE } from '../../src/services/leadership.js';
import { onEveryInstance } from '../../src/services/on-every-instance.js';
import { NetworkPrinter } from '../../src/services/printer/network-printer.js';
import { PRINT_CURSOR, PrintOnPaid } from '../../src/services/printer/print-on-paid.js';
import { PrintRecords } from '../../src/services/printer/print-records.js';
import { PrinterSettings } from '../../src/services/printer/printer-settings.js';
import { ReceiptPrinting } from '../../src/services/printer/receipt-printing.js';
import type { PgStores } from '../../src/storage/pg-stores.js';
import { escposJob, type FakePrinter, FakePrinters, jobText } from '../helpers/printer-server.js';
import { openTwoPgStores } from '../helpers/stores.js';
import { eventually } from '../helpers/webhook-receiver.js';

const stops: (() => Promise<void>)[] = [];
const printers = new FakePrinters();
afterAll(async () => {
  for (const stop of stops) await stop();
  await printers.closeAll();
});

const errors: unknown[] = [];
function printingOn(store: PgStores, fence: () => Promise<void>, settings = new PrinterSettings({ store: store.settings, now: Date.now })): PrintOnPaid {
  const records = new PrintRecords(store.settings);
  const printing = new ReceiptPrinting({
    settings,
    records,
    printer: new NetworkPrinter({ connectTimeoutMs: 1000, writeTimeoutMs: 1000 }),
    receiptBytes: async (id) => escposJob(id),
    session: () => Promise.reject(new Error('not used here')),
    now: Date.now,
    printTakesAtMostMs: 10_000,
    onError: (_m, err) => errors.push(err),
  });
  return new PrintOnPaid({
    events: store.events,
    cursors: store.webhooks,
    tx: store.tx,
    fence,
    settings,
    records,
    print: (id, livemode) => printing.printPaid(id, livemode),
    subscribe: () => () => undefined, // no live feed here: the poll finds the sales
    now: Date.now,
    onError: (_m, err) => errors.push(err),
    pollMs: 50,
  });
}

let seq = 0;
const paid = (n: number): StoredEvent => ({
  id: `evt_${++seq}`,
  merchantId: 'mch_a',
  livemode: false,
  type: 'payment_session.succeeded',
  objectId: `ps_${n}`,
  payload: '{}',
  createdAt: 1_000 + seq,
});
const other = (n: number): StoredEvent => ({ ...paid(n), type: 'payment_session.created' });

async function write(store: PgStores, events: StoredEvent[]): Promise<void> {
  for (const e of events) await store.tx(async () => await store.events.insert(e));
}

const printed = (p: FakePrinter) => p.jobs.map((j) => jobText(j).trim()).sort();
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `ps_${from + i}`).sort();

test('with the timers\' lease: the leader prints each paid sale once; after a hand-over the new leader prints only what is new', async () => {
  const [a, b] = await openTwoPgStores();
  const p = await printers.start('capture');
  await new PrinterSettings({ store: a.settings, now: Date.now }).set({ url: p.url, printOnPaid: true });
  const lead = (store: PgStores, holder: string) => {
    const leadership = new Leadership({ leases: store.leases, holder, ttlMs: 1000, renewMs: 100, clock: Date.now, onError: (_m, err) => errors.push(err) });
    leadership.add(TIMERS_ROLE, printingOn(store, leadership.fence(TIMERS_ROLE)));
    stops.push(() => leadership.stop());
    return leadership;
  };
  const onA = lead(a, 'a');
  const onB = lead(b, 'b');
  await onA.start();
  await onB.start();
  expect([onA.leads(TIMERS_ROLE), onB.leads(TIMERS_ROLE)].filter(Boolean)).toHaveLength(1);
  await eventually(async () => (await a.webhooks.cursor(PRINT_CURSOR)) !== undefined);

  await write(a, [paid(1), other(2), paid(2), paid(3)]);
  await write(b, [paid(4), paid(5)]);
  await eventually(() => p.jobs.length === 5);
  await new Promise((r) => setTimeout(r, 300)); // more passes: nothing more
  expect(printed(p)).toEqual(ids(1, 5));

  // The leader stops (a restart, a deploy): the other takes over and prints only the new sales.
  const [leader, standby] = onA.leads(TIMERS_ROLE) ? [onA, onB] : [onB, onA];
  await leader.stop();
  await eventually(() => standby.leads(TIMERS_ROLE));
  await write(a, [paid(6), paid(7)]);
  await eventually(() => p.jobs.length === 7);
  await new Promise((r) => setTimeout(r, 300));
  expect(printed(p)).toEqual(ids(1, 7));
  expect(errors).toEqual([]);
}, 30_000);

test('two instances both printing at once (no fence): each receipt still printed once', async () => {
  const [a, b] = await openTwoPgStores();
  const p = await printers.start('capture');
  await new PrinterSettings({ store: b.settings, now: Date.now }).set({ url: p.url, printOnPaid: true });
  const workers = [printingOn(a, async () => undefined), printingOn(b, async () => undefined)];
  for (const w of workers) {
    w.start();
    stops.push(() => w.stop());
  }
  await eventually(async () => (await a.webhooks.cursor(PRINT_CURSOR)) !== undefined);
  const events = Array.from({ length: 30 }, (_, i) => paid(100 + i));
  await Promise.all([write(a, events.slice(0, 15)), write(b, events.slice(15))]);
  await eventually(() => p.jobs.length === 30);
  await new Promise((r) => setTimeout(r, 300));
  expect(printed(p)).toEqual(ids(100, 129));
  expect(errors).toEqual([]);
}, 30_000);

test('printing on paid turned on through an instance that does not lead: the leader hears it, prints from then on, and nothing paid before', async () => {
  const [a, b] = await openTwoPgStores();
  const p = await printers.start('capture');
  /** An instance as core-services wires it: the setting's change signal, and turning it on moves the cursor. */
  const instance = (store: PgStores, holder: string) => {
    const ref: { worker?: PrintOnPaid } = {};
    const changed = onEveryInstance(store.signals, 'printer.changed', () => ref.worker?.settingChanged(), (_m, err) => errors.push(err));
    const settings: PrinterSettings = new PrinterSettings({
      store: store.settings,
      now: Date.now,
      tx: store.tx,
      printOnPaidTurnedOn: async () => await ref.worker?.startFromNow(),
      onChanged: () => changed(''),
    });
    const leadership = new Leadership({ leases: store.leases, holder, ttlMs: 1000, renewMs: 100, clock: Date.now, onError: (_m, err) => errors.push(err) });
    ref.worker = printingOn(store, leadership.fence(TIMERS_ROLE), settings);
    leadership.add(TIMERS_ROLE, ref.worker);
    stops.push(() => leadership.stop());
    return { settings, leadership };
  };
  const onA = instance(a, 'a');
  await onA.leadership.start();
  const onB = instance(b, 'b');
  await onB.leadership.start();
  expect(onA.leadership.leads(TIMERS_ROLE)).toBe(true);

  await write(a, [paid(201), paid(202)]); // paid while printing is off
  await new Promise((r) => setTimeout(r, 300));
  await onB.settings.set({ url: p.url, printOnPaid: true });
  await write(b, [paid(203)]);
  await eventually(() => p.jobs.length === 1);
  await new Promise((r) => setTimeout(r, 300));
  expect(printed(p)).toEqual(['ps_203']);

  // Off again, through the other instance: the leader stops printing (its timer too).
  await onA.settings.set({ url: p.url, printOnPaid: false });
  await new Promise((r) => setTimeout(r, 200));
  await write(a, [paid(204)]);
  await new Promise((r) => setTimeout(r, 500));
  expect(printed(p)).toEqual(['ps_203']);
  expect(errors).toEqual([]);
}, 30_000);
