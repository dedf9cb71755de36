import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Merchant } from '../domain/merchant.js';
import type { Clock, MerchantStore } from './ports.js';

export const DEFAULT_MERCHANT_NAME = 'My shop';
export const DEFAULT_DOMAIN = 'localhost';

export class MerchantService {
  constructor(
    private readonly store: MerchantStore,
    private readonly now: Clock,
  ) {}

  /** First use of a data dir: one merchant with one domain, so the app works before any setup. */
  ensureDefault(): Merchant {
    if (this.store.count() === 0) {
      this.store.insert({
        id: newId('merchant'),
        name: DEFAULT_MERCHANT_NAME,
        domainId: newId('domain'),
        domain: DEFAULT_DOMAIN,
        createdAt: this.now(),
      });
    }
    return this.defaultMerchant();
  }

  defaultMerchant(): Merchant {
    const merchant = this.store.first();
    if (!merchant) throw new Error('no merchant: ensureDefault() was not called');
    return merchant;
  }

  get(id: string): Merchant {
    const merchant = this.store.findById(id);
    if (!merchant) throw new ApiError('resource_missing', `No such merchant: '${id}'`, 'merchant_id');
    return merchant;
  }
}
