import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Merchant, MerchantSettingsPatch } from '../domain/merchant.js';
import type { ChangeSignals, Clock, MerchantStore, UnitOfWork } from './ports.js';

export const DEFAULT_MERCHANT_NAME = 'My shop';
export const DEFAULT_DOMAIN = 'localhost';

/** The signal of a merchant changed (settings, a new domain): its id (ports.ts, ChangeSignals). */
export const MERCHANT_CHANGED = 'merchant.changed';

export interface MerchantServiceDeps {
  store: MerchantStore;
  now: Clock;
  tx: UnitOfWork;
  /** Where a change is announced, so every instance sharing the store drops its copy. */
  signals: ChangeSignals;
}

export class MerchantService {
  /**
   * Merchants are read on every request and change only through this service: kept in memory. A
   * change made on another instance of the store arrives as a signal and drops the entry here (all
   * of them after a resync, when signals may have been missed).
   */
  private readonly cache = new Map<string, Merchant>();
  /** Moves on every drop: a read begun before one must not fill the cache after it. */
  private drops = 0;
  private readonly store: MerchantStore;
  private readonly now: Clock;

  constructor(private readonly d: MerchantServiceDeps) {
    this.store = d.store;
    this.now = d.now;
    d.signals.subscribe(MERCHANT_CHANGED, (id, fromHere) => {
      if (!fromHere) this.forget(id);
    });
    d.signals.onResync(() => this.forget());
  }

  /** First use of a data dir: one merchant with one domain, so the app works before any setup. */
  async ensureDefault(): Promise<Merchant> {
    // One unit of work: of instances starting together on an empty store, one makes it.
    await this.d.tx(async () => {
      if (await this.store.count() > 0) return;
      await this.store.insert({
        id: newId('merchant'),
        name: DEFAULT_MERCHANT_NAME,
        domainId: newId('domain'),
        domain: DEFAULT_DOMAIN,
        createdAt: this.now(),
      });
    });
    return await this.defaultMerchant();
  }

  async defaultMerchant(): Promise<Merchant> {
    if (this.defaultId) return await this.get(this.defaultId);
    const merchant = await this.store.first();
    if (!merchant) throw new Error('no merchant: ensureDefault() was not called');
    this.defaultId = merchant.id;
    return merchant;
  }

  private defaultId: string | undefined;

  /** A real read from the database, for health checks (the merchant itself is cached). */
  async ping(): Promise<void> {
    await this.store.count();
  }

  /** Changes settings; what is read afterwards (fees, time zone, currencies) uses them at once. */
  async update(id: string, patch: MerchantSettingsPatch): Promise<Merchant> {
    await this.get(id);
    await this.changed(id, () => this.store.update(id, patch));
    return await this.get(id);
  }

  /**
   * Adds a domain (a shop's web site or till name) that sessions may be created for.
   * @throws ApiError parameter_invalid (not a host name, or already there)
   */
  async addDomain(merchantId: string, domain: string): Promise<Merchant> {
    const host = domain.trim().toLowerCase();
    if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(host)) {
      throw new ApiError('parameter_invalid', 'must be a host name such as "shop.example" or "till-1"', 'domain');
    }
    if ((await this.get(merchantId)).domains.some((d) => d.domain === host)) throw new ApiError('parameter_invalid', `the domain "${host}" is already there`, 'domain');
    await this.changed(merchantId, () => this.store.addDomain(merchantId, { id: newId('domain'), domain: host, createdAt: this.now() }));
    return await this.get(merchantId);
  }

  async get(id: string): Promise<Merchant> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const drops = this.drops;
    const merchant = await this.store.findById(id);
    if (!merchant) throw new ApiError('resource_missing', `No such merchant: '${id}'`, 'merchant_id');
    if (drops === this.drops) this.cache.set(id, merchant); // else it may be older than the change just heard of
    return merchant;
  }

  /** Writes a change and announces it in one unit of work; this instance's copy goes at once. */
  private async changed(id: string, write: () => Promise<unknown>): Promise<void> {
    await this.d.tx(async () => {
      await write();
      await this.d.signals.publish(MERCHANT_CHANGED, id);
    });
    this.forget(id);
  }

  /** Drops one merchant's copy, or every copy. */
  private forget(id?: string): void {
    this.drops += 1;
    if (id === undefined) this.cache.clear();
    else this.cache.delete(id);
  }
}
