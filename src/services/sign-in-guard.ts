import { ApiError } from '../domain/errors.js';
import {
  ADDRESS_LOCKOUT,
  KNOWN_DEVICE_LOCKOUT,
  type LockoutPolicy,
  lockoutMs,
  NAME_AT_ADDRESS_LOCKOUT,
  NAME_LOCKOUT,
  retryAfterSeconds,
} from '../domain/lockout.js';
import type { SignInFailures } from '../domain/users.js';
import type { Clock, UnitOfWork, UserStore } from './ports.js';

/**
 * A run of failures is forgotten after 30 days without one (and its lock over): longer than the
 * longest lock, so that waiting a lock out never buys a guesser a fresh run of free attempts.
 */
export const FORGET_AFTER_MS = 30 * 24 * 3_600_000;

/** Where a PIN attempt comes from. */
export interface AttemptFrom {
  /** The client address the instance sees (behind a proxy on the same machine: everybody's 127.0.0.1). */
  address: string;
  /**
   * The device, when it is known for the user tried: it signed in as them before (its signed cookie,
   * services/known-devices.ts), or it is the desktop app's own window. Undefined: a device not known.
   */
  device?: string | undefined;
}

/** The counters an attempt moves, each with its policy. */
function countersOf(userKey: string, from: AttemptFrom): [string, LockoutPolicy][] {
  if (from.device !== undefined) return [[`d:${userKey}|${from.device}`, KNOWN_DEVICE_LOCKOUT]];
  return [
    [`na:${userKey}|${from.address}`, NAME_AT_ADDRESS_LOCKOUT],
    [`a:${from.address}`, ADDRESS_LOCKOUT],
    [`n:${userKey}`, NAME_LOCKOUT],
  ];
}

/**
 * Counts failed PIN attempts and locks out for a growing delay (domain/lockout.ts), so that nobody
 * can guess a PIN while strangers cannot lock the real user out (docs/security.md, "PIN sign-in
 * lockout"):
 * - on a device **known** for the user, attempts count per user and device only: a stranger
 *   elsewhere, whatever their address, never locks it;
 * - on any other device, per name and address, per address, and per name across all such devices
 *   together (the cap that bounds a guesser with many addresses).
 * **Decision:** the counters live in the store, not in memory, so that several instances on one
 * database count the same attempts (a guesser spreading tries over N instances gets no more than on
 * one) and a restart forgets nothing. An attempt counts as failed from its start, before its PIN is
 * checked, in one unit of work (units run one at a time on every instance), so a burst of parallel
 * guesses is cut off as soon as the count reaches a lock. A success clears the counts of its device,
 * or of its name at its address and of its address; never the name's count across unknown devices,
 * or each sign-in of the real user would hand a guesser a fresh run.
 */
export class SignInGuard {
  constructor(private readonly d: { store: UserStore; tx: UnitOfWork; now: Clock }) {}

  /**
   * Starts an attempt for `userKey` (a user id, or the unknown name as typed, `?name`).
   * @throws ApiError `rate_limited` with Retry-After while any of its counters is locked.
   */
  async begin(userKey: string, from: AttemptFrom): Promise<void> {
    const counters = countersOf(userKey, from);
    const keys = counters.map(([key]) => key);
    await this.d.tx(async () => {
      const now = this.d.now();
      // Runs of failures over 30 days old, whose lock is over, are forgotten (also bounds the table).
      await this.d.store.forgetSignInFailures(now - FORGET_AFTER_MS, now);
      const stored = new Map((await this.d.store.signInFailures(keys)).map((c) => [c.key, c]));
      const lockedUntil = Math.max(...keys.map((k) => stored.get(k)?.lockedUntil ?? 0));
      if (lockedUntil > now) {
        const seconds = retryAfterSeconds(lockedUntil, now);
        throw new ApiError('rate_limited', `Too many wrong PINs: sign-in is locked for ${seconds} s. Retry after the time in the Retry-After header.`, null, {
          headers: { 'Retry-After': String(seconds) },
        });
      }
      for (const [key, policy] of counters) await this.d.store.putSignInFailures(failed(stored.get(key), key, policy, now));
    });
  }

  /** The attempt begun for these keys was right: its counts start again from zero (but a name's count across unknown devices). */
  async succeeded(userKey: string, from: AttemptFrom): Promise<void> {
    await this.d.store.clearSignInFailures(countersOf(userKey, from).map(([key]) => key).filter((key) => !key.startsWith('n:')));
  }
}

/** One more failure in a row under `key`, and the lock it earns. */
function failed(before: SignInFailures | undefined, key: string, policy: LockoutPolicy, now: number): SignInFailures {
  const failures = (before?.failures ?? 0) + 1;
  const lock = lockoutMs(failures, policy);
  return { key, failures, lockedUntil: lock > 0 ? now + lock : (before?.lockedUntil ?? 0), lastFailureAt: now };
}
