import { depthAt, type UnmatchedTransfer } from '../domain/chain-scan.js';
import type { Deposit, DepositListQuery } from '../domain/deposit.js';
import { ApiError, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import { fromBaseUnits, type Network } from '../domain/networks.js';
import { holdsMoney, type Refund, type RefundStatus } from '../domain/refund.js';
import type { LiveFeed } from './live-feed.js';
import type { Clock, DepositStore, EventStore, PaymentStore, SessionStore, UnitOfWork } from './ports.js';
import type { RefundService, RefundView } from './refund-service.js';
import type { SessionService } from './session-service.js';

export type DepositEventType = 'deposit.unmatched' | 'deposit.attributed' | 'deposit.refunded' | 'deposit.dismissed' | 'deposit.orphaned';

/** Where a watcher's pass stands on its network: what deposits' confirmations are counted against. */
export interface DepositPass {
  /** The chain's newest block at the network's final commitment (Solana: the `finalized` slot by default). */
  head: number;
  /** Confirmations the network requires (as for payments). */
  confirmations: number;
  /** Set when the pass found a reorganisation: blocks above it were replaced. */
  reorgAncestor?: number;
  /** With `reorgAncestor`: the newest block the pass read again; deposits above it are left alone (ChainScan.reorgUpTo). */
  reorgUpTo?: number;
  /** `txId:eventIndex:blockRef` of every transfer the pass reported (payments and unmatched). */
  seen: ReadonlySet<string>;
}

/** A transfer as a pass's `seen` set keys it. */
export const transferKey = (t: { txId: string; eventIndex: number; blockRef: string }): string => `${t.txId}:${t.eventIndex}:${t.blockRef}`;

/** What the owner's actions on a deposit need besides recording them (core-services.ts wires them). */
export interface DepositResolution {
  tx: UnitOfWork;
  sessions: SessionStore;
  /** The session's state machine (state, ledger, events) over its row and payments as read here, as a watcher's scan does. */
  sessionState: Pick<SessionService, 'deriveInTransaction'>;
  refunds: Pick<RefundService, 'createForDeposit'>;
  /** A refund's status, to tell one still holding the deposit's money from one that failed or was canceled. */
  refundStatus: (id: string) => Promise<RefundStatus | undefined>;
  live: LiveFeed;
  /** After a committed change: wake the webhook dispatcher. */
  onChange: () => void;
}

/**
 * Unmatched deposits: money that reached the merchant's accounts without paying a session, recorded
 * from the watchers' scans and shown to the owner, who attributes it to a session, refunds it to its
 * sender or dismisses it. Never in balances or the ledger until attributed (docs/payments.md,
 * "Unmatched deposits").
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
      /** Payments, so that one transfer is never both a payment and a deposit. */
      payments?: Pick<PaymentStore, 'find' | 'insert' | 'forSession'>;
      /** The owner's actions; without them (a recorder alone) only recording and reading work. */
      resolution?: DepositResolution;
    },
  ) {}

  /**
   * A watcher's pass, for deposits, inside the payment recorder's transaction (so it commits with the
   * cursor move): first, a reorganisation orphans the `unmatched`, unconfirmed deposits above its
   * ancestor that the rescan did not find again (`deposit.orphaned`); then the pass's unmatched
   * transfers are recorded (`deposit.unmatched`; an orphaned one found again, in whatever block, is
   * unmatched again with that block); then every unconfirmed deposit's confirmations are counted, as
   * payments' are. A transfer recorded already (a repeated scan), or already a session's payment, is
   * left alone. @returns how many events were written
   */
  async applyPassInTransaction(network: Network, livemode: boolean, pass: DepositPass, transfers: readonly UnmatchedTransfer[]): Promise<number> {
    const now = this.d.now();
    let events = 0;
    if (pass.reorgAncestor !== undefined) {
      for (const d of await this.d.store.unconfirmed(network, livemode)) {
        if (d.blockNumber <= pass.reorgAncestor || (pass.reorgUpTo !== undefined && d.blockNumber > pass.reorgUpTo) || pass.seen.has(transferKey(d))) continue;
        await this.orphan(d, now);
        events++;
      }
    }
    for (const t of transfers) {
      // Zero-value and sub-micro "dust" transfers are address-poisoning spam, as for payments: not money to show.
      if (fromBaseUnits(t.amountBase, t.decimals) === 0n) continue;
      // Counted once: a transfer that pays a session is never also a deposit.
      if (await this.d.payments?.find(network, livemode, t.txId, t.eventIndex, t.blockRef)) continue;
      const block = { blockNumber: t.blockNumber, blockRef: t.blockRef, blockTime: t.blockTime, ...depthAt(pass.head, t.blockNumber, pass.confirmations) };
      const deposit: Deposit = {
        id: newId('deposit', now),
        merchantId: this.d.merchantId,
        network,
        livemode,
        txId: t.txId,
        eventIndex: t.eventIndex,
        ...block,
        from: t.from,
        to: t.to,
        currency: t.currency,
        tokenContract: t.tokenContract,
        amountBase: t.amountBase,
        decimals: t.decimals,
        reason: t.reason,
        status: 'unmatched',
        createdAt: now,
        resolvedSessionId: null,
        refundId: null,
        note: null,
        resolvedAt: null,
        resolvedBy: null,
      };
      if (await this.d.store.insertIfNew(deposit)) {
        await this.emit('deposit.unmatched', deposit);
        events++;
        continue;
      }
      // Dropped by a reorganisation, then mined again (the same block back, or another): the money did arrive.
      const known = await this.d.store.findByTransfer(network, livemode, t.txId, t.eventIndex);
      if (known?.status !== 'orphaned') continue;
      await this.d.store.update(known.id, { ...block, status: 'unmatched' }, now);
      await this.emit('deposit.unmatched', await this.d.store.findById(known.id) as Deposit);
      events++;
    }
    for (const d of await this.d.store.unconfirmed(network, livemode)) {
      const counted = depthAt(pass.head, d.blockNumber, pass.confirmations);
      if (counted.confirmations !== d.confirmations || counted.confirmed !== d.confirmed) await this.d.store.update(d.id, counted, now);
    }
    return events;
  }

  /**
   * A reorganisation orphaned a session's payment (inside the recorder's transaction): if it was an
   * attributed deposit's, that deposit is orphaned too, since the money it counted never arrived.
   * @returns whether it was
   */
  async paymentOrphanedInTransaction(p: { network: Network; livemode: boolean; txId: string; eventIndex: number; blockRef: string }): Promise<boolean> {
    const d = await this.d.store.findByTransfer(p.network, p.livemode, p.txId, p.eventIndex);
    if (d?.status !== 'attributed' || d.blockRef !== p.blockRef) return false;
    await this.orphan(d, this.d.now());
    return true;
  }

  private async orphan(d: Deposit, now: number): Promise<void> {
    await this.d.store.update(d.id, { status: 'orphaned', confirmations: 0, confirmed: false }, now);
    await this.emit('deposit.orphaned', await this.d.store.findById(d.id) as Deposit);
  }

  /** @throws ApiError resource_missing (starting_after, ending_before) */
  async list(caller: Caller, q: Omit<DepositListQuery, 'merchantId' | 'livemode'>): Promise<{ items: Deposit[]; hasMore: boolean }> {
    for (const [param, id] of [['starting_after', q.startingAfter], ['ending_before', q.endingBefore]] as const) {
      if (id !== undefined) await this.owned(caller, id, param);
    }
    return await this.d.store.list({ ...q, merchantId: caller.merchantId, livemode: caller.livemode });
  }

  /** @throws ApiError resource_missing for another merchant's, the other mode's, or no such deposit */
  async get(caller: Caller, id: string): Promise<Deposit> {
    return await this.owned(caller, id);
  }

  /**
   * The deposit pays `sessionId` as if the customer had paid the session with it when it arrived: a
   * payment row carrying its transfer (confirmations counted by the network's watcher, as any
   * payment's), the session re-derived by its state machine (which books the ledger and writes the
   * session's events), and the deposit `attributed`. All in one transaction.
   * @throws ApiError resource_missing (id, session_id), invalid_state (resolved already, a refund under
   *   way, a token the app does not support, a wrong asset, a session not taking the coin, the transfer a
   *   payment already), deposit_unconfirmed (short of the network's confirmations)
   */
  async attribute(caller: Caller, id: string, sessionId: string): Promise<Deposit> {
    const r = this.resolution();
    const after = await r.tx(async () => {
      const d = await this.open(caller, id);
      if (d.currency === null) {
        throw new ApiError('invalid_state', 'A token the app does not support cannot pay a session (it is never converted nor counted); refund it by hand or dismiss it.');
      }
      if (d.reason === 'wrong_asset') {
        // Its token is not the coin the network offers (another contract, maybe other decimals): as a
        // session's payment it would be booked, and later refunded, as that coin. It goes back as it came.
        throw new ApiError(
          'invalid_state',
          `This ${d.currency} was sent by a token contract the ${d.network} network does not offer here, so it cannot pay a session; refund it (it goes back by its own contract) or dismiss it.`,
        );
      }
      this.settled(d);
      const session = await r.sessions.findById(sessionId);
      if (!session || session.merchantId !== caller.merchantId || session.livemode !== caller.livemode) throw resourceMissing('payment session', sessionId, 'session_id');
      if (!session.quotes.some((q) => q.currency === d.currency)) {
        throw new ApiError('invalid_state', `This session takes no ${d.currency} (it locked rates for ${session.quotes.map((q) => q.currency).join(', ') || 'no coin'}).`, 'session_id');
      }
      const payments = this.payments();
      if (await payments.find(d.network, d.livemode, d.txId, d.eventIndex, d.blockRef)) {
        throw new ApiError('invalid_state', 'This transfer is already a payment of a session; it cannot be counted twice.');
      }
      const now = this.d.now();
      await payments.insert(
        {
          id: newId('payment'),
          sessionId: session.id,
          network: d.network,
          livemode: d.livemode,
          currency: d.currency,
          tokenContract: d.tokenContract,
          txId: d.txId,
          eventIndex: d.eventIndex,
          blockNumber: d.blockNumber,
          blockRef: d.blockRef,
          blockTime: d.blockTime,
          from: d.from,
          to: d.to,
          amountBase: d.amountBase,
          amountMinor: fromBaseUnits(d.amountBase, d.decimals),
          // Never confirmed here, by the deposit's height: the network's watcher confirms it on its next
          // pass, after that pass's reorganisation check, which orphans it (and the deposit) if its
          // block was replaced meanwhile.
          confirmations: 0,
          status: 'detected',
          detectedAt: now,
        },
        now,
      );
      await this.d.store.update(d.id, { status: 'attributed', resolvedSessionId: session.id, resolvedAt: now, resolvedBy: actor(caller) }, now);
      // The session's row read above is unchanged by the payment's insert; its payments are read once, with it.
      await r.sessionState.deriveInTransaction(session, await payments.forSession(session.id), ['payment_session.payment_detected']);
      const after = await this.d.store.findById(d.id) as Deposit;
      await this.emit('deposit.attributed', after);
      return after;
    });
    r.live.publish(sessionId);
    r.onChange();
    return after;
  }

  /**
   * Sends the deposit back through the refund machinery (refund-service.ts: signed, sent, confirmed and
   * retried like a session's refund). The deposit shows the refund's id at once and becomes `refunded`
   * when the refund succeeds; a refund that fails or is canceled leaves it `unmatched`.
   * @throws ApiError resource_missing, invalid_state (resolved already, a refund under way, a token the
   *   app does not support), deposit_unconfirmed, network_unavailable, parameter_invalid (destination_address)
   */
  async refund(caller: Caller, id: string, input: { reason?: string; destinationAddress?: string }): Promise<RefundView> {
    const r = this.resolution();
    const d = await this.open(caller, id);
    const currency = d.currency;
    if (currency === null) {
      throw new ApiError(
        'invalid_state',
        'The app cannot pay out a token it does not support: send it back by hand from the wallet that received it, then dismiss the deposit with a note saying so.',
      );
    }
    this.settled(d);
    const view = await r.refunds.createForDeposit(caller, {
      deposit: { ...d, currency },
      ...(input.reason !== undefined && { reason: input.reason }),
      ...(input.destinationAddress !== undefined && { destinationAddress: input.destinationAddress }),
      claim: async (refundId) => {
        this.settled(await this.open(caller, id)); // again inside the transaction: two requests at once never both pass
        await this.d.store.update(id, { refundId, resolvedBy: actor(caller) }, this.d.now());
      },
    });
    r.onChange();
    return view;
  }

  /** Dismissed for good, with the owner's note: never attributed, refunded nor counted. @throws ApiError resource_missing | invalid_state */
  async dismiss(caller: Caller, id: string, note: string): Promise<Deposit> {
    const r = this.resolution();
    const after = await r.tx(async () => {
      // Dismissing moves no money: it need not wait for the confirmations.
      const d = await this.open(caller, id);
      const now = this.d.now();
      await this.d.store.update(d.id, { status: 'dismissed', note, resolvedAt: now, resolvedBy: actor(caller) }, now);
      const after = await this.d.store.findById(d.id) as Deposit;
      await this.emit('deposit.dismissed', after);
      return after;
    });
    r.onChange();
    return after;
  }

  /** A deposit's refund SUCCEEDED (called inside the refund's transaction): the deposit is `refunded`. */
  async refundSucceededInTransaction(refund: Refund): Promise<void> {
    if (refund.depositId === null) return;
    const d = await this.d.store.findById(refund.depositId);
    if (!d || d.status !== 'unmatched') return;
    const now = this.d.now();
    await this.d.store.update(d.id, { status: 'refunded', refundId: refund.id, resolvedAt: now }, now);
    await this.emit('deposit.refunded', await this.d.store.findById(d.id) as Deposit);
  }

  /**
   * A deposit the caller may resolve: `unmatched`, with no refund holding its money. Moving its money
   * (attribute, refund) also needs `settled` after that action's own refusals.
   * @throws ApiError resource_missing | invalid_state (409)
   */
  private async open(caller: Caller, id: string): Promise<Deposit> {
    const d = await this.owned(caller, id);
    if (d.status === 'orphaned') {
      throw new ApiError('invalid_state', 'A reorganisation of the chain dropped this deposit\'s transaction: the money never arrived, so there is nothing to attribute, refund or dismiss. It comes back as unmatched if the transaction is mined again.');
    }
    if (d.status !== 'unmatched') {
      throw new ApiError('invalid_state', `This deposit is ${d.status} already; a deposit is attributed, refunded or dismissed once.`);
    }
    const refundStatus = d.refundId === null ? undefined : await this.resolution().refundStatus(d.refundId);
    if (refundStatus !== undefined && holdsMoney(refundStatus)) {
      throw new ApiError('invalid_state', `A refund of this deposit (${d.refundId}) is ${refundStatus}; it cannot be resolved otherwise unless that refund fails or is canceled.`);
    }
    return d;
  }

  /**
   * Money moves only for money settled on chain: a deposit short of the network's confirmations may
   * still be dropped by a reorganisation. Checked after an action's permanent refusals (a token the app
   * does not support, a wrong asset), so that "retry when confirmed" is never said of what never will.
   * @throws ApiError deposit_unconfirmed (409)
   */
  private settled(d: Deposit): void {
    if (d.confirmed) return;
    throw new ApiError(
      'deposit_unconfirmed',
      `This deposit has ${d.confirmations} of the confirmations the ${d.network} network requires; until it has them a reorganisation may still drop it. Retry when \`confirmed\` is true.`,
    );
  }

  private async owned(caller: Caller, id: string, param = 'id'): Promise<Deposit> {
    const d = await this.d.store.findById(id);
    if (!d || d.merchantId !== caller.merchantId || d.livemode !== caller.livemode) throw resourceMissing('deposit', id, param);
    return d;
  }

  private resolution(): DepositResolution {
    if (!this.d.resolution) throw new Error('deposits cannot be resolved here: no resolution services were given');
    return this.d.resolution;
  }

  private payments(): Pick<PaymentStore, 'find' | 'insert' | 'forSession'> {
    if (!this.d.payments) throw new Error('deposits cannot be attributed here: no payment store was given');
    return this.d.payments;
  }

  private async emit(type: DepositEventType, d: Deposit): Promise<void> {
    await this.d.events.insert({
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

/** Who acted, as `resolved_by` shows it: the API key's id, or the signed-in user. */
const actor = (caller: Caller): string => (caller.userId !== undefined ? `ui:${caller.userId}` : caller.via);
