import { createHash, timingSafeEqual } from 'node:crypto';
import type { Mode } from '../config.js';
import { newId, randomBase62 } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import { KEY_REVOKED } from '../domain/signals.js';
import type { ApiKeyRecord, ApiKeyStore, ChangeSignals, Clock, UnitOfWork } from './ports.js';

export { KEY_REVOKED };

export interface ApiKeyServiceDeps {
  store: ApiKeyStore;
  tx: UnitOfWork;
  /** Revocations made on other instances sharing the store (PostgreSQL) come as KEY_REVOKED. */
  signals: ChangeSignals;
  now: Clock;
}

/** sk_test_ / sk_live_ followed by 32 base62 characters: ~190 random bits. */
const KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{32}$/;
/** How much of a key is kept in clear to recognise it in lists and revoke it: `sk_test_` + 8. */
const PREFIX_LENGTH = 16;

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Most keys a merchant uses at once; beyond this the cache starts over rather than grow. */
const CACHE_LIMIT = 1000;

export class ApiKeyService {
  /**
   * Active keys already looked up, by hash: the only cache of keys (the store keeps none). Every API
   * request authenticates, and the lookup was a tenth of a session creation's time. Entries stay
   * valid until a key is revoked: here (the cache is cleared), on another instance sharing the store
   * (its KEY_REVOKED signal, or a resync of the signals, which may have missed one: `heard` moves),
   * or by another process on the SQLite file (the store's keys version moves: ports.ts,
   * ApiKeyStore.keysVersion). So a revoked key is refused at once here, and on another instance once
   * its signal arrived. Unknown keys are not kept.
   */
  private readonly cache = new Map<string, Caller>();
  private cacheVersion = -1;
  /** Revocation signals and resyncs heard so far, and how many the cache's entries were read after. */
  private heard = 0;
  private cacheHeard = 0;
  /** The keys version read in this turn of the event loop (requests read together share it). */
  private versionThisTurn: Promise<number> | undefined;
  /** Moves on every revocation here: a lookup that began before one must not fill the cache after it. */
  private revocations = 0;

  constructor(private readonly d: ApiKeyServiceDeps) {
    d.signals.subscribe(KEY_REVOKED, () => this.heard++);
    d.signals.onResync(() => this.heard++);
  }

  /** Creates a key; the returned `secret` is the only time the key exists outside its hash. */
  async create(merchantId: string, mode: Mode): Promise<{ secret: string; record: ApiKeyRecord }> {
    const secret = `sk_${mode}_${randomBase62(32)}`;
    const record: ApiKeyRecord = {
      id: newId('apiKey'),
      merchantId,
      livemode: mode === 'live',
      prefix: secret.slice(0, PREFIX_LENGTH),
      createdAt: this.d.now(),
      revokedAt: null,
    };
    await this.d.store.insert({ ...record, hash: hashKey(secret) });
    return { secret, record };
  }

  /** The caller a bearer token stands for, or null when it is no active key. */
  async authenticate(token: string): Promise<Caller | null> {
    if (!KEY_PATTERN.test(token)) return null;
    const hash = hashKey(token);
    const version = await this.keysVersionThisTurn();
    const heard = this.heard;
    if (version !== this.cacheVersion || heard !== this.cacheHeard || this.cache.size >= CACHE_LIMIT) {
      this.cache.clear();
      this.cacheVersion = version;
      this.cacheHeard = heard;
    }
    const cached = this.cache.get(hash);
    if (cached) return cached;
    const revocations = this.revocations;
    const found = await this.d.store.findActiveByHash(hash);
    if (!found) return null;
    const caller: Caller = { merchantId: found.merchantId, livemode: found.livemode, via: found.id, role: 'owner' };
    if (revocations !== this.revocations) return caller; // read before a revocation committed: not cached
    // Another version was seen or a signal heard meanwhile (a revocation elsewhere): the row may predate it, not cached.
    if (version !== this.cacheVersion || heard !== this.heard) return caller;
    this.cache.set(hash, Object.freeze(caller)); // shared by requests: frozen, so none can change it for others
    return caller;
  }

  /**
   * Read once per turn of the event loop: the requests parsed in one turn are as concurrent with a
   * revocation as they would be if they had each asked, and fifty of them pay for one read.
   */
  private keysVersionThisTurn(): Promise<number> {
    if (this.versionThisTurn === undefined) {
      this.versionThisTurn = this.d.store.keysVersion();
      setImmediate(() => {
        this.versionThisTurn = undefined;
      });
    }
    return this.versionThisTurn;
  }

  async list(merchantId?: string): Promise<ApiKeyRecord[]> {
    return await this.d.store.list(merchantId);
  }

  /**
   * Revokes one of a merchant's keys by id (the Settings screen).
   * @throws Error when there is no such active key of that merchant
   */
  async revokeById(merchantId: string, id: string): Promise<ApiKeyRecord | undefined> {
    const key = (await this.d.store.list(merchantId)).find((k) => k.id === id && k.revokedAt === null);
    return key && await this.revokeKey(key);
  }

  /**
   * Revokes the one active key whose prefix (or whole key) matches.
   * @throws Error when none or several match, so a short prefix never revokes the wrong key.
   */
  async revoke(prefixOrKey: string): Promise<ApiKeyRecord> {
    const prefix = prefixOrKey.slice(0, PREFIX_LENGTH);
    const matches = await this.d.store.activeByPrefix(prefix);
    if (matches.length === 0) throw new Error(`no active key starts with "${prefixOrKey}"`);
    if (matches.length > 1) throw new Error(`${matches.length} active keys start with "${prefixOrKey}"; give more characters`);
    return await this.revokeKey(matches[0] as ApiKeyRecord);
  }

  /** Both ways of revoking end here, so neither can forget the cache. */
  private async revokeKey(key: ApiKeyRecord): Promise<ApiKeyRecord> {
    const now = this.d.now();
    this.revocations++;
    // The signal in the revocation's unit: it goes out exactly when the revocation commits.
    await this.d.tx(async () => {
      if (await this.d.store.revoke(key.id, now)) await this.d.signals.publish(KEY_REVOKED, key.id);
    });
    this.revocations++;
    this.cache.clear();
    return { ...key, revokedAt: now };
  }
}

/** Constant-time comparison for the per-launch UI token. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
