import type { Merchant } from '../domain/merchant.js';
import type { PaymentSession, SessionListQuery } from '../domain/session.js';
import type { SessionStatus } from '../domain/session-state.js';

/**
 * What the services need from storage. The db/ repositories satisfy these structurally; only
 * create-core.ts puts the two together, so services can be tested over any implementation.
 */
export interface SessionStore {
  insert(session: PaymentSession): void;
  findById(id: string): PaymentSession | undefined;
  list(query: SessionListQuery): { items: PaymentSession[]; hasMore: boolean };
  transition(id: string, from: SessionStatus, to: SessionStatus, now: number): boolean;
  dueForExpiry(now: number, limit: number): string[];
  nextExpiry(): number | undefined;
}

export interface MerchantStore {
  count(): number;
  insert(m: { id: string; name: string; domainId: string; domain: string; createdAt: number }): void;
  first(): Merchant | undefined;
  findById(id: string): Merchant | undefined;
}

export interface ApiKeyRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  prefix: string;
  createdAt: number;
  revokedAt: number | null;
}

export interface ApiKeyStore {
  insert(record: Omit<ApiKeyRecord, 'revokedAt'> & { hash: string }): void;
  findActiveByHash(hash: string): { id: string; merchantId: string; livemode: boolean } | undefined;
  list(merchantId?: string): ApiKeyRecord[];
  activeByPrefix(prefix: string): ApiKeyRecord[];
  revoke(id: string, now: number): boolean;
}

export interface IdempotencyScope {
  merchantId: string;
  livemode: boolean;
  key: string;
}

export interface IdempotencyStore {
  find(scope: IdempotencyScope): { fingerprint: string; responseStatus: number | null; responseBody: string | null; createdAt: number } | undefined;
  claim(scope: IdempotencyScope, fingerprint: string, now: number): boolean;
  complete(scope: IdempotencyScope, status: number, body: string): void;
  release(scope: IdempotencyScope): void;
  delete(scope: IdempotencyScope): void;
  purgeOlderThan(cutoff: number): number;
  releaseUnfinished(): number;
}

export type Clock = () => number;
