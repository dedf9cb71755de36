import { ApiError } from '../domain/errors.js';
import { ADDRESS_LOCKOUT, type LockoutPolicy, lockoutMs, retryAfterSeconds, USER_LOCKOUT } from '../domain/lockout.js';
import type { SignInFailures } from '../domain/users.js';
import type { Clock, UnitOfWork, UserStore } from './ports.js';

/** A run of failures is forgotten after a day without one. */
const FORGET_AFTER_MS = 24 * 3_600_000;

export interface SignInGuardDeps {
  store: UserStore;
  tx: UnitOfWork;
  now: Clock;
  policies?: { user: LockoutPolicy; address: LockoutPolicy };
}

/**
 * Counts failed PIN sign-ins per user and per client address and locks both out for a growing delay
 * (domain/lockout.ts). **Decision:** the counters live in the store, not in memory, so that several
 * instances on one database count the same attempts (a guesser spreading tries over N instances gets
 * no more than on one) and a restart forgets nothing. An attempt counts as failed from its start,
 * before its PIN is checked, in one unit of work (units run one at a time on every instance), so a
 * burst of parallel guesses is cut off as soon as the count reaches a lock; a success clears the
 * counts of its user and its address.
 */
export class SignInGuard {
  private readonly policies: { user: LockoutPolicy; address: LockoutPolicy };

  constructor(private readonly d: SignInGuardDeps) {
    this.policies = d.policies ?? { user: USER_LOCKOUT, address: ADDRESS_LOCKOUT };
  }

  /**
   * Starts an attempt for `userKey` (a user id, or the unknown name as typed) from `address`.
   * @throws ApiError `rate_limited` with Retry-After while either is locked.
   */
  async begin(userKey: string, address: string): Promise<void> {
    const keys = [`u:${userKey}`, `a:${address}`] as const;
    await this.d.tx(async () => {
      const now = this.d.now();
      // Runs of failures over a day old, whose lock is over, are forgotten (also bounds the table).
      await this.d.store.forgetSignInFailures(now - FORGET_AFTER_MS, now);
      const stored = new Map((await this.d.store.signInFailures([...keys])).map((c) => [c.key, c]));
      const lockedUntil = Math.max(...keys.map((k) => stored.get(k)?.lockedUntil ?? 0));
      if (lockedUntil > now) {
        const seconds = retryAfterSeconds(lockedUntil, now);
        throw new ApiError('rate_limited', `Too many wrong PINs: sign-in is locked for ${seconds} s. Retry after the time in the Retry-After header.`, null, {
          headers: { 'Retry-After': String(seconds) },
        });
      }
      await this.d.store.putSignInFailures(failed(stored.get(keys[0]), keys[0], this.policies.user, now));
      await this.d.store.putSignInFailures(failed(stored.get(keys[1]), keys[1], this.policies.address, now));
    });
  }

  /** The attempt begun for these keys was right: its counts start again from zero. */
  async succeeded(userKey: string, address: string): Promise<void> {
    await this.d.store.clearSignInFailures([`u:${userKey}`, `a:${address}`]);
  }
}

/** One more failure in a row under `key`, and the lock it earns. */
function failed(before: SignInFailures | undefined, key: string, policy: LockoutPolicy, now: number): SignInFailures {
  const failures = (before?.failures ?? 0) + 1;
  const lock = lockoutMs(failures, policy);
  return { key, failures, lockedUntil: lock > 0 ? now + lock : (before?.lockedUntil ?? 0), lastFailureAt: now };
}
