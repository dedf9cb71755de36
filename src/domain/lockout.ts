/**
 * How long PIN sign-in stays locked after failed attempts (pure maths; the bookkeeping is in
 * services/sign-in-guard.ts, the numbers in docs/security.md, "PIN sign-in lockout"). The first
 * `free` failures in a row cost nothing; each one after that locks for a delay that doubles, from
 * `baseMs` up to `maxMs`:
 *
 *   failures:  1 … 4   5     6     7      8      9      10 …
 *   lock:      none    30 s  1 min 2 min  4 min  8 min  16 min … capped at 1 h
 *
 * (the defaults for one name from one address; the other counters differ in `free` and `maxMs`.)
 */
export interface LockoutPolicy {
  /** Failures in a row allowed before the first lock. */
  free: number;
  baseMs: number;
  maxMs: number;
}

const HOUR = 3_600_000;

/** One name (user, or an unknown name as typed) from one client address, on a device not known for it. */
export const NAME_AT_ADDRESS_LOCKOUT: LockoutPolicy = { free: 4, baseMs: 30_000, maxMs: HOUR };
/** One client address, whatever names it tries, on devices not known for them. */
export const ADDRESS_LOCKOUT: LockoutPolicy = { free: 9, baseMs: 30_000, maxMs: HOUR };
/**
 * One name from every device not known for it together, whatever their addresses: what bounds a
 * guesser with many addresses. It never locks a known device, so it can afford to be slow.
 */
export const NAME_LOCKOUT: LockoutPolicy = { free: 20, baseMs: 30_000, maxMs: 24 * HOUR };
/** One user on one device known for them (it signed in there before, or the desktop app's window). */
export const KNOWN_DEVICE_LOCKOUT: LockoutPolicy = { free: 4, baseMs: 30_000, maxMs: 24 * HOUR };

/** Lock length after the `failures`-th failure in a row (0: no lock). */
export function lockoutMs(failures: number, policy: LockoutPolicy): number {
  if (failures <= policy.free) return 0;
  const doublings = failures - policy.free - 1;
  // 2^doublings overflows nothing below the cap: stop doubling once past it.
  return doublings >= 32 ? policy.maxMs : Math.min(policy.baseMs * 2 ** doublings, policy.maxMs);
}

/** Whole seconds to wait (for Retry-After), at least 1 while locked. */
export const retryAfterSeconds = (lockedUntil: number, now: number): number => Math.max(1, Math.ceil((lockedUntil - now) / 1000));
