import { type ChainScan as FamilyScan, depthAt, type ObservedTransfer } from '../domain/chain-scan.js';
import { newId } from '../domain/ids.js';
import { fromBaseUnits, type Network } from '../domain/networks.js';
import type { Payment } from '../domain/payment.js';
import type { AddressBook } from './address-book.js';
import { type DepositService, transferKey } from './deposit-service.js';
import type { LiveFeed } from './live-feed.js';
import type { ChainDirectory, ChainStateStore, Clock, PaymentStore, UnitOfWork } from './ports.js';
import type { SessionEventType, SessionService } from './session-service.js';

export type { ObservedTransfer };

/** What one watcher pass learned about a network (domain/chain-scan.ts), with where and how it counts. */
export interface ChainScan extends FamilyScan {
  network: Network;
  livemode: boolean;
  /** Confirmations a payment needs on this network. */
  confirmations: number;
}

/**
 * Turns what watchers see into payments and session states. Everything from one scan (orphaning
 * dropped payments, recording new ones, counting confirmations, re-deriving sessions, writing
 * events, recording, counting and orphaning unmatched deposits, moving the cursor) commits together, so a crash mid-way
 * repeats the scan rather than half-applying it; and payments are keyed by network, transaction id,
 * event index and block (deposits by network, transaction id and event index), so repeating it
 * records nothing twice.
 */
export class PaymentRecorder {
  constructor(
    private readonly deps: {
      tx: UnitOfWork;
      payments: PaymentStore;
      chainState: ChainStateStore;
      addressBook: AddressBook;
      chains: ChainDirectory;
      sessions: SessionService;
      live: LiveFeed;
      now: Clock;
      /** Records the scan's unmatched transfers (never payments, never in balances), counts and orphans deposits. */
      deposits: Pick<DepositService, 'applyPassInTransaction' | 'paymentOrphanedInTransaction'>;
      /** Called after a scan wrote deposit events (`deposit.unmatched`, `deposit.orphaned`): they wait in the outbox. */
      onDeposits: () => void;
    },
  ) {}

  /**
   * `fence`, when given, runs first inside the scan's unit of work and may throw to refuse it (a
   * watcher whose instance no longer leads the network: services/leadership.ts): nothing is written.
   */
  async apply(scan: ChainScan, fence?: () => Promise<void>): Promise<string[]> {
    const { payments, chainState, addressBook, sessions } = this.deps;
    const family = this.deps.chains.familyOf(scan.network)?.id;
    if (family === undefined) throw new Error(`no registered chain family has the network ${scan.network}`);
    const touched = new Map<string, SessionEventType[]>();
    const touch = (sessionId: string | null, event?: SessionEventType) => {
      if (!sessionId) return;
      const list = touched.get(sessionId) ?? [];
      if (event) list.push(event);
      touched.set(sessionId, list);
    };
    let deposits = 0;
    // A deposit attributed to a session is a payment its watcher reports as unmatched: still seen, not orphaned.
    const seen = new Set([...scan.transfers, ...(scan.unmatched ?? [])].map(transferKey));

    await this.deps.tx(async () => {
      await fence?.();
      const now = this.deps.now();
      if (scan.reorgAncestor !== undefined) {
        await chainState.dropBlocksAbove(scan.network, scan.livemode, scan.reorgAncestor, scan.reorgUpTo);
        // Confirmed payments are final (a reorganisation deeper than the confirmations is not undone).
        // Those above what this pass read again are left for the chunk that reads them (reorgUpTo).
        for (const p of await payments.unconfirmedAbove(scan.network, scan.livemode, scan.reorgAncestor)) {
          if (seen.has(transferKey(p)) || (scan.reorgUpTo !== undefined && p.blockNumber > scan.reorgUpTo)) continue;
          await payments.setProgress(p.id, 0, 'orphaned', now);
          touch(p.sessionId, 'payment_session.payment_orphaned');
          // An attributed deposit's payment: the deposit never arrived either.
          if (await this.deps.deposits.paymentOrphanedInTransaction(p)) deposits++;
        }
      }
      // Two hashes at one height cannot both be on the chain: an unconfirmed payment in a block this scan
      // read another block at the height of is orphaned, even when the pass did not see the
      // reorganisation itself (the chain changed while it read, after its head was taken). A re-read
      // makes that race more likely than a single read did.
      const readAt = new Map<number, Set<string>>();
      for (const t of [...scan.transfers, ...(scan.unmatched ?? [])]) readAt.set(t.blockNumber, (readAt.get(t.blockNumber) ?? new Set()).add(t.blockRef));
      if (readAt.size > 0) {
        for (const p of await payments.unconfirmed(scan.network, scan.livemode)) {
          const refs = readAt.get(p.blockNumber);
          if (!refs || refs.has(p.blockRef)) continue;
          await payments.setProgress(p.id, 0, 'orphaned', now);
          touch(p.sessionId, 'payment_session.payment_orphaned');
          if (await this.deps.deposits.paymentOrphanedInTransaction(p)) deposits++;
        }
      }
      for (const t of scan.transfers) {
        const amountMinor = fromBaseUnits(t.amountBase, t.decimals);
        // Zero-value and sub-micro "dust" transfers (address-poisoning spam) are not payments.
        if (amountMinor === 0n) continue;
        const { confirmations, confirmed } = depthAt(scan.head, t.blockNumber, scan.confirmations);
        const existing = await payments.find(scan.network, scan.livemode, t.txId, t.eventIndex, t.blockRef);
        if (!existing) {
          const sessionId = (await addressBook.lookup(family, scan.livemode, t.to)) ?? null;
          const payment: Payment = {
            id: newId('payment'),
            sessionId,
            network: scan.network,
            livemode: scan.livemode,
            currency: t.currency,
            tokenContract: t.tokenContract,
            txId: t.txId,
            eventIndex: t.eventIndex,
            blockNumber: t.blockNumber,
            blockRef: t.blockRef,
            blockTime: t.blockTime,
            from: t.from,
            to: t.to,
            amountBase: t.amountBase,
            amountMinor,
            confirmations,
            status: confirmed ? 'confirmed' : 'detected',
            detectedAt: now,
          };
          await payments.insert(payment, now);
          touch(sessionId, 'payment_session.payment_detected');
        } else if (existing.status === 'orphaned') {
          // Its block came back (a reorganisation undone): the same payment counts again. A transfer
          // re-included in a different block is a new row above, never a rewrite of this one, so an event
          // index that shifted can never credit one session's transfer to another.
          await payments.revive(existing.id, now);
          touch(existing.sessionId, 'payment_session.payment_detected');
        }
      }
      // A payment read again after its session's window ended comes as `late` money, yet it is still
      // that session's payment: if a reorganisation had orphaned it and its block came back, it counts
      // again, as above (and never also as a deposit: the deposit service skips a recorded payment).
      for (const t of scan.unmatched ?? []) {
        const existing = await payments.find(scan.network, scan.livemode, t.txId, t.eventIndex, t.blockRef);
        if (existing?.status !== 'orphaned') continue;
        await payments.revive(existing.id, now);
        touch(existing.sessionId, 'payment_session.payment_detected');
      }
      for (const p of await payments.unconfirmed(scan.network, scan.livemode)) {
        const { confirmations, confirmed } = depthAt(scan.head, p.blockNumber, scan.confirmations);
        const status = confirmed ? 'confirmed' : 'detected';
        if (confirmations !== p.confirmations || status !== p.status) {
          await payments.setProgress(p.id, confirmations, status, now);
          touch(p.sessionId);
        }
      }
      // Every pass, not only one that found deposits: unconfirmed deposits are counted and orphaned as payments are.
      deposits += await this.deps.deposits.applyPassInTransaction(
        scan.network,
        scan.livemode,
        { head: scan.head, confirmations: scan.confirmations, seen, ...(scan.reorgAncestor !== undefined && { reorgAncestor: scan.reorgAncestor }), ...(scan.reorgUpTo !== undefined && { reorgUpTo: scan.reorgUpTo }) },
        scan.unmatched ?? [],
      );
      await chainState.putBlocks(scan.network, scan.livemode, scan.blocks);
      await chainState.setCursor(scan.network, scan.livemode, scan.chainId, scan.cursor, now);
      for (const [sessionId, events] of touched) await sessions.refreshInTransaction(sessionId, events);
    });

    for (const sessionId of touched.keys()) this.deps.live.publish(sessionId);
    if (deposits > 0) this.deps.onDeposits();
    return [...touched.keys()];
  }
}
