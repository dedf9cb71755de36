import { type ChainScan as FamilyScan, depthAt, type ObservedTransfer } from '../domain/chain-scan.js';
import { newId } from '../domain/ids.js';
import { type FamilyId, fromBaseUnits, type Network } from '../domain/networks.js';
import type { Payment } from '../domain/payment.js';
import type { AddressBook } from './address-book.js';
import { type DepositService, transferKey } from './deposit-service.js';
import type { LiveFeed } from './live-feed.js';
import type { ChainDirectory, ChainStateStore, Clock, PaymentStore, SessionStore, UnitOfWork } from './ports.js';
import type { RefundService } from './refund-service.js';
import type { SessionEventType, SessionService } from './session-service.js';

export type { ObservedTransfer };

/** A pass's answers about recipients: the session whose deposit the address is, 'ended' (its window has), null (none). */
type Matches = Map<string, string | 'ended' | null>;
const sessionOf = (found: string | 'ended' | null | undefined): string | null => (found === undefined || found === 'ended' ? null : found);

/** What one watcher pass learned about a network (domain/chain-scan.ts), with where and how it counts. */
export interface ChainScan extends FamilyScan {
  network: Network;
  livemode: boolean;
  /** Confirmations a payment needs on this network. */
  confirmations: number;
}

/**
 * One network's watcher as the recorder sees it, for one mode (`PaymentRecorder.network`): the
 * watcher's questions about recipients and its passes come here.
 */
export interface NetworkIntake {
  /** A pass begins (the watcher asked for its cursor): what the last one matched is forgotten. */
  begin(): void;
  /** Whether a recipient is watched: a session's deposit (matched once per pass) or a manual refund's destination. */
  isWatched(address: string): Promise<boolean>;
  /** Whether a recipient is a deposit address whose window ended (a `late` transfer), from the pass's match when it read the row. */
  isPastDeposit(address: string): Promise<boolean>;
  /** Applies the pass (PaymentRecorder.apply), with the matches its `isWatched` answers made. */
  apply(scan: FamilyScan): Promise<string[]>;
}

/**
 * The one owner of payment state: every watcher's pass comes here. Each recipient is matched to its
 * session once per pass (the address book's lookup, kept for the pass: the watcher's `isWatched`
 * and the recording share it); a manual refund's payout is matched; then everything from one scan
 * (orphaning dropped payments, recording new ones, counting confirmations, recording, counting and
 * orphaning unmatched deposits, moving the cursor, and each touched session's state machine with
 * its ledger entries and events) commits together, so a crash mid-way repeats the scan rather than
 * half-applying it; and payments are keyed by network, transaction id, event index and block
 * (deposits by network, transaction id and event index), so repeating it records nothing twice.
 * Each touched session's row and payments are read once per scan, after its writes, and handed to
 * the session's state machine (SessionService.deriveInTransaction), which reads neither again.
 */
export class PaymentRecorder {
  constructor(
    private readonly deps: {
      tx: UnitOfWork;
      payments: PaymentStore;
      /** The sessions' rows: each touched session is read once per scan. */
      sessionRows: Pick<SessionStore, 'findById'>;
      chainState: ChainStateStore;
      addressBook: AddressBook;
      chains: ChainDirectory;
      /** The session's state machine, ledger and events, over rows read here. */
      sessions: Pick<SessionService, 'deriveInTransaction'>;
      /** Refunds the owner pays by hand: their destinations are watched, their transfers matched here. */
      refunds: Pick<RefundService, 'isManualDestination' | 'matchManual'>;
      live: LiveFeed;
      now: Clock;
      /** Records the scan's unmatched transfers (never payments, never in balances), counts and orphans deposits. */
      deposits: Pick<DepositService, 'applyPassInTransaction' | 'paymentOrphanedInTransaction'>;
      /** Called after a scan wrote deposit events (`deposit.unmatched`, `deposit.orphaned`): they wait in the outbox. */
      onDeposits: () => void;
    },
  ) {}

  private familyOf(network: Network): FamilyId {
    const family = this.deps.chains.familyOf(network)?.id;
    if (family === undefined) throw new Error(`no registered chain family has the network ${network}`);
    return family;
  }

  /**
   * A network's watcher in one mode: `fence` runs first in each pass's unit of work (and before a
   * manual payout is matched) and throws when this instance no longer leads the network.
   * Decision: the matches are kept from a pass's `begin` (its cursor) to its `apply`, and forgotten
   * after each apply: a watcher asks about a recipient and records it within one chunk of blocks, so
   * a window that ends in between records the transfer as the session's payment (which the state
   * machine judges by its block's time), never a stale answer across passes or chunks.
   */
  network(network: Network, livemode: boolean, confirmations: number, fence?: () => Promise<void>): NetworkIntake {
    const family = this.familyOf(network);
    let matches: Matches = new Map();
    return {
      begin: () => {
        matches = new Map();
      },
      isWatched: async (address) =>
        sessionOf(await this.match(family, livemode, address, matches)) !== null || this.deps.refunds.isManualDestination(family, livemode, address),
      isPastDeposit: async (address) => {
        const found = await this.match(family, livemode, address, matches);
        if (found === 'ended') return true;
        // The book no longer holds the row (swept): the filter of every address issued, and the address's index.
        if (found === null) return await this.deps.addressBook.ended(family, livemode, address);
        return false;
      },
      apply: async (scan) => {
        try {
          return await this.applyMatched({ ...scan, network, livemode, confirmations }, fence, matches);
        } finally {
          matches = new Map();
        }
      },
    };
  }

  /** The session whose deposit `address` is ('ended': its window has; null: none), asked of the address book once per pass. */
  private async match(family: FamilyId, livemode: boolean, address: string, matches: Matches): Promise<string | 'ended' | null> {
    let found = matches.get(address);
    if (found === undefined) {
      found = (await this.deps.addressBook.match(family, livemode, address)) ?? null;
      matches.set(address, found);
    }
    return found;
  }

  /**
   * `fence`, when given, runs first inside the scan's unit of work and may throw to refuse it (a
   * watcher whose instance no longer leads the network: services/leadership.ts): nothing is written.
   */
  async apply(scan: ChainScan, fence?: () => Promise<void>): Promise<string[]> {
    return await this.applyMatched(scan, fence, new Map());
  }

  private async applyMatched(scan: ChainScan, fence: (() => Promise<void>) | undefined, matches: Matches): Promise<string[]> {
    const family = this.familyOf(scan.network);
    for (const t of [...scan.transfers, ...(scan.unmatched ?? [])]) await this.match(family, scan.livemode, t.to, matches);
    const isDeposit = (to: string) => sessionOf(matches.get(to)) !== null;
    const isManual = (to: string) => this.deps.refunds.isManualDestination(family, scan.livemode, to);
    // A manual payout is matched first (idempotent by transaction), then the scan moves the cursor.
    const matched = new Set<string>();
    const manual = scan.transfers.filter((t) => !isDeposit(t.to) && isManual(t.to));
    // Matching writes too: a watcher that no longer leads is refused before it (and again in the unit below).
    if (manual.length > 0) await fence?.();
    for (const t of manual) {
      if (await this.deps.refunds.matchManual(scan.network, scan.livemode, t)) matched.add(`${t.txId}:${t.eventIndex}`);
    }
    const transfers = scan.transfers.filter((t) => isDeposit(t.to) || (!matched.has(`${t.txId}:${t.eventIndex}`) && !isManual(t.to)));
    // Unmatched deposits are money into the merchant's own addresses: never a refund's destination
    // (the customer's wallet, watched while its payout is awaited) receiving some other token.
    const unmatched = scan.unmatched?.filter((t) => isDeposit(t.to) || !isManual(t.to));
    return await this.record({ ...scan, transfers, ...(unmatched !== undefined && { unmatched }) }, fence, (to) => sessionOf(matches.get(to)));
  }

  private async record(scan: ChainScan, fence: (() => Promise<void>) | undefined, sessionOf: (to: string) => string | null): Promise<string[]> {
    const { payments, chainState, sessions } = this.deps;
    // A deposit attributed to a session is a payment its watcher reports as unmatched: still seen, not orphaned.
    const seen = new Set([...scan.transfers, ...(scan.unmatched ?? [])].map(transferKey));

    // A unit of work may run more than once (PostgreSQL runs it again after a serialization failure):
    // what it gathers is made inside it and returned, so a run rolled back leaves nothing behind.
    const { touched, deposits } = await this.deps.tx(async () => {
      const touched = new Map<string, SessionEventType[]>();
      const touch = (sessionId: string | null, event?: SessionEventType) => {
        if (!sessionId) return;
        const list = touched.get(sessionId) ?? [];
        if (event) list.push(event);
        touched.set(sessionId, list);
      };
      let deposits = 0;
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
          const sessionId = sessionOf(t.to);
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
      // Each touched session read once, after every write of the scan, and derived by its state machine.
      for (const [sessionId, events] of touched) {
        const session = await this.deps.sessionRows.findById(sessionId);
        if (session) await sessions.deriveInTransaction(session, await payments.forSession(sessionId), events);
      }
      return { touched, deposits };
    });

    // Once, after the commit: never for a run rolled back.
    for (const sessionId of touched.keys()) this.deps.live.publish(sessionId);
    if (deposits > 0) this.deps.onDeposits();
    return [...touched.keys()];
  }
}
