/**
 * How long PIN sign-in stays locked after failed attempts (pure maths; the bookkeeping is in
 * services/sign-in-guard.ts). The first `free` failures in a row cost nothing; each one after that
 * locks for a delay that doubles, from `baseMs` up to `maxMs`:
 *
 *   failures:  1 … 4   5     6     7      8      9      10 …
 *   lock:      none    30 s  1 min 2 min  4 min  8 min  16 min … capped at 1 h
 *
 * (the defaults for one user; a client address gets twice as many free failures.)
 */
export interface LockoutPolicy {
  /** Failures in a row allowed before the first lock. */
  free: number;
  baseMs: number;
  maxMs: number;
}

export const USER_LOCKOUT: LockoutPolicy = { free: 4, baseMs: 30_000, maxMs: 3_600_000 };
export const ADDRESS_LOCKOUT: LockoutPolicy = { free: 9, baseMs: 30_000, maxMs: 3_600_000 };

/** Lock length after the `failures`-th failure in a row (0: no lock). */
export function lockoutMs(failures: number, policy: LockoutPolicy): number {
  if (failures <= policy.free) return 0;
  const doublings = failures - policy.free - 1;
  // 2^doublings overflows nothing below the cap: stop doubling once past it.
  return doublings >= 32 ? policy.maxMs : Math.min(policy.baseMs * 2 ** doublings, policy.maxMs);
}

/** Whole seconds to wait (for Retry-After), at least 1 while locked. */
export const retryAfterSeconds = (lockedUntil: number, now: number): number => Math.max(1, Math.ceil((lockedUntil - now) / 1000));
