/**
 * One leader per role across instances on one PostgreSQL database (services/leadership.ts): two
 * `Leadership`s over two stores opened on the same database, as two `stablepos serve` would be. The
 * lease clock is a manual one, so expiry and take-over are decided by the test, not by timing: the
 * renewals themselves run on real (short) timers.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { LeadershipLostError } from '../../src/domain/leadership.js';
import { Leadership, type LeaderWork, TIMERS_ROLE, watcherRole } from '../../src/services/leadership.js';
import type { LeaseStore } from '../../src/services/ports.js';
import { openPgStores, type PgStores } from '../../src/storage/pg-stores.js';
import { newPgDatabase, testCipher } from '../helpers/stores.js';

const TTL = 3000;
const RENEW_MS = 25;
const ROLES = [TIMERS_ROLE, watcherRole('ethereum', false), watcherRole('tron', true)];

const opened: PgStores[] = [];
const leaderships: Leadership[] = [];
afterEach(async () => {
  for (const l of leaderships.splice(0)) l.abandon();
  for (const s of opened.splice(0)) await s.close();
});

/** A role's work that counts how it is started and stopped; `stop` can be held open (a pass under way). */
class FakeWork implements LeaderWork {
  running = false;
  starts = 0;
  private hold: Promise<void> | undefined;
  private release: (() => void) | undefined;
  start(): void {
    this.running = true;
    this.starts++;
  }
  async stop(): Promise<void> {
    await this.hold;
    this.running = false;
  }
  /** The next stop waits until `let go` is called, as a watcher's stop waits for its pass. */
  holdStop(): () => void {
    this.hold = new Promise((resolve) => (this.release = resolve));
    return () => this.release?.();
  }
}

/** Counts a store's lease calls, so a test can wait for renewals rather than for time. */
function counted(leases: LeaseStore) {
  const calls = { acquire: 0 };
  const store: LeaseStore = {
    acquire: async (...args) => {
      const token = await leases.acquire(...args);
      calls.acquire++;
      return token;
    },
    release: (...args) => leases.release(...args),
    current: (...args) => leases.current(...args),
    isHeld: (...args) => leases.isHeld(...args),
  };
  return { store, calls };
}

async function until(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error(`never happened: ${what}`);
}

async function instance(url: string, name: string, clock: { now: number }) {
  const stores = await openPgStores({ url }, testCipher());
  opened.push(stores);
  const { store, calls } = counted(stores.leases);
  const changes: string[] = [];
  const leadership = new Leadership({
    leases: store,
    holder: name,
    ttlMs: TTL,
    renewMs: RENEW_MS,
    clock: () => clock.now,
    onError: (message, err) => changes.push(`error ${message}: ${String(err)}`),
    onChange: (role, leading) => changes.push(`${leading ? 'leads' : 'left'} ${role}`),
  });
  leaderships.push(leadership);
  const work = new Map(ROLES.map((role) => [role, new FakeWork()]));
  for (const [role, w] of work) leadership.add(role, w);
  /** Waits until this instance has asked for its leases `n` more times (every role once, at least). */
  const renewals = async (n = ROLES.length * 2) => {
    const target = calls.acquire + n;
    await until(`${name} renewed`, () => calls.acquire >= target);
  };
  return { stores, leadership, work, renewals, changes };
}

describe('two instances on one database', () => {
  test('exactly one leads each role, and only the leader runs its work', async () => {
    const url = await newPgDatabase();
    const clock = { now: 1_000_000 };
    const a = await instance(url, 'a', clock);
    const b = await instance(url, 'b', clock);
    await Promise.all([a.leadership.start(), b.leadership.start()]);
    await Promise.all([a.renewals(), b.renewals()]);
    for (const role of ROLES) {
      expect([a.leadership.leads(role), b.leadership.leads(role)].filter(Boolean), role).toHaveLength(1);
      expect(a.work.get(role)?.running).toBe(a.leadership.leads(role));
      expect(b.work.get(role)?.running).toBe(b.leadership.leads(role));
      const holder = a.leadership.leads(role) ? 'a' : 'b';
      for (const x of [a, b]) expect((await x.leadership.status()).find((s) => s.role === role)?.holder).toBe(holder);
    }
    expect([...a.changes, ...b.changes].filter((c) => c.startsWith('error'))).toEqual([]);
  });

  test('the leader dies without a word (SIGKILL): the other takes over at its first renewal after the lease expired, not before', async () => {
    const url = await newPgDatabase();
    const clock = { now: 1_000_000 };
    const a = await instance(url, 'a', clock);
    await a.leadership.start();
    const b = await instance(url, 'b', clock);
    await b.leadership.start();
    for (const role of ROLES) expect(a.leadership.leads(role)).toBe(true);

    a.leadership.abandon(); // timers dropped, nothing released: as SIGKILL leaves it
    clock.now += TTL - 1; // a's last renewal was at most at the old time: its leases still hold
    await b.renewals();
    for (const role of ROLES) expect(b.leadership.leads(role), role).toBe(false);

    clock.now += 1; // now they have expired
    await b.renewals(ROLES.length); // one renewal interval: every role asked for once
    for (const role of ROLES) {
      expect(b.leadership.leads(role), role).toBe(true);
      expect(b.work.get(role)?.running).toBe(true);
    }
  });

  test('a paused leader that wakes after the take-over is refused by the fence, and its unit writes nothing', async () => {
    const url = await newPgDatabase();
    const clock = { now: 1_000_000 };
    const a = await instance(url, 'a', clock);
    await a.leadership.start();
    const role = watcherRole('ethereum', false);
    const fence = a.leadership.fence(role);
    // While it leads, a's unit passes the fence and commits.
    await a.stores.tx(async () => {
      await fence();
      await a.stores.settings.put('cursor', 10, clock.now);
    });

    a.leadership.abandon(); // paused: no renewal, but its work still "runs"
    const b = await instance(url, 'b', clock);
    clock.now += TTL;
    await b.leadership.start();
    expect(b.leadership.leads(role)).toBe(true);

    // a wakes up and writes a pass with its old term: refused inside the unit, rolled back.
    await expect(
      a.stores.tx(async () => {
        await fence();
        await a.stores.settings.put('cursor', 11, clock.now);
      }),
    ).rejects.toBeInstanceOf(LeadershipLostError);
    expect(await b.stores.settings.get('cursor')).toBe(10);
  });

  test('a take-over waits for a unit of the old term that passed the fence: it commits first, never interleaved', async () => {
    const url = await newPgDatabase();
    const clock = { now: 1_000_000 };
    const a = await instance(url, 'a', clock);
    await a.leadership.start();
    const b = await instance(url, 'b', clock);
    const role = watcherRole('ethereum', false);
    a.leadership.abandon();
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let finish: () => void = () => undefined;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    // a's pass passed the fence just before its lease expired, and is still writing.
    const pass = a.stores.tx(async () => {
      await a.leadership.fence(role)();
      await a.stores.settings.put('cursor', 20, clock.now);
      wrote();
      await finishing;
    });
    await written;
    clock.now += TTL;
    const takeOver = b.stores.leases.acquire(role, 'b', TTL, clock.now);
    let took = false;
    void takeOver.then(() => (took = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(took).toBe(false); // the lease row is locked by a's unit
    finish();
    await pass;
    expect(await takeOver).toBeDefined();
    // b's watcher, started after the take-over, reads the cursor a's last pass committed.
    expect(await b.stores.settings.get('cursor')).toBe(20);
  });

  test('a graceful stop hands over at once: the other leads at its next renewal, without waiting for the expiry', async () => {
    const url = await newPgDatabase();
    const clock = { now: 1_000_000 };
    const a = await instance(url, 'a', clock);
    await a.leadership.start();
    const b = await instance(url, 'b', clock);
    await b.leadership.start();
    const role = watcherRole('ethereum', false);
    const letGo = a.work.get(role)?.holdStop() as () => void;
    const stopping = a.leadership.stop();
    // a's pass under way ends before its lease is released: b does not lead meanwhile.
    await b.renewals();
    expect(b.leadership.leads(role)).toBe(false);
    letGo();
    await stopping;
    for (const r of ROLES) expect(a.work.get(r)?.running).toBe(false);
    await b.renewals(ROLES.length);
    for (const r of ROLES) expect(b.leadership.leads(r), r).toBe(true); // the clock never moved: no expiry involved
  });

  test('a leader whose lease was taken stops its work at its next renewal', async () => {
    const url = await newPgDatabase();
    const clock = { now: 1_000_000 };
    const a = await instance(url, 'a', clock);
    await a.leadership.start();
    const role = watcherRole('tron', true);
    // Another instance takes the lease while a cannot renew (the clock jumped past the expiry).
    clock.now += TTL;
    expect(await a.stores.leases.acquire(role, 'c', 60_000, clock.now)).toBeDefined();
    await a.renewals();
    expect(a.leadership.leads(role)).toBe(false);
    expect(a.work.get(role)?.running).toBe(false);
    expect(a.changes).toContain(`left ${role}`);
  });
});
