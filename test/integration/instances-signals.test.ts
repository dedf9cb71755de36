/**
 * Two instances on one PostgreSQL database (issue 18): what each keeps in memory follows what the
 * other changes, through the store's change signals. Each test opens two stores on one new database
 * (two instances' views of it, each with its own listening connection) and builds the services over
 * them, on the stores' own repositories.
 */
import pg from 'pg';
import { expect, test } from 'vitest';
import { ADDRESS_ISSUED, AddressBook } from '../../src/services/address-book.js';
import { CustomerDisplay, type DisplayState } from '../../src/services/customer-display.js';
import { LiveFeed, SESSION_CHANGED } from '../../src/services/live-feed.js';
import { onEveryInstance } from '../../src/services/on-every-instance.js';
import type { ChangeSignals } from '../../src/services/ports.js';
import { WALLET_SAVED, WalletsNow } from '../../src/services/wallets-now.js';
import type { PgStores } from '../../src/storage/pg-stores.js';
import { addMerchant, sessionOf } from '../helpers/sales-records.js';
import { openTwoPgStores, testPostgres } from '../helpers/stores.js';

let now = 1_800_000_000_000;
const clock = () => now;
const noError = (message: string, err: unknown) => {
  throw new Error(`${message}: ${String(err)}`);
};

/** Settles when `signals` next hears `topic` (subscribed after the services: they have heard it first). */
const heard = (signals: ChangeSignals, topic: string) =>
  new Promise<string>((resolve) => {
    const off = signals.subscribe(topic, (payload) => {
      off();
      resolve(payload);
    });
  });

/** Ends an instance's listening connection, as a network cut would; settles once it listens again. */
async function cutListener(s: PgStores): Promise<void> {
  const back = new Promise<void>((resolve) => s.signals.onResync(resolve));
  const admin = new pg.Client({ connectionString: (await testPostgres()).url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [s.signals.applicationName]);
  } finally {
    await admin.end();
  }
  await back;
}

/** A session of merchant m_1 (stored, for its addresses' foreign key) and one deposit address of it. */
async function issue(s: PgStores, sessionId: string, family: string, livemode: boolean, address: string): Promise<number> {
  if ((await s.sessions.findById(sessionId)) === undefined) await s.sessions.insert(sessionOf({ id: sessionId, livemode }));
  return (await s.addresses.insert([{ sessionId, family, livemode, address, derivationIndex: 0, watchUntil: now + 60_000 }]))[0] as number;
}

const lowerCase = (_family: string, address: string) => address.toLowerCase();
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';

test('an address issued on one instance is watched by the other from its commit on (the leader may be that one)', async () => {
  const [a, b] = await openTwoPgStores();
  await addMerchant(a);
  const atA = new AddressBook(a.addresses, clock, lowerCase, a.signals, noError);
  const atB = new AddressBook(b.addresses, clock, lowerCase, b.signals, noError);
  await Promise.all([atA.load(), atB.load()]);
  expect(atB.any('evm', false)).toBe(false);
  const arrived = heard(b.signals, ADDRESS_ISSUED);
  // As SessionService.create does: a session's addresses stored and announced in one unit of work
  // (one signal for them all), added here after it.
  const rows = await a.tx(async () => {
    const evm = await issue(a, 'ps_1', 'evm', false, ADDRESS);
    const tron = await issue(a, 'ps_1', 'tron', false, OTHER);
    await atA.announce(false, [{ family: 'evm', address: ADDRESS, row: evm }, { family: 'tron', address: OTHER, row: tron }]);
    return { evm, tron };
  });
  atA.add('evm', false, ADDRESS, rows.evm);
  atA.add('tron', false, OTHER, rows.tron);
  await arrived;
  expect(await atB.lookup('tron', false, OTHER)).toBe('ps_1');
  expect(atB.any('evm', false)).toBe(true);
  expect(atB.anyIssued('evm', false)).toBe(true);
  expect(await atB.lookup('evm', false, ADDRESS.toLowerCase())).toBe('ps_1');
  expect(await atB.lookup('evm', true, ADDRESS)).toBeUndefined(); // its own mode only
  now += 60_000;
  expect(await atB.ended('evm', false, ADDRESS)).toBe(true); // and a late deposit there is seen as one
});

test('an address whose signal was missed while the listener was cut is in the book once it listens again', async () => {
  const [a, b] = await openTwoPgStores();
  await addMerchant(a);
  const atB = new AddressBook(b.addresses, clock, lowerCase, b.signals, noError);
  await atB.load();
  // Committed while B heard nothing: stored, never announced.
  await issue(a, 'ps_missed', 'solana', true, OTHER);
  expect(await atB.lookup('solana', true, OTHER)).toBeUndefined();
  await cutListener(b);
  await atB.loaded;
  expect(await atB.lookup('solana', true, OTHER)).toBe('ps_missed');
});

test('a session change published on one instance reaches the other\'s subscribers; here at once', async () => {
  const [a, b] = await openTwoPgStores();
  const feedA = new LiveFeed(a.signals, noError);
  const feedB = new LiveFeed(b.signals, noError);
  const atA: string[] = [];
  const atB: string[] = [];
  feedA.subscribe((id) => atA.push(id), 'ps_1');
  feedB.subscribe((id) => atB.push(id), 'ps_1');
  const everyAtB: string[] = [];
  feedB.subscribe((id) => everyAtB.push(id));
  const arrived = heard(b.signals, SESSION_CHANGED);
  feedA.publish('ps_1');
  expect(atA).toEqual(['ps_1']); // no round trip for this instance's pages
  await arrived;
  expect(atB).toEqual(['ps_1']);
  expect(everyAtB).toEqual(['ps_1']);
  // Its own signal coming back is not a second notice.
  const marker = heard(a.signals, 'marker');
  await a.signals.publish('marker', '');
  await marker;
  expect(atA).toEqual(['ps_1']);
});

test('after a resync every session followed on that instance is told once (it may have changed unheard)', async () => {
  const [, b] = await openTwoPgStores();
  const feed = new LiveFeed(b.signals, noError);
  const told: string[] = [];
  feed.subscribe((id) => told.push(id), 'ps_followed');
  await cutListener(b);
  expect(told).toEqual(['ps_followed']);
});

const nextChange = (display: CustomerDisplay, till: string) =>
  new Promise<DisplayState>((resolve) => {
    const off = display.subscribe((state) => {
      off();
      resolve(state);
    }, true, till);
  });

test('a till on one instance and its display page on another agree; an instance started later shows it too', async () => {
  const [a, b] = await openTwoPgStores();
  const displayOf = (s: PgStores) => new CustomerDisplay({ settings: s.settings, tx: s.tx, signals: s.signals, now: clock, onError: noError });
  const displayA = displayOf(a);
  const displayB = displayOf(b);
  await Promise.all([displayA.load(), displayB.load()]);
  const seenAtB: DisplayState[] = [];
  displayB.subscribe((state) => seenAtB.push(state), true, 'till-1');
  // What B's display page waits on: the change of its till (B read the setting again when the signal came).
  const shownAtB = nextChange(displayB, 'till-1');
  await displayA.show('ps_1', 'key_1', true, 'till-1');
  expect((await shownAtB).sessionId).toBe('ps_1');
  expect(displayB.current(true, 'till-1').sessionId).toBe('ps_1');
  expect(seenAtB.map((s) => s.sessionId)).toEqual(['ps_1']);
  expect(displayB.current(true).sessionId).toBeNull(); // the shared till is another slot
  expect(displayB.current(false, 'till-1').sessionId).toBeNull(); // and test mode's till-1 another

  const later = displayOf(b);
  await later.load();
  expect(later.current(true, 'till-1').sessionId).toBe('ps_1');

  const clearedAtA = nextChange(displayA, 'till-1');
  await displayB.show(null, 'ui', true, 'till-1');
  expect((await clearedAtA).sessionId).toBeNull();
  expect(displayA.current(true, 'till-1').sessionId).toBeNull();
});

test('a live wallet saved on one instance is the one the other\'s watchers read once its signal arrived', async () => {
  const [a, b] = await openTwoPgStores();
  await addMerchant(a);
  const walletsOf = (s: PgStores) => new WalletsNow({ wallets: s.wallets, tx: s.tx, signals: s.signals, now: clock, merchantId: 'm_1', families: ['evm', 'tron'], onError: noError });
  const atA = walletsOf(a);
  const atB = walletsOf(b);
  await Promise.all([atA.load(), atB.load()]);
  expect(atB.get('evm', true)).toBeUndefined();
  const arrived = heard(b.signals, WALLET_SAVED);
  await atA.save('evm', true, 'xpub_new');
  expect(atA.get('evm', true)).toBe('xpub_new');
  await arrived;
  await atB.settled; // B reads the store again when the signal comes
  expect(atB.get('evm', true)).toBe('xpub_new');
  expect(atB.get('evm', false)).toBeUndefined();
});

test('a wake-up made on one instance runs on the other with its payload, and on the first at once', async () => {
  const [a, b] = await openTwoPgStores();
  const ranAtA: string[] = [];
  const ranAtB: string[] = [];
  const wakeA = onEveryInstance(a.signals, 'sessions.deadline', (at) => ranAtA.push(at), noError);
  onEveryInstance(b.signals, 'sessions.deadline', (at) => ranAtB.push(at), noError);
  const arrived = heard(b.signals, 'sessions.deadline');
  wakeA('1800000060000');
  expect(ranAtA).toEqual(['1800000060000']);
  await arrived;
  expect(ranAtB).toEqual(['1800000060000']);
});
