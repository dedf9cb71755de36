import { type Currency, STABLECOINS } from '../domain/currencies.js';
import { ApiError, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import { quoteStablecoinAmount, type RateSource } from '../domain/rates.js';
import type { LineItem, PaymentSession, SessionListQuery, SessionQuote } from '../domain/session.js';
import { canExpire, cancel } from '../domain/session-state.js';
import type { MerchantService } from './merchant-service.js';
import type { Clock, SessionStore } from './ports.js';

/** A session to create, already parsed from either request shape. */
export interface NewSessionInput {
  merchantDomainId: string | null;
  currency: Currency;
  amountMinor: bigint;
  lineItems: readonly LineItem[];
  description: string | null;
  clientReferenceId: string | null;
  metadata: Readonly<Record<string, string>>;
  /** Requested deadline (ms); null for the merchant's default expiry. */
  expiresAt: number | null;
  successUrl: string | null;
  cancelUrl: string | null;
  /** Where the request named the domain, for the error's `param`. */
  domainParam: string;
  /** Where the request named the deadline, for the error's `param`. */
  expiresAtParam: string;
}

/** Bounds on a caller-chosen expiry: long enough to pay, short enough that a locked rate stays fair. */
export const MIN_EXPIRY_MS = 60_000;
export const MAX_EXPIRY_MS = 24 * 60 * 60 * 1000;

export class SessionService {
  constructor(
    private readonly store: SessionStore,
    private readonly merchants: MerchantService,
    private readonly rates: (livemode: boolean) => RateSource,
    private readonly now: Clock,
    /** Told when a new deadline exists, so the expiry timer can wake earlier if needed. */
    private readonly onDeadline: (at: number) => void = () => {},
  ) {}

  /** @throws ApiError merchant_mismatch, parameter_invalid (expires_at), rate_unavailable */
  create(caller: Caller, input: NewSessionInput): PaymentSession {
    const merchant = this.merchants.get(caller.merchantId);
    const domainId = input.merchantDomainId ?? merchant.domains[0]?.id;
    if (!domainId || !merchant.domains.some((d) => d.id === domainId)) {
      throw new ApiError('merchant_mismatch', `The merchant domain '${input.merchantDomainId}' does not belong to this API key's merchant.`, input.domainParam);
    }
    const now = this.now();
    const expiresAt = input.expiresAt ?? now + merchant.sessionExpirySeconds * 1000;
    if (expiresAt < now + MIN_EXPIRY_MS || expiresAt > now + MAX_EXPIRY_MS) {
      throw new ApiError('parameter_invalid', 'must be between 1 minute and 24 hours from now', input.expiresAtParam);
    }
    const session: PaymentSession = {
      id: newId('session'),
      merchantId: merchant.id,
      merchantDomainId: domainId,
      livemode: caller.livemode,
      status: 'PENDING',
      exception: null,
      currency: input.currency,
      amountMinor: input.amountMinor,
      amountReceivedMinor: 0n,
      amountRefundedMinor: 0n,
      description: input.description,
      clientReferenceId: input.clientReferenceId,
      metadata: input.metadata,
      lineItems: input.lineItems,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      resolvedBy: null,
      createdAt: now,
      expiresAt,
      updatedAt: now,
      quotes: this.lockQuotes(caller.livemode, input.currency, input.amountMinor),
    };
    this.store.insert(session);
    this.onDeadline(expiresAt);
    return session;
  }

  /**
   * Locks, for each stablecoin, the rate and the amount due for the session's lifetime.
   * A missing rate refuses the session rather than guessing a price.
   */
  private lockQuotes(livemode: boolean, currency: Currency, amountMinor: bigint): SessionQuote[] {
    const source = this.rates(livemode);
    return STABLECOINS.map((coin) => {
      const rate = source.rate(currency, coin);
      if (!rate) {
        throw new ApiError(
          'rate_unavailable',
          `No ${currency}→${coin} rate is configured (rate source: ${source.name}); set one in Settings → Rates, or price the session in USD, USDT or USDC.`,
        );
      }
      return {
        currency: coin,
        rateScaled: rate.scaled,
        rateSource: rate.source,
        amountDueMinor: quoteStablecoinAmount(amountMinor, currency, coin, rate.scaled),
      };
    });
  }

  /**
   * A session the caller may see. One of the other mode, or another merchant's, is "missing" to
   * this caller: a test key never learns what live objects exist.
   * @throws ApiError resource_missing
   */
  get(caller: Caller, id: string): PaymentSession {
    const session = this.store.findById(id);
    if (!session || session.merchantId !== caller.merchantId || session.livemode !== caller.livemode) {
      throw resourceMissing('payment session', id);
    }
    return session;
  }

  /** For the public checkout page: the unguessable id is the capability. */
  getPublic(id: string): PaymentSession | undefined {
    return this.store.findById(id);
  }

  list(caller: Caller, query: Omit<SessionListQuery, 'merchantId' | 'livemode'>): { items: PaymentSession[]; hasMore: boolean } {
    for (const [param, id] of [['starting_after', query.startingAfter], ['ending_before', query.endingBefore]] as const) {
      if (id !== undefined) {
        const cursor = this.store.findById(id);
        if (!cursor || cursor.merchantId !== caller.merchantId || cursor.livemode !== caller.livemode) {
          throw resourceMissing('payment session', id, param);
        }
      }
    }
    return this.store.list({ ...query, merchantId: caller.merchantId, livemode: caller.livemode });
  }

  /** @throws ApiError resource_missing | invalid_state */
  cancel(caller: Caller, id: string): PaymentSession {
    const session = this.get(caller, id);
    const next = cancel(session);
    if (!this.store.transition(id, session.status, next, this.now())) {
      // Something (the expiry timer, a payment) moved it first: judge again on what it is now.
      return this.cancel(caller, id);
    }
    return this.get(caller, id);
  }

  /** Expires every PENDING session past its deadline; returns how many moved. */
  expireDue(batch = 500): number {
    let moved = 0;
    for (;;) {
      const now = this.now();
      const due = this.store.dueForExpiry(now, batch);
      for (const id of due) {
        const session = this.store.findById(id);
        if (session && canExpire(session) && this.store.transition(id, session.status, 'EXPIRED', now)) moved++;
      }
      if (due.length < batch) return moved;
    }
  }

  nextDeadline(): number | undefined {
    return this.store.nextExpiry();
  }
}
