import type { Caller } from '../domain/merchant.js';
import { buildReceipt, type NetworkFacts, type Receipt } from '../domain/receipt.js';
import type { Refund } from '../domain/refund.js';
import type { MerchantService } from './merchant-service.js';
import type { SessionService } from './session-service.js';
import type { SessionView } from './session-view.js';

export interface ReceiptServiceDeps {
  sessions: Pick<SessionService, 'get' | 'getPublic'>;
  refunds: { forSession(sessionId: string): Promise<Refund[]> };
  merchants: Pick<MerchantService, 'get'>;
  /** Names and explorer links from the chains' registry. */
  networks: NetworkFacts;
}

/** The receipts of paid sessions (domain/receipt.ts; docs/receipts.md). Read-only. */
export class ReceiptService {
  constructor(private readonly d: ReceiptServiceDeps) {}

  /** A session of the caller's merchant and mode. @throws ApiError resource_missing | invalid_state */
  async get(caller: Caller, sessionId: string): Promise<Receipt> {
    return await this.of(await this.d.sessions.get(caller, sessionId));
  }

  /**
   * For the public receipt page: the unguessable session id is the capability, as for the payment
   * page. Undefined for no such session. @throws ApiError invalid_state (not paid)
   */
  async getPublic(sessionId: string): Promise<Receipt | undefined> {
    const view = await this.d.sessions.getPublic(sessionId);
    return view ? await this.of(view) : undefined;
  }

  private async of(view: SessionView): Promise<Receipt> {
    const s = view.session;
    return buildReceipt({
      session: s,
      payments: view.payments,
      refunds: s.status === 'SUCCEEDED' ? await this.d.refunds.forSession(s.id) : [],
      merchant: await this.d.merchants.get(s.merchantId),
      networks: this.d.networks,
    });
  }
}
