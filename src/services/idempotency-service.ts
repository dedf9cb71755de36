import { createHash } from 'node:crypto';
import { ApiError } from '../domain/errors.js';
import type { Clock, GroupedUnitOfWork, IdempotencyScope, IdempotencyStore } from './ports.js';

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
 * "Process once per (merchant, mode, key)": the first request claims the key, later identical ones
 * get its stored response, different ones are refused, and concurrent ones are told the key is in
 * use (the client retries, and then gets the replay).
 *
 * Claims of requests in flight live in memory: one process owns the database, and after a restart
 * no earlier request can still be running. Only the finished response is written, once.
 */
export class IdempotencyService {
  private readonly inFlight = new Map<string, string>();

  constructor(
    private readonly store: IdempotencyStore,
    private readonly now: Clock,
    private readonly commit: GroupedUnitOfWork,
  ) {}

  private static keyOf(scope: IdempotencyScope): string {
    return `${scope.merchantId}\u0000${scope.livemode ? 'live' : 'test'}\u0000${scope.key}`;
  }

  /** @throws ApiError idempotency_key_reused | idempotency_key_in_use */
  async begin(scope: IdempotencyScope, fingerprint: string): Promise<IdempotencyOutcome> {
    const key = IdempotencyService.keyOf(scope);
    const running = this.inFlight.get(key);
    if (running !== undefined) {
      if (running !== fingerprint) throw reused();
      throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly.');
    }
    // Claimed before the store is read (an await): a duplicate arriving meanwhile is told the key is
    // in use, as it would be while this request runs; the claim goes again if there is a response.
    this.inFlight.set(key, fingerprint);
    try {
      const stored = await this.store.find(scope);
      if (stored && stored.createdAt >= this.now() - IDEMPOTENCY_RETENTION_MS && stored.responseStatus !== null && stored.responseBody !== null) {
        this.inFlight.delete(key);
        if (stored.fingerprint !== fingerprint) throw reused();
        return { kind: 'replay', status: stored.responseStatus, body: stored.responseBody };
      }
    } catch (err) {
      this.inFlight.delete(key);
      throw err;
    }
    return { kind: 'proceed' };
  }

  /**
   * Remembers the response, or forgets the claim when the contract says not to store it. Resolves
   * once the response is durable; the claim is held until then, so a duplicate arriving meanwhile is
   * told the key is in use rather than processed again.
   */
  async finish(scope: IdempotencyScope, status: number, body: string): Promise<void> {
    const key = IdempotencyService.keyOf(scope);
    const fingerprint = this.inFlight.get(key);
    try {
      // Not stored: a 400 is to be corrected, a 5xx retried, and a 429 (a PIN lockout answered by the
      // route itself) lasts only until its Retry-After: replayed, it would outlive the lock.
      if (fingerprint === undefined || status === 400 || status === 429 || status >= 500) return;
      const now = this.now();
      await this.commit(async () => await this.store.save(scope, fingerprint, status, body, now));
    } finally {
      this.inFlight.delete(key);
    }
  }

  /**
   * Stores a response inside the caller's unit of work (the one that made what it answers), so the
   * two commit together. Call `release` after that commit. Repeating it is harmless (an upsert).
   */
  async saveInUnit(scope: IdempotencyScope, status: number, body: string): Promise<void> {
    const fingerprint = this.inFlight.get(IdempotencyService.keyOf(scope));
    if (fingerprint === undefined) throw new Error('no idempotency claim to save');
    await this.store.save(scope, fingerprint, status, body, this.now());
  }

  /** Lets go of a claim whose response `saveInUnit` stored (after its commit). */
  release(scope: IdempotencyScope): void {
    this.inFlight.delete(IdempotencyService.keyOf(scope));
  }

  /** At start-up: claims a previous version left unfinished in the database are void. */
  async releaseUnfinished(): Promise<number> {
    return await this.store.releaseUnfinished();
  }

  async purgeExpired(): Promise<number> {
    return await this.store.purgeOlderThan(this.now() - IDEMPOTENCY_RETENTION_MS);
  }
}

const reused = () =>
  new ApiError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request.',
  );
