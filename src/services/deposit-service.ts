import type { UnmatchedTransfer } from '../domain/chain-scan.js';
import type { Deposit, DepositStatus } from '../domain/deposit.js';
import { resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import { fromBaseUnits, type Network } from '../domain/networks.js';
import type { Clock, DepositStore, EventStore } from './ports.js';

export type DepositEventType = 'deposit.unmatched';

/**
 * Unmatched deposits: money that reached the merchant's accounts without paying a session, recorded
 * from the watchers' scans and shown to the owner. Never in balances or the ledger (docs/payments.md,
 * "Unmatched deposits"). Issue 17 adds attributing, refunding and dismissing them.
 */
export class DepositService {
  constructor(
    private readonly d: {
      store: DepositStore;
      events: EventStore;
      now: Clock;
      /** The shop whose accounts the watchers follow (the app has one). */
      merchantId: string;
      /** A deposit as the API shows it, for its event's `data.object`. */
      renderEvent: (d: Deposit) => unknown;
    },
  ) {}

  /**
   * Records a scan's unmatched transfers, with a `deposit.unmatched` event for each new one. Runs inside
   * the payment recorder's transaction, so it commits with the cursor move that found them; a transfer
   * recorded already (a repeated scan) is left alone. @returns how many were new
   */
  recordInTransaction(network: Network, livemode: boolean, transfers: readonly UnmatchedTransfer[]): number {
    const now = this.d.now();
    let recorded = 0;
    for (const t of transfers) {
      // Zero-value and sub-micro "dust" transfers are address-poisoning spam, as for payments: not money to show.
      if (fromBaseUnits(t.amountBase, t.decimals) === 0n) continue;
      const deposit: Deposit = {
        id: newId('deposit', now),
        merchantId: this.d.merchantId,
        network,
        livemode,
        txId: t.txId,
        eventIndex: t.eventIndex,
        blockNumber: t.blockNumber,
        blockRef: t.blockRef,
        blockTime: t.blockTime,
        from: t.from,
        to: t.to,
        currency: t.currency,
        tokenContract: t.tokenContract,
        amountBase: t.amountBase,
        decimals: t.decimals,
        reason: t.reason,
        status: 'unmatched',
        createdAt: now,
      };
      if (!this.d.store.insertIfNew(deposit)) continue;
      this.emit('deposit.unmatched', deposit);
      recorded++;
    }
    return recorded;
  }

  list(caller: Caller, q: { limit: number; startingAfter?: string; endingBefore?: string; status?: DepositStatus; network?: string }): { items: Deposit[]; hasMore: boolean } {
    return this.d.store.list({ ...q, merchantId: caller.merchantId, livemode: caller.livemode });
  }

  /** @throws ApiError resource_missing for another merchant's, the other mode's, or no such deposit */
  get(caller: Caller, id: string): Deposit {
    const d = this.d.store.findById(id);
    if (!d || d.merchantId !== caller.merchantId || d.livemode !== caller.livemode) throw resourceMissing('deposit', id);
    return d;
  }

  private emit(type: DepositEventType, d: Deposit): void {
    this.d.events.insert({
      id: newId('event'),
      merchantId: d.merchantId,
      livemode: d.livemode,
      type,
      objectId: d.id,
      payload: JSON.stringify(this.d.renderEvent(d)),
      createdAt: this.d.now(),
    });
  }
}
