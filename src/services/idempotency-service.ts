import { createHash } from 'node:crypto';
import { ApiError } from '../domain/errors.js';
import type { Clock, IdempotencyScope, IdempotencyStore } from './ports.js';

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
 * get its stored response, different ones are refused, and concurrent ones wait their turn by
 * being told the key is in use (the client retries, and then gets the replay).
 */
export class IdempotencyService {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly now: Clock,
  ) {}

  /** @throws ApiError idempotency_key_reused | idempotency_key_in_use */
  begin(scope: IdempotencyScope, fingerprint: string): IdempotencyOutcome {
    const now = this.now();
    if (this.store.claim(scope, fingerprint, now)) return { kind: 'proceed' };
    const stored = this.store.find(scope);
    if (!stored) return this.begin(scope, fingerprint); // released between claim and find: try again
    if (stored.createdAt < now - IDEMPOTENCY_RETENTION_MS) {
      this.store.delete(scope);
      return this.begin(scope, fingerprint);
    }
    if (stored.fingerprint !== fingerprint) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request.',
      );
    }
    if (stored.responseStatus === null || stored.responseBody === null) {
      throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly.');
    }
    return { kind: 'replay', status: stored.responseStatus, body: stored.responseBody };
  }

  /** Remembers the response, or forgets the claim when the contract says not to store it. */
  finish(scope: IdempotencyScope, status: number, body: string): void {
    if (status === 400 || status >= 500) this.store.release(scope);
    else this.store.complete(scope, status, body);
  }

  /** At start-up: no request of a previous run is still in flight, so its claims are void. */
  releaseUnfinished(): number {
    return this.store.releaseUnfinished();
  }

  purgeExpired(): number {
    return this.store.purgeOlderThan(this.now() - IDEMPOTENCY_RETENTION_MS);
  }
}
