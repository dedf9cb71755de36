import { createHash } from 'node:crypto';
import { ApiError } from '../domain/errors.js';
import type { Clock, GroupedUnitOfWork, IdempotencyScope, IdempotencyStore, KeyFreeWhen, StoredIdempotency } from './ports.js';

/** How long a key and its response are kept (contract: 24 h). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export type IdempotencyOutcome =
  | { kind: 'proceed' }
  | { kind: 'replay'; status: number; body: string };

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body ?? null)}`).digest('hex');
}

/**
 * How long an unfinished claim holds its key. A claim older than this belongs to a request that can
 * no longer be running (its instance died mid-request): the next request with the key takes it over,
 * and an instance starting removes such claims. **Decision:** a bound on age rather than claims tagged
 * with an instance id: an instance that died may never come back (scaled down) to release its own,
 * and a restarted one has no way to know its earlier id without new configuration; every route
 * answers in well under a second (it awaits the store and memory only), so two minutes never cuts a
 * live request short while keeping a dead instance's keys blocked briefly.
 */
export const IDEMPOTENCY_CLAIM_LIFETIME_MS = 2 * 60 * 1000;

interface Claim {
  fingerprint: string;
  claimedAt: number;
  /**
   * Whether the claim is in the store. A claim taken for work done in one unit of work (session
   * creation) is written there, with the answer, instead of in a transaction of its own before it.
   */
  stored: boolean;
}

/** What the stored row under a key says to a request with `fingerprint` arriving at `now`. */
type Verdict = { kind: 'free' } | { kind: 'replay'; status: number; body: string } | { kind: 'reused' } | { kind: 'in_use' };

function judge(stored: StoredIdempotency | undefined, fingerprint: string, now: number): Verdict {
  if (!stored) return { kind: 'free' };
  if (stored.responseStatus !== null && stored.responseBody !== null) {
    if (stored.createdAt < now - IDEMPOTENCY_RETENTION_MS) return { kind: 'free' };
    if (stored.fingerprint !== fingerprint) return { kind: 'reused' };
    return { kind: 'replay', status: stored.responseStatus, body: stored.responseBody };
  }
  // Another instance's request (this one's are in memory and were checked first), or a dead one's.
  if (stored.createdAt < now - IDEMPOTENCY_CLAIM_LIFETIME_MS) return { kind: 'free' };
  return { kind: stored.fingerprint === fingerprint ? 'in_use' : 'reused' };
}

/**
 * "Process once per (merchant, mode, key)": the first request claims the key, later identical ones
 * get its stored response, different ones are refused, and concurrent ones are told the key is in
 * use (the client retries, and then gets the replay).
 *
 * The claim is the store's row under the key (a unique key on the scope), checked and written in one
 * unit of work: units run one at a time across every instance on the database, so of two duplicates
 * reaching two instances at once exactly one claims the key, and the other is told it is in use or,
 * once the first finished, replays its answer. The answer replaces the claim. Claims of this
 * process are also kept in memory, so a duplicate reaching the same instance is refused without a
 * round trip, and so that `finish` knows the fingerprint and when it claimed.
 *
 * A request whose work is one unit of work (session creation: `begin(…, { inUnit: true })`, then
 * `saveInUnit`) skips the claim's own transaction, one commit less on the hot path: `begin` only
 * reads, and the unit checks the row again before it stores the answer with the work, so of two
 * duplicates on two instances the first unit to commit wins and the other's work is rolled back
 * (it is told the key is in use, and replays the answer when it retries).
 */
export class IdempotencyService {
  private readonly inFlight = new Map<string, Claim>();

  constructor(
    private readonly store: IdempotencyStore,
    private readonly now: Clock,
    private readonly commit: GroupedUnitOfWork,
  ) {}

  private static keyOf(scope: IdempotencyScope): string {
    return `${scope.merchantId}\u0000${scope.livemode ? 'live' : 'test'}\u0000${scope.key}`;
  }

  /**
   * `inUnit`: the request's work is one unit of work that ends with `saveInUnit`, which claims the
   * key there (never set it for work that is not: its duplicates on other instances would run too).
   * @throws ApiError idempotency_key_reused | idempotency_key_in_use
   */
  async begin(scope: IdempotencyScope, fingerprint: string, options: { inUnit?: boolean } = {}): Promise<IdempotencyOutcome> {
    const key = IdempotencyService.keyOf(scope);
    const running = this.inFlight.get(key);
    if (running !== undefined) {
      if (running.fingerprint !== fingerprint) throw reused();
      throw inUse();
    }
    // Claimed in memory before the store is read (an await): a duplicate arriving meanwhile is told
    // the key is in use, as it would be while this request runs; the claim goes if there is no work.
    const claimedAt = this.now();
    const inUnit = options.inUnit === true;
    this.inFlight.set(key, { fingerprint, claimedAt, stored: !inUnit });
    let verdict: Verdict;
    try {
      verdict = inUnit
        ? judge(await this.store.find(scope), fingerprint, claimedAt)
        : // Returns rather than throws its verdict: a grouped unit that throws makes its group run again.
          await this.commit(async () => {
            const found = judge(await this.store.find(scope), fingerprint, claimedAt);
            if (found.kind !== 'free' || (await this.store.claimIfFree(scope, fingerprint, claimedAt, freeAt(claimedAt)))) return found;
            // Another instance claimed the key between the read and the claim (units run concurrently
            // on PostgreSQL): judged by what it holds now.
            return judge(await this.store.find(scope), fingerprint, claimedAt);
          });
    } catch (err) {
      this.inFlight.delete(key);
      throw err;
    }
    if (verdict.kind === 'free') return { kind: 'proceed' };
    this.inFlight.delete(key);
    if (verdict.kind === 'reused') throw reused();
    if (verdict.kind === 'in_use') throw inUse();
    return verdict;
  }

  /**
   * Remembers the response, or lets go of the claim when the contract says not to store it.
   * Resolves once the response is durable; the claim is held until then, so a duplicate arriving
   * meanwhile is told the key is in use rather than processed again.
   */
  async finish(scope: IdempotencyScope, status: number, body: string): Promise<void> {
    const key = IdempotencyService.keyOf(scope);
    const claim = this.inFlight.get(key);
    if (claim === undefined) return;
    try {
      // Not stored: a 400 is to be corrected, a 5xx retried, and a 429 (a PIN lockout answered by the
      // route itself) lasts only until its Retry-After: replayed, it would outlive the lock.
      if (status === 400 || status === 429 || status >= 500) {
        // The answer is not to fail because the claim could not go (the store is down): it lapses
        // after IDEMPOTENCY_CLAIM_LIFETIME_MS and is then taken over.
        if (claim.stored) await this.commit(async () => await this.store.releaseClaim(scope, claim.claimedAt)).catch(() => undefined);
        return;
      }
      const now = this.now();
      await this.commit(async () => {
        // A claim never stored (its unit failed, or lost the key to another instance in saveInUnit)
        // does not overwrite another instance's row: that one's answer is the key's.
        if (!claim.stored) await this.store.saveIfFree(scope, claim.fingerprint, status, body, now, freeAt(now));
        else await this.store.save(scope, claim.fingerprint, status, body, now);
      });
    } finally {
      this.inFlight.delete(key);
    }
  }

  /**
   * Stores a response inside the caller's unit of work (the one that made what it answers), so the
   * two commit together. Call `release` after that commit. Repeating it is harmless (an upsert).
   */
  async saveInUnit(scope: IdempotencyScope, status: number, body: string): Promise<void> {
    const claim = this.inFlight.get(IdempotencyService.keyOf(scope));
    if (claim === undefined) throw new Error('no idempotency claim to save');
    const now = this.now();
    if (claim.stored) return await this.store.save(scope, claim.fingerprint, status, body, now);
    // Claimed here, in the work's unit: another instance may have claimed or answered the key since
    // `begin` read it. Then this unit is rolled back, and the request is told the key is in use. The
    // check is the write's own condition (the same rule as `judge`), made at the unit's commit with
    // the other answers of its group: one statement for all of them on PostgreSQL.
    await this.store.saveIfFreeAtCommit(scope, claim.fingerprint, status, body, now, freeAt(now), async () => {
      // Rare: read what holds the key, to say which.
      const verdict = judge(await this.store.find(scope), claim.fingerprint, now);
      return verdict.kind === 'reused' ? reused() : inUse();
    });
  }

  /** Lets go of a claim whose response `saveInUnit` stored (after its commit): the stored row is the answer now. */
  release(scope: IdempotencyScope): void {
    this.inFlight.delete(IdempotencyService.keyOf(scope));
  }

  /**
   * At start-up: removes claims whose requests can no longer be running (older than the claim's
   * lifetime), never a claim another live instance is working under.
   */
  async releaseUnfinished(): Promise<number> {
    return await this.store.releaseUnfinished(this.now() - IDEMPOTENCY_CLAIM_LIFETIME_MS);
  }

  async purgeExpired(): Promise<number> {
    return await this.store.purgeOlderThan(this.now() - IDEMPOTENCY_RETENTION_MS);
  }
}

/** When a key's row no longer holds it, seen at `now` (the rule `judge` applies, as a write's condition). */
const freeAt = (now: number): KeyFreeWhen => ({ answeredBefore: now - IDEMPOTENCY_RETENTION_MS, claimedBefore: now - IDEMPOTENCY_CLAIM_LIFETIME_MS });

const inUse = () => new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly.');

const reused = () =>
  new ApiError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request.',
  );
