import type { Currency } from '../domain/currencies.js';
import { convertMinor } from '../domain/conversion.js';
import { ApiError, invalidParam, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { formatDecimal, divHalfUp } from '../domain/money.js';
import { scaleOf } from '../domain/currencies.js';
import type { Caller } from '../domain/merchant.js';
import type { Rate, RateSource } from '../domain/rates.js';
import type { LedgerService } from './ledger-service.js';
import type { MerchantService } from './merchant-service.js';
import { unavailableMessage } from './rate-service.js';
import type { Clock, Conversion, ConversionQuote, LedgerStore, UnitOfWork } from './ports.js';

/** How long a quoted rate may be used: long enough to read it and say yes. */
export const QUOTE_LIFETIME_MS = 60_000;

export interface ConversionRequest {
  fromMinor: bigint;
  fromCurrency: Currency;
  toCurrency: Currency;
  quoteId?: string;
}

/**
 * Moves funds between the merchant's accounts at a quoted rate: the debit, the credit and the fee
 * are three ledger entries written with the conversion in one transaction, from available funds only.
 */
export class ConversionService {
  constructor(
    private readonly d: {
      store: LedgerStore;
      ledger: LedgerService;
      merchants: MerchantService;
      rates: (livemode: boolean) => RateSource;
      now: Clock;
      tx: UnitOfWork;
    },
  ) {}

  /** @throws ApiError parameter_invalid | rate_unavailable */
  async quote(caller: Caller, request: Omit<ConversionRequest, 'quoteId'>): Promise<ConversionQuote> {
    const now = this.d.now();
    const priced = await this.price(caller.merchantId, caller.livemode, request.fromMinor, request.fromCurrency, request.toCurrency);
    const quote: ConversionQuote = {
      id: newId('conversionQuote', now),
      merchantId: caller.merchantId,
      livemode: caller.livemode,
      fromCurrency: request.fromCurrency,
      fromAmountMinor: request.fromMinor,
      toCurrency: request.toCurrency,
      ...priced,
      createdAt: now,
      expiresAt: now + QUOTE_LIFETIME_MS,
    };
    // Kept in the store, not in memory: the conversion may reach another instance than the quote did.
    await this.d.store.purgeQuotes(now);
    await this.d.store.insertQuote(quote);
    return quote;
  }

  /**
   * Executes a conversion: at the quote's rate when `quoteId` is given (it must match and be
   * unexpired), else at the current rate.
   * @throws ApiError parameter_invalid | resource_missing (quote) | invalid_state (expired quote) |
   *   amount_too_large (more than is available) | rate_unavailable
   */
  async convert(caller: Caller, request: ConversionRequest): Promise<Conversion> {
    const quoteId = request.quoteId;
    // The quote is read, checked and deleted in the conversion's unit of work: units run one at a
    // time on every instance of the store, so a quote is used once, and kept if the conversion fails.
    return await this.d.tx(async () => {
      const priced = quoteId === undefined ? undefined : await this.usableQuote(caller, request, quoteId);
      const conversion = await this.convertInTransaction(caller.merchantId, caller.livemode, request.fromMinor, request.fromCurrency, request.toCurrency, {
        priced,
        quoteId: quoteId ?? null,
        automatic: false,
      });
      if (quoteId !== undefined) await this.d.store.deleteQuote(quoteId);
      return conversion;
    });
  }

  /** @throws ApiError resource_missing | invalid_state (expired) | parameter_invalid (another amount or pair) */
  private async usableQuote(caller: Caller, request: ConversionRequest, quoteId: string): Promise<ConversionQuote> {
    const q = await this.d.store.findQuote(quoteId);
    if (!q || q.merchantId !== caller.merchantId || q.livemode !== caller.livemode) throw resourceMissing('conversion quote', quoteId, 'quote_id');
    if (q.expiresAt <= this.d.now()) {
      throw new ApiError('invalid_state', `This quote expired at ${new Date(q.expiresAt).toISOString()}; ask for a new one.`, 'quote_id');
    }
    if (q.fromAmountMinor !== request.fromMinor || q.fromCurrency !== request.fromCurrency || q.toCurrency !== request.toCurrency) {
      throw invalidParam('quote_id', 'does not match `from` and `to`: a quote is for one amount and pair');
    }
    return q;
  }

  /** The conversion's writes; call inside a transaction. */
  async convertInTransaction(
    merchantId: string,
    livemode: boolean,
    fromMinor: bigint,
    fromCurrency: Currency,
    toCurrency: Currency,
    options: { priced?: { rate: Rate; toAmountMinor: bigint; feeMinor: bigint } | undefined; quoteId: string | null; automatic: boolean },
  ): Promise<Conversion> {
    const priced = options.priced ?? await this.price(merchantId, livemode, fromMinor, fromCurrency, toCurrency);
    const available = (await this.d.ledger.account(merchantId, livemode, fromCurrency)).availableMinor;
    if (fromMinor > available) {
      throw new ApiError(
        'amount_too_large',
        `Only ${formatDecimal(available, scaleOf(fromCurrency))} ${fromCurrency} is available to convert (pending funds become available when they settle).`,
        'from.value',
      );
    }
    const now = this.d.now();
    const conversion: Conversion = {
      id: newId('conversion', now),
      merchantId,
      livemode,
      fromCurrency,
      fromAmountMinor: fromMinor,
      toCurrency,
      toAmountMinor: priced.toAmountMinor,
      feeMinor: priced.feeMinor,
      rateScaled: priced.rate.scaled,
      rateSource: priced.rate.source,
      quoteId: options.quoteId,
      automatic: options.automatic,
      createdAt: now,
    };
    await this.d.store.insertConversion(conversion);
    const what = `Conversion ${conversion.id}: ${fromCurrency} → ${toCurrency}`;
    const post = (type: 'conversion' | 'fee', currency: Currency, amountMinor: bigint) =>
      this.d.ledger.postInTransaction({ merchantId, livemode, type, currency, amountMinor, feeMinor: 0n, sourceId: conversion.id, description: what });
    await post('conversion', fromCurrency, -fromMinor);
    await post('conversion', toCurrency, priced.toAmountMinor);
    if (priced.feeMinor > 0n) await post('fee', toCurrency, -priced.feeMinor);
    return conversion;
  }

  /** @throws ApiError resource_missing */
  async get(caller: Caller, id: string): Promise<Conversion> {
    const c = await this.d.store.findConversion(id);
    if (!c || c.merchantId !== caller.merchantId || c.livemode !== caller.livemode) throw resourceMissing('conversion', id);
    return c;
  }

  async list(caller: Caller, limit: number, startingAfter?: string): Promise<{ items: Conversion[]; hasMore: boolean }> {
    if (startingAfter !== undefined) await this.get(caller, startingAfter);
    return await this.d.store.listConversions(caller.merchantId, caller.livemode, limit, startingAfter);
  }

  private async price(merchantId: string, livemode: boolean, fromMinor: bigint, from: Currency, to: Currency): Promise<{ rate: Rate; toAmountMinor: bigint; feeMinor: bigint }> {
    if (from === to) throw invalidParam('to', 'must differ from the currency converted from');
    if (fromMinor <= 0n) throw invalidParam('from.value', 'must be more than zero');
    const source = this.d.rates(livemode);
    const { rate, unavailable } = source.lookup(from, to);
    if (!rate) throw new ApiError('rate_unavailable', `Nothing was converted. ${unavailableMessage(unavailable)}`);
    const toAmountMinor = convertMinor(fromMinor, from, to, rate.scaled, 'down');
    if (toAmountMinor <= 0n) throw invalidParam('from.value', `is too small: it converts to less than the smallest unit of ${to}`);
    const bps = BigInt((await this.d.merchants.get(merchantId)).conversionFeeBps);
    return { rate, toAmountMinor, feeMinor: divHalfUp(toAmountMinor * bps, 10_000n) };
  }
}
