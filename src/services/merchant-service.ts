import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Merchant, MerchantSettingsPatch } from '../domain/merchant.js';
import type { Clock, MerchantStore } from './ports.js';

export const DEFAULT_MERCHANT_NAME = 'My shop';
export const DEFAULT_DOMAIN = 'localhost';

export class MerchantService {
  /** Merchants are read on every request and change only through this service: kept in memory. */
  private readonly cache = new Map<string, Merchant>();

  constructor(
    private readonly store: MerchantStore,
    private readonly now: Clock,
  ) {}

  /** First use of a data dir: one merchant with one domain, so the app works before any setup. */
  async ensureDefault(): Promise<Merchant> {
    if (await this.store.count() === 0) {
      await this.store.insert({
        id: newId('merchant'),
        name: DEFAULT_MERCHANT_NAME,
        domainId: newId('domain'),
        domain: DEFAULT_DOMAIN,
        createdAt: this.now(),
      });
    }
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
    await this.store.update(id, patch);
    this.cache.delete(id);
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
    await this.store.addDomain(merchantId, { id: newId('domain'), domain: host, createdAt: this.now() });
    this.cache.delete(merchantId);
    return await this.get(merchantId);
  }

  async get(id: string): Promise<Merchant> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const merchant = await this.store.findById(id);
    if (merchant) this.cache.set(id, merchant);
    if (!merchant) throw new ApiError('resource_missing', `No such merchant: '${id}'`, 'merchant_id');
    return merchant;
  }
}
