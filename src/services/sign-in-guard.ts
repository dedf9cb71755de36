import { ApiError } from '../domain/errors.js';
import { ADDRESS_LOCKOUT, type LockoutPolicy, lockoutMs, retryAfterSeconds, USER_LOCKOUT } from '../domain/lockout.js';
import type { Clock } from './ports.js';

interface Counter {
  failures: number;
  lockedUntil: number;
  lastFailureAt: number;
}

/** A run of failures is forgotten after a day without one. */
const FORGET_AFTER_MS = 24 * 3_600_000;
/** Counters kept at most (oldest dropped first), so guessing from many addresses cannot fill memory. */
const MAX_COUNTERS = 10_000;

/**
 * Counts failed PIN sign-ins per user and per client address and locks both out for a growing delay
 * (domain/lockout.ts). Kept in memory: one process owns the database; a restart forgets the counts
 * (and takes longer than most locks). An attempt counts as failed from its start, before its PIN is
 * checked, so a burst of parallel guesses is cut off as soon as the count reaches a lock; a success
 * clears the counts of its user and its address.
 */
export class SignInGuard {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly now: Clock,
    private readonly policies: { user: LockoutPolicy; address: LockoutPolicy } = { user: USER_LOCKOUT, address: ADDRESS_LOCKOUT },
  ) {}

  /**
   * Starts an attempt for `userKey` (a user id, or the unknown name as typed) from `address`.
   * @throws ApiError `rate_limited` with Retry-After while either is locked.
   */
  begin(userKey: string, address: string): void {
    const now = this.now();
    const keys = [`u:${userKey}`, `a:${address}`];
    const lockedUntil = Math.max(...keys.map((k) => this.current(k, now)?.lockedUntil ?? 0));
    if (lockedUntil > now) {
      const seconds = retryAfterSeconds(lockedUntil, now);
      throw new ApiError('rate_limited', `Too many wrong PINs: sign-in is locked for ${seconds} s. Retry after the time in the Retry-After header.`, null, {
        headers: { 'Retry-After': String(seconds) },
      });
    }
    this.fail(keys[0] as string, this.policies.user, now);
    this.fail(keys[1] as string, this.policies.address, now);
  }

  /** The attempt begun for these keys was right: its counts start again from zero. */
  succeeded(userKey: string, address: string): void {
    this.counters.delete(`u:${userKey}`);
    this.counters.delete(`a:${address}`);
  }

  private current(key: string, now: number): Counter | undefined {
    const c = this.counters.get(key);
    if (c && now - c.lastFailureAt > FORGET_AFTER_MS && c.lockedUntil <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }

  private fail(key: string, policy: LockoutPolicy, now: number): void {
    const c = this.current(key, now) ?? { failures: 0, lockedUntil: 0, lastFailureAt: now };
    c.failures += 1;
    c.lastFailureAt = now;
    const lock = lockoutMs(c.failures, policy);
    if (lock > 0) c.lockedUntil = now + lock;
    this.counters.delete(key); // re-insert: the map's order is then least recently failed first
    this.counters.set(key, c);
    if (this.counters.size > MAX_COUNTERS) this.counters.delete(this.counters.keys().next().value as string);
  }
}
