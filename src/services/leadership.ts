import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { LeadershipLostError } from '../domain/leadership.js';
import type { Clock, LeaseStore } from './ports.js';

/** What an instance runs only while it leads a role: a network's watcher, or the timers. */
export interface LeaderWork {
  start(): void;
  /** Stops, and resolves once nothing of it runs any more (a pass under way has ended). */
  stop(): Promise<void>;
}

/** A role as this instance sees it: led here (since when, under which token), or led elsewhere. */
export interface RoleStatus {
  role: string;
  leading: boolean;
  /** When this instance took the lead (wall clock, ms); null when it does not lead. */
  since: number | null;
  /** The holder of the lease now, as the store says (another instance's id on a standby), or null. */
  holder: string | null;
}

/** The role of a network's watcher in one mode: `watcher:ethereum:test`. */
export const watcherRole = (network: string, livemode: boolean): string => `watcher:${network}:${livemode ? 'live' : 'test'}`;

/** The role of the timers: session expiry, settlement, refund payouts, the address sweep and idempotency purge. */
export const TIMERS_ROLE = 'timers';

/** This process's holder id: readable in logs and in `/ready` (host and pid), unique per start (random part). */
export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

interface RoleState {
  work: LeaderWork;
  /** The fencing token of the term this instance leads, undefined when it does not lead. */
  token: number | undefined;
  since: number | null;
  /** Until when the last successful renewal holds the lease (this instance's clock). */
  heldUntil: number;
  timer: NodeJS.Timeout | undefined;
  /** The renewal (and start or stop of the work) under way: never two at once for one role. */
  turn: Promise<void> | undefined;
}

export interface LeadershipOptions {
  leases: LeaseStore;
  holder: string;
  /** How long a lease lasts without renewal: another instance takes over at most this long after this one died. */
  ttlMs: number;
  /** How often a role's lease is renewed (or asked for, on a standby). Well under `ttlMs`. */
  renewMs: number;
  /**
   * The wall clock. **Not** the core's business clock (`config.now`, which tests move): a lease's
   * expiry is compared across instances, whose clocks must agree to well under `ttlMs` (NTP).
   */
  clock: Clock;
  onError(message: string, err: unknown): void;
  /** This instance took or gave up a role (for the log). */
  onChange?(role: string, leading: boolean): void;
}

/**
 * One leader per role across every instance on the database (issue 18). Each role's lease is asked
 * for every `renewMs`, on its own timer (a slow stop of one role never delays another's renewal):
 * when this instance gets it, the role's work starts; when a renewal is refused (another instance
 * holds it), fails for longer than the lease lasts, or returns a new token (the lease expired and was
 * taken again: another term), the work stops, awaited. Work writes through units of work that call
 * `fence(role)` first, which refuses a holder whose lease is no longer current: a paused instance
 * that wakes after another took over cannot record anything. `stop()` stops the led work, awaited,
 * and releases the leases, so another instance takes over at its next renewal instead of after the
 * expiry. On SQLite (one process) the same code runs and always leads.
 */
export class Leadership {
  private readonly roles = new Map<string, RoleState>();
  private running = false;

  constructor(private readonly o: LeadershipOptions) {
    if (!(o.renewMs > 0 && o.ttlMs > o.renewMs)) throw new Error(`the leader lease must last longer than its renewal interval (ttl ${o.ttlMs} ms, renewal every ${o.renewMs} ms)`);
  }

  get holder(): string {
    return this.o.holder;
  }

  /** A role this instance may lead; its work starts once the lease is got (after `start`). */
  add(role: string, work: LeaderWork): void {
    if (this.roles.has(role)) throw new Error(`role ${role} added twice`);
    this.roles.set(role, { work, token: undefined, since: null, heldUntil: 0, timer: undefined, turn: undefined });
    if (this.running) this.schedule(role, 0);
  }

  /** Asks for every role's lease once (so what this instance leads runs when this resolves), then keeps renewing. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await Promise.all([...this.roles.keys()].map((role) => this.turn(role)));
    for (const role of this.roles.keys()) this.schedule(role, this.o.renewMs);
  }

  /** Whether this instance leads `role` now (as of its last renewal). */
  leads(role: string): boolean {
    return this.roles.get(role)?.token !== undefined;
  }

  /**
   * The fence of a role's writes: called inside the unit of work before it writes; rejects with
   * `LeadershipLostError` (rolling the unit back) unless this instance's term is still the lease's.
   */
  fence(role: string): () => Promise<void> {
    return async () => {
      const token = this.roles.get(role)?.token;
      if (token === undefined || !(await this.o.leases.isHeld(role, token, this.o.clock()))) throw new LeadershipLostError(role);
    };
  }

  /** Every role, led here or elsewhere (the holder read from the store). */
  async status(): Promise<RoleStatus[]> {
    const out: RoleStatus[] = [];
    for (const [role, s] of this.roles) {
      const lease = await this.o.leases.current(role);
      const current = lease && lease.expiresAt > this.o.clock() ? lease.holder : null;
      out.push({ role, leading: s.token !== undefined, since: s.since, holder: current });
    }
    return out;
  }

  /** Every role as this instance knows it, without asking the store (when the store does not answer). */
  localStatus(): RoleStatus[] {
    return [...this.roles].map(([role, s]) => ({ role, leading: s.token !== undefined, since: s.since, holder: s.token !== undefined ? this.o.holder : null }));
  }

  /**
   * Stops renewing; stops the work of every role led here (each awaited: a pass under way ends and
   * commits, still under a valid lease) and releases its lease, so another instance takes over at
   * once. What cannot be released (the database is gone) simply expires.
   */
  async stop(): Promise<void> {
    this.running = false;
    for (const s of this.roles.values()) {
      if (s.timer) clearTimeout(s.timer);
      s.timer = undefined;
    }
    await Promise.all(
      [...this.roles.entries()].map(async ([role, s]) => {
        await s.turn;
        const led = s.token !== undefined;
        if (led) await s.work.stop();
        s.token = undefined;
        s.since = null;
        // Released even when not led here: a renewal answered after `stop` began may have taken it.
        await this.o.leases.release(role, this.o.holder).catch((err: unknown) => this.o.onError(`releasing the lease of ${role} failed (it expires by itself)`, err));
        if (led) this.o.onChange?.(role, false);
      }),
    );
  }

  /**
   * Stops renewing without releasing anything, as a process killed with SIGKILL would (tests): the
   * leases it held expire after their TTL; its work is left as it is (the caller stops it, or lets
   * it run on to show that the fence refuses it).
   */
  abandon(): void {
    this.running = false;
    for (const s of this.roles.values()) {
      if (s.timer) clearTimeout(s.timer);
      s.timer = undefined;
    }
  }

  /** The next renewal of a role in `delay` ms, and every `renewMs` after it ends. */
  private schedule(role: string, delay: number): void {
    const s = this.roles.get(role);
    if (!s || !this.running) return;
    if (s.timer) clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      s.timer = undefined;
      void this.turn(role).then(() => this.schedule(role, this.o.renewMs));
    }, delay);
    s.timer.unref();
  }

  /** One renewal of a role's lease and what follows from its answer, after the role's previous one. */
  private turn(role: string): Promise<void> {
    const s = this.roles.get(role);
    if (!s) return Promise.resolve();
    const previous = s.turn;
    const turn = (async () => {
      await previous;
      await this.renew(role, s);
    })().catch((err: unknown) => this.o.onError(`leadership of ${role}`, err));
    s.turn = turn;
    return turn;
  }

  private async renew(role: string, s: RoleState): Promise<void> {
    if (!this.running) return;
    const asked = this.o.clock();
    let token: number | undefined;
    try {
      token = await this.o.leases.acquire(role, this.o.holder, this.o.ttlMs, asked);
    } catch (err) {
      this.o.onError(`renewing the lease of ${role} failed`, err);
      // The store did not answer: the lease still holds until its expiry; past it, another may lead.
      if (s.token !== undefined && this.o.clock() >= s.heldUntil) await this.lose(role, s);
      return;
    }
    if (token === undefined) {
      if (s.token !== undefined) await this.lose(role, s);
      return;
    }
    if (s.token !== undefined && s.token !== token) await this.lose(role, s); // a new term: the old one's work ends first
    s.heldUntil = asked + this.o.ttlMs;
    if (s.token === undefined && this.running) {
      s.token = token;
      s.since = this.o.clock();
      this.o.onChange?.(role, true);
      s.work.start();
    }
  }

  private async lose(role: string, s: RoleState): Promise<void> {
    // Fence first: a pass still under way is refused from now on, then the work is awaited.
    s.token = undefined;
    s.since = null;
    this.o.onChange?.(role, false);
    await s.work.stop();
  }
}
