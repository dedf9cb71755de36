import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { FundsBalance } from '../domain/ledger.js';
import type { ConversionService } from './conversion-service.js';
import type { LedgerService } from './ledger-service.js';
import type { MerchantService } from './merchant-service.js';
import type { Clock, EventStore, LedgerStore, Settlement, UnitOfWork } from './ports.js';

/** An automatic conversion that could not be made, to be reported. */
interface NotConverted {
  target: string;
  err: ApiError;
}

/**
 * T+1: moves each scheduled settlement's pending funds to available once its time has come, says so
 * with a `balance.available` event, and converts them into the merchant's settlement currency when
 * one is set. Each settlement is settled once (its status changes in the same transaction as the
 * money), in order, and a run after downtime settles everything that came due meanwhile.
 */
export class SettlementService {
  constructor(
    private readonly d: {
      store: LedgerStore;
      ledger: LedgerService;
      conversions: ConversionService;
      merchants: MerchantService;
      events: EventStore;
      now: Clock;
      tx: UnitOfWork;
      /** Renders the event's `data.object`. */
      renderEvent: (s: Settlement, balance: FundsBalance) => unknown;
      /** Called after settlements committed (their events are in the outbox). */
      onSettled?: () => void;
      onError?: (message: string, err: unknown) => void;
    },
  ) {}

  /** Settles everything due now; returns how many settlements moved. */
  async settleDue(batch = 100): Promise<number> {
    let moved = 0;
    for (;;) {
      const due = await this.d.store.dueSettlements(this.d.now(), batch);
      for (const s of due) {
        // The unit may run more than once: what it has to report is returned and reported after it.
        const settled = await this.d.tx(async () => await this.settleInTransaction(s));
        if (!settled) continue;
        moved++;
        if (settled.notConverted) this.d.onError?.(`settlement ${s.id}: not converted to ${settled.notConverted.target}: ${settled.notConverted.err.message}`, settled.notConverted.err);
      }
      if (due.length < batch) {
        if (moved > 0) this.d.onSettled?.();
        return moved;
      }
    }
  }

  async nextDue(): Promise<number | undefined> {
    return await this.d.store.nextSettlementAt();
  }

  /** Settles `s` (false: settled already); `notConverted`: its automatic conversion could not be made. */
  private async settleInTransaction(s: Settlement): Promise<false | { notConverted: NotConverted | undefined }> {
    const now = this.d.now();
    if (!await this.d.store.markSettled(s.id, now)) return false;
    await this.d.store.adjustAccount(s.merchantId, s.livemode, s.currency, s.amountMinor, -s.amountMinor, now);
    const settled = { ...s, status: 'settled' as const, settledAt: now };
    await this.d.events.insert({
      id: newId('event', now),
      merchantId: s.merchantId,
      livemode: s.livemode,
      type: 'balance.available',
      objectId: s.id,
      payload: JSON.stringify(this.d.renderEvent(settled, await this.d.ledger.account(s.merchantId, s.livemode, s.currency))),
      createdAt: now,
    });
    return { notConverted: await this.autoConvert(settled) };
  }

  /** The merchant's settlement currency, if set: settled funds convert into it as they settle. */
  private async autoConvert(s: Settlement): Promise<NotConverted | undefined> {
    const target = (await this.d.merchants.get(s.merchantId)).settlementCurrency;
    if (!target || target === s.currency || s.amountMinor <= 0n) return undefined;
    try {
      // In a savepoint: a conversion that cannot be made (no rate) leaves the settlement itself intact.
      await this.d.tx(async () => await this.d.conversions.convertInTransaction(s.merchantId, s.livemode, s.amountMinor, s.currency, target, { quoteId: null, automatic: true }));
      return undefined;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // No rate (or too small to convert): the funds stay in their own account, available; logged
      // by settleDue once the settlement committed.
      return { target, err };
    }
  }
}
