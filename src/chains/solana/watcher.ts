import type {
  Address,
  GetBlockApi,
  GetGenesisHashApi,
  GetMultipleAccountsApi,
  GetSignaturesForAddressApi,
  GetSlotApi,
  GetTransactionApi,
  Rpc,
  Signature,
} from '@solana/kit';
import type { ChainScan, ObservedTransfer, UnmatchedTransfer } from '../../domain/chain-scan.js';
import type { Stablecoin } from '../../domain/currencies.js';
import type { DepositReason } from '../../domain/deposit.js';
import { PollLoop, type Watcher, type WatcherPorts, type WatcherStats } from '../family.js';
import { type IncomingTransfer, incomingTransfers, type ParsedTransactionView } from './incoming-transfers.js';
import { AccountBalances, AMOUNT_SLICE, amountOf, balancesAfter } from './account-balances.js';
import { readCursor, writeCursor } from './watch-cursor.js';

/** The RPC methods the watcher calls (a full `Rpc<SolanaRpcApi>` from `createSolanaRpc` fits). */
export type SolanaWatcherRpc = Rpc<GetGenesisHashApi & GetSlotApi & GetSignaturesForAddressApi & GetTransactionApi & GetBlockApi & GetMultipleAccountsApi>;

/** One of the merchant's token accounts (its associated token account for a mint). */
export interface MerchantTokenAccount {
  /** Null for an extra mint the app does not support (`mistake` is then `unsupported_token`). */
  currency: Stablecoin | null;
  /**
   * Set on the account of an extra mint, watched only so that a customer's mistake is seen
   * (NetworkSettings.extraTokens): every transfer into it is an unmatched deposit of this reason, even
   * one naming a session's reference, since that coin never pays a sale.
   */
  mistake?: Extract<DepositReason, 'wrong_asset' | 'unsupported_token'>;
  /** The mint, reported as the transfer's token contract. */
  mint: string;
  account: string;
  decimals: number;
  /**
   * Set on the token account of a refund's destination that the owner pays by hand (not the
   * merchant's): a transfer into it is reported as paid to this wallet, for the refund to match, and
   * needs no reference.
   */
  payoutTo?: string;
}

/** When a payment counts as final: the commitment whose slot the scans report as `head`. */
export type FinalCommitment = 'confirmed' | 'finalized';

export interface SolanaWatcherOptions {
  rpc: SolanaWatcherRpc;
  /**
   * Ends the RPC calls under way (the network's RPC pool: `RpcPool.interrupt`), called as the watcher
   * stops: a shutdown or a handover then waits for no retries against an endpoint that is down.
   */
  interrupt?(): void;
  /**
   * The accounts to follow: a fixed list, or asked before every pass (the family's: the merchant may
   * change the wallet in Settings, and the accounts are that wallet's).
   */
  merchantTokenAccounts: readonly MerchantTokenAccount[] | (() => Promise<readonly MerchantTokenAccount[]>);
  /**
   * Told, after each pass's report has stored the cursor, of every account the watcher now follows
   * from a stored point: a payment into one of them can no longer be missed (MerchantAccounts offers a
   * coin only from then on).
   */
  following?(accounts: readonly string[]): void;
  /** The cluster's genesis hash: an RPC serving another cluster is refused, never scanned. */
  expectedChainId: string;
  pollMs: number;
  /** Default `finalized`: payments are seen at `confirmed` and final at this commitment. */
  commitment?: FinalCommitment;
  /**
   * Signatures per `getSignaturesForAddress` page (the RPC's maximum, 1,000, by default), and
   * transactions per applied scan during a backfill. Small in tests, to cross pages.
   */
  pageSize?: number;
  /**
   * How a transaction (or block) the endpoint lists but returns as null is asked for again: a node of
   * a load-balanced pool that has not got it yet. Default 4 tries, 200 ms doubling.
   */
  reread?: RereadPolicy;
  /**
   * An account whose balance has not changed is still listed at least this often, ms (default a
   * minute): the safety net of account-balances.ts.
   */
  fullListMs?: number;
}

export interface SolanaWatcherStats extends WatcherStats {
  /**
   * Transfers into the merchant's token accounts that named no open session's reference (an exchange
   * withdrawal, a wallet that dropped the reference) or more than one: counted here, and reported as
   * the scan's `unmatched` (recorded as unmatched deposits).
   */
  unattributedTransfers: number;
}

/** A transfer found in a transaction, before its block's hash is known: a payment, or (with `reason`) an unmatched deposit. */
type FoundTransfer = Omit<ObservedTransfer, 'blockRef'> | Omit<UnmatchedTransfer, 'blockRef'>;

/** A signature to handle, as `getSignaturesForAddress` lists it. */
interface Listed {
  signature: string;
  slot: number;
  /** Seconds, or null when the RPC does not know. */
  blockTime: number | null;
  failed: boolean;
  /** Listed though only `processed`: not yet in a confirmed block. */
  processedOnly: boolean;
}

const DEFAULT_PAGE = 1000;
/** getMultipleAccounts takes at most 100 accounts. */
const ACCOUNTS_PER_CALL = 100;
/** How often, and how far apart, a null answer is asked for again. */
export interface RereadPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait, ms, doubled at every retry, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How the wait is spent (tests may shorten it). */
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_REREAD: RereadPolicy = { attempts: 4, baseDelayMs: 200, maxDelayMs: 1_000 };
/** Blockhashes kept across passes (slots are never rolled back once confirmed: see the class comment). */
const BLOCKHASH_CACHE = 256;

/** A listed transaction or block a node returned as null every time it was asked: the batch stops before it. */
class NotServedYet extends Error {}

/**
 * Watches Solana for payments to the merchant's token accounts, at a cost that does not grow with open
 * sessions: every pass reads the balances of the merchant's token accounts (one per mint) in one call,
 * lists the new signatures of those whose balance moved (account-balances.ts), fetches each new
 * transaction once, finds the transfers into those accounts and attributes each to the
 * session whose reference key the transfer carries, matched in memory (`ports.isWatched`).
 *
 * Commitments map onto the contract's confirmation count: signatures are listed and transactions read
 * at `confirmed` (a payment is reported, PROCESSING, as soon as a supermajority voted for its block),
 * while `head` is the newest slot at the final commitment (`finalized` by default). A payment's
 * confirmations, `head - slot + 1`, are thus ≥ 1 exactly when its slot has reached that commitment, and
 * the network's confirmation count of 1 means "final". A confirmed block is treated as never rolled back
 * (no reorganisation walk: it would take a third of the stake voting against its own votes).
 */
export class SolanaWatcher implements Watcher {
  readonly stats: SolanaWatcherStats = { rpcCalls: 0, scans: 0, lastHead: null, lastSuccessAt: null, lastError: null, unattributedTransfers: 0 };
  private readonly loop: PollLoop;
  private chainId: string | undefined;
  private lastApplied: { head: number; cursor: string } | undefined;
  private readonly pageSize: number;
  private readonly commitment: FinalCommitment;
  private byAccount = new Map<string, MerchantTokenAccount>();
  /** Slot → blockhash, newest last: a slot's hash is read once, not once per pass or batch. */
  private readonly blockhashCache = new Map<number, string>();
  /**
   * Per account, the slot of the signature its cursor names, once this process has seen it listed:
   * a node that does not know the cursor's signature lists older ones again, and those are dropped
   * (and their pages not read) rather than read again. Unknown after a restart: then nothing is
   * dropped, and the recorder's keys (transaction, event) keep what is read again from counting twice.
   */
  private readonly cursorSlots = new Map<string, { signature: string; slot: number }>();
  /** Which accounts a pass lists: those whose balance moved since the newest transaction handled. */
  private readonly balances: AccountBalances;

  constructor(
    private readonly options: SolanaWatcherOptions,
    private readonly ports: WatcherPorts,
  ) {
    this.pageSize = options.pageSize ?? DEFAULT_PAGE;
    if (!Number.isInteger(this.pageSize) || this.pageSize < 1 || this.pageSize > DEFAULT_PAGE) throw new Error(`pageSize must be an integer from 1 to ${DEFAULT_PAGE}`);
    this.commitment = options.commitment ?? 'finalized';
    this.balances = new AccountBalances(options.fullListMs ?? 60_000);
    this.loop = new PollLoop(() => this.tick(), options.pollMs, (error) => {
      this.stats.lastError = error instanceof Error ? error.message : String(error);
      this.ports.onError(error);
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    const stopped = this.loop.stop();
    this.options.interrupt?.();
    return stopped;
  }

  /**
   * One call, counted (the benchmarks read `rpcCalls`). A call refused for now (429, 5xx, a dropped
   * connection) is sent again by the network's RPC pool (src/chains/rpc-pool/), which counts what it
   * sends beyond the first; what reaches here failed for good, and fails the pass.
   */
  private async rpc<T>(request: { send(): Promise<T> }): Promise<T> {
    this.stats.rpcCalls++;
    return request.send();
  }

  /**
   * `read()` until it is not null, a few times with a short backoff; null if it stays null. Never a
   * reason to skip: the caller stops its batch there instead.
   */
  private async reread<T>(read: () => Promise<T | null>): Promise<T | null> {
    const policy = this.options.reread ?? DEFAULT_REREAD;
    for (let attempt = 0; ; attempt++) {
      const value = await read();
      if (value !== null || attempt + 1 >= policy.attempts) return value;
      await (policy.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms).unref())))(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
    }
  }

  /** One pass: list what is new since the cursor, read it, report it. Public for tests and benchmarks. */
  async tick(): Promise<void> {
    const rpc = this.options.rpc;
    if (this.chainId === undefined) {
      const genesis = String(await this.rpc(rpc.getGenesisHash()));
      if (genesis !== this.options.expectedChainId) {
        throw new Error(`the RPC serves the cluster with genesis hash ${genesis}, not ${this.options.expectedChainId}: check the RPC URL for this network`);
      }
      this.chainId = genesis;
    }
    const chainId = this.chainId;
    const followed = this.options.merchantTokenAccounts;
    const before = this.byAccount;
    this.byAccount = new Map((typeof followed === 'function' ? await followed() : followed).map((a) => [a.account, a]));
    for (const account of before.keys()) if (!this.byAccount.has(account)) this.balances.forget(account);
    // Every followed account's balance, and the confirmed slot (the answer's context), in one call.
    const { confirmedSlot, amounts } = await this.balancesNow();
    const asked = this.commitment === 'confirmed' ? confirmedSlot : Number(await this.rpc(rpc.getSlot({ commitment: this.commitment })));
    // A node of a pool that lags reports an older slot: the head never goes back (a slot another node
    // showed at that commitment stays at it), so confirmations never count down between passes.
    const head = Math.max(asked, this.lastApplied?.head ?? 0);
    this.stats.lastHead = Math.max(confirmedSlot, this.stats.lastHead ?? 0);

    // Only the accounts followed now: a refund destination's is dropped once its payout is found,
    // so the cursor does not grow with every manual refund ever paid.
    const cursor = Object.fromEntries(Object.entries(readCursor(await this.ports.cursor(chainId))).filter(([account]) => this.byAccount.has(account)));
    // An account followed for the first time starts at its newest signature: nothing older can pay a
    // session, which only ever offers accounts the watcher follows.
    for (const account of this.byAccount.keys()) {
      if (cursor[account] !== undefined) continue;
      const [newest] = await this.rpc(rpc.getSignaturesForAddress(account as Address, { commitment: 'confirmed', limit: 1 }));
      cursor[account] = newest?.signature ?? '';
      if (newest) this.cursorSlots.set(account, { signature: newest.signature, slot: Number(newest.slot) });
    }

    const lists = new Map<string, Listed[]>();
    for (const account of this.byAccount.keys()) {
      if (this.balances.needsListing(account, amounts.get(account) ?? 0n)) lists.set(account, await this.newSignatures(account, cursor[account] as string));
    }
    const queue = mergeBySlot([...lists.values()]);

    if (queue.length === 0) {
      await this.report({ chainId, head, cursor: writeCursor(cursor), blocks: [], transfers: [] });
      this.options.following?.(Object.keys(cursor));
      this.stats.behind = 0;
      await this.accountFor(lists, cursor, amounts);
      return;
    }
    const handled = new Set<string>();
    for (let i = 0; i < queue.length; i += this.pageSize) {
      const batch = queue.slice(i, i + this.pageSize);
      const transfers: ObservedTransfer[] = [];
      const unmatched: UnmatchedTransfer[] = [];
      const blockhashes = new Map<number, string>();
      let stalled: NotServedYet | undefined;
      for (const listed of batch) {
        try {
          // All of a transaction or nothing: its transfers are kept only once each has its block.
          const found: (ObservedTransfer | UnmatchedTransfer)[] = [];
          const read = await this.transfersOf(listed);
          for (const t of read.transfers) {
            const blockRef = blockhashes.get(t.blockNumber) ?? (await this.blockhash(t.blockNumber));
            blockhashes.set(t.blockNumber, blockRef);
            found.push({ ...t, blockRef });
          }
          for (const t of found) {
            if ('reason' in t) unmatched.push(t);
            else transfers.push(t);
          }
          this.balances.handled(read.balances);
        } catch (error) {
          if (!(error instanceof NotServedYet)) throw error;
          stalled = error;
          break;
        }
        handled.add(listed.signature);
      }
      for (const [account, list] of lists) cursor[account] = advance(cursor[account] as string, list, handled);
      for (const [account, list] of lists) this.rememberCursorSlot(account, cursor[account] as string, list);
      const blocks = [...blockhashes].map(([number, hash]) => ({ number, hash }));
      await this.report({ chainId, head, cursor: writeCursor(cursor), blocks, transfers, ...(unmatched.length > 0 && { unmatched }) });
      this.options.following?.(Object.keys(cursor));
      this.stats.behind = behindAt(confirmedSlot, queue.find((s) => !handled.has(s.signature)));
      // What came before it is applied and the cursor stops just before it: the next pass reads it
      // again (from wherever the pool sends it), and nothing after it is counted as handled.
      if (stalled) throw stalled;
    }
    await this.accountFor(lists, cursor, amounts);
  }

  /** The balances of every followed account at `confirmed`, and that commitment's slot, in one call per 100 accounts. */
  private async balancesNow(): Promise<{ confirmedSlot: number; amounts: Map<string, bigint> }> {
    const accounts = [...this.byAccount.keys()];
    const amounts = new Map<string, bigint>();
    let confirmedSlot: number | undefined;
    for (let i = 0; i === 0 || i < accounts.length; i += ACCOUNTS_PER_CALL) {
      const chunk = accounts.slice(i, i + ACCOUNTS_PER_CALL);
      const { context, value } = await this.rpc(
        this.options.rpc.getMultipleAccounts(chunk as Address[], { commitment: 'confirmed', encoding: 'base64', dataSlice: AMOUNT_SLICE }),
      );
      confirmedSlot = Math.max(confirmedSlot ?? 0, Number(context.slot));
      chunk.forEach((account, j) => amounts.set(account, amountOf(value[j] ?? null)));
    }
    return { confirmedSlot: confirmedSlot ?? 0, amounts };
  }

  /**
   * After a pass that handled all it listed: the listed accounts are marked listed, and one whose
   * accounted balance is still unknown (followed from its newest signature, nothing new since) learns
   * it from the transaction its cursor names, once, so an idle account is not listed every pass.
   */
  private async accountFor(lists: ReadonlyMap<string, Listed[]>, cursor: Record<string, string>, amounts: ReadonlyMap<string, bigint>): Promise<void> {
    for (const account of lists.keys()) {
      this.balances.listed(account);
      if (this.balances.knows(account)) continue;
      const position = cursor[account] as string;
      if (position === '') {
        this.balances.empty(account, amounts.get(account) ?? 0n);
        continue;
      }
      const tx = await this.rpc(
        this.options.rpc.getTransaction(position as Signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }),
      );
      if (tx !== null) this.balances.handled(balancesAfter(tx, new Set([account])));
    }
  }

  private rememberCursorSlot(account: string, position: string, list: readonly Listed[]): void {
    const at = list.find((s) => s.signature === position);
    if (at) this.cursorSlots.set(account, { signature: position, slot: at.slot });
  }

  /** Applies a scan, unless it would change nothing (same head, same cursor, nothing found). */
  private async report(scan: ChainScan): Promise<void> {
    const same = this.lastApplied && this.lastApplied.head === scan.head && this.lastApplied.cursor === scan.cursor;
    if (!same || scan.transfers.length > 0 || (scan.unmatched?.length ?? 0) > 0) {
      await this.ports.apply(scan);
      this.lastApplied = { head: scan.head, cursor: scan.cursor };
      this.stats.scans++;
    }
    this.stats.lastSuccessAt = Date.now();
    this.stats.lastError = null;
  }

  /**
   * The account's signatures after `until` (all of them when ""), oldest first, page by page, up to the
   * first one not yet confirmed. An RPC asked for `confirmed` should list nothing less; surfnet (test
   * mode) lists a transaction as `processed` as soon as it has run, a slot before its block is confirmed
   * and served by getBlock: read then, the pass failed and the watcher backed off a whole second.
   */
  private async newSignatures(account: string, until: string): Promise<Listed[]> {
    const listed: Listed[] = [];
    let before: string | undefined;
    const known = this.cursorSlots.get(account);
    // The slot of the cursor's own signature, when known: anything listed from an older slot was
    // handled already (a node that does not know `until` lists it again). Signatures of that same slot
    // are kept: the recorder keys payments by transaction and event, so one read again counts once.
    const floor = known?.signature === until ? known.slot : undefined;
    for (;;) {
      const page = await this.rpc(
        this.options.rpc.getSignaturesForAddress(account as Address, {
          commitment: 'confirmed',
          limit: this.pageSize,
          ...(until !== '' && { until: until as Signature }),
          ...(before !== undefined && { before: before as Signature }),
        }),
      );
      for (const s of page) {
        if (floor !== undefined && Number(s.slot) < floor) continue;
        if (s.signature === until) continue;
        listed.push({
          signature: s.signature,
          slot: Number(s.slot),
          blockTime: s.blockTime === null ? null : Number(s.blockTime),
          failed: s.err !== null,
          processedOnly: s.confirmationStatus === 'processed',
        });
      }
      if (page.length < this.pageSize) break;
      // Past the cursor's slot: the rest is older still, not worth a page.
      if (floor !== undefined && Number(page[page.length - 1]?.slot) < floor) break;
      before = page[page.length - 1]?.signature;
    }
    listed.reverse();
    // Left for a later pass, with everything after it, so the cursor never moves past it.
    const unconfirmed = listed.findIndex((s) => s.processedOnly);
    return unconfirmed === -1 ? listed : listed.slice(0, unconfirmed);
  }

  /**
   * The transfers of one transaction into the followed accounts: those of an extra mint, and those
   * naming no single watched reference, carry `reason`.
   */
  private async transfersOf(listed: Listed): Promise<{ transfers: FoundTransfer[]; balances: Map<string, bigint> }> {
    // A failed transaction moved no tokens: not even read (and left every balance as it was).
    if (listed.failed) return { transfers: [], balances: new Map() };
    const tx = await this.reread(() =>
      this.rpc(
        this.options.rpc.getTransaction(listed.signature as Signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }),
      ),
    );
    // Listed at `confirmed` yet not readable at `confirmed`: a node of the pool that lags. Asked again
    // (above); still null, the batch stops before it rather than moving the cursor past a payment.
    if (tx === null) throw new NotServedYet(`the RPC lists transaction ${listed.signature} but does not return it yet`);
    const view: ParsedTransactionView = tx;
    const followed = new Set(this.byAccount.keys());
    const balances = balancesAfter(view, followed);
    const incoming = incomingTransfers(view, followed);
    if (incoming.length === 0) return { transfers: [], balances };
    const txKeys = view.transaction.message.accountKeys.map((k) => String(k.pubkey));
    const manual = new Set(this.ports.manualDestinations());
    // The signature list's block time first: it is the cluster's; the transaction's is the fallback.
    const blockTime = (listed.blockTime ?? (tx.blockTime === null ? null : Number(tx.blockTime)) ?? 0) * 1000;
    const transfers: FoundTransfer[] = [];
    for (const t of incoming) {
      const account = this.byAccount.get(t.account) as MerchantTokenAccount;
      const common = { txId: listed.signature, eventIndex: t.eventIndex, blockNumber: Number(tx.slot), blockTime, tokenContract: account.mint, decimals: account.decimals, from: t.from, amountBase: t.amountBase };
      if (account.mistake !== undefined) {
        // A coin that never pays a sale: a deposit to show as sent, whatever reference it names.
        transfers.push({ ...common, currency: account.currency, to: t.account, reason: account.mistake });
        continue;
      }
      const reference = account.payoutTo ?? (await this.referenceOf(t, txKeys, manual));
      if (reference === null) this.stats.unattributedTransfers++;
      // A reference known, but of a session whose window has ended: late, not anonymous (issue 17).
      const reason = reference !== null ? undefined : (await this.namesEndedReference(t, txKeys, manual)) ? ('late' as const) : ('no_reference' as const);
      // Only extra mints' accounts (above) have no currency.
      const currency = account.currency as Stablecoin;
      // Unmatched: the merchant's token account it landed in (a deposit to show, never a session's).
      transfers.push(reason === undefined ? { ...common, currency, to: reference as string } : { ...common, currency, to: t.account, reason });
    }
    return { transfers, balances };
  }

  /**
   * The watched reference a transfer pays: the one its own instruction carries (Solana Pay puts it
   * there, so one transaction can pay several sessions), else the one among the transaction's keys.
   * Null when there is none, or more than one at the level that decides.
   */
  private async referenceOf(t: IncomingTransfer, txKeys: readonly string[], manual: ReadonlySet<string>): Promise<string | null> {
    // A refund destination is watched too (isWatched), but is a wallet, never a session's reference:
    // a customer owed a refund who pays another sale signs it, and must not make it ambiguous.
    const watched = (keys: readonly string[]) => someOf(keys, async (k) => !this.byAccount.has(k) && !manual.has(k) && (await this.ports.isWatched(k)));
    const own = await watched(t.instructionKeys);
    if (own.length > 0) return own.length === 1 ? (own[0] as string) : null;
    const anywhere = await watched(txKeys);
    return anywhere.length === 1 ? (anywhere[0] as string) : null;
  }

  /**
   * Whether a transfer that names no open session's reference names one of a session whose monitoring
   * window has ended (exactly one, at the level that decides, as `referenceOf` counts). Asked
   * only for unattributed transfers, of the in-memory filter first (AddressBook.ended).
   */
  private async namesEndedReference(t: IncomingTransfer, txKeys: readonly string[], manual: ReadonlySet<string>): Promise<boolean> {
    const candidate = (k: string) => !this.byAccount.has(k) && !manual.has(k);
    // Open references named more than once (ambiguous) stay no_reference: late would name the wrong one.
    if ((await someOf(txKeys, async (k) => candidate(k) && (await this.ports.isWatched(k)))).length > 0) return false;
    const ended = async (keys: readonly string[]) => (await someOf(keys, async (k) => candidate(k) && (await this.ports.isPastDeposit(k)))).length;
    const own = await ended(t.instructionKeys);
    return own > 0 ? own === 1 : (await ended(txKeys)) === 1;
  }

  /** The slot's blockhash (getTransaction does not give it: its `recentBlockhash` is another block's), read once per slot. */
  private async blockhash(slot: number): Promise<string> {
    const cached = this.blockhashCache.get(slot);
    if (cached !== undefined) return cached;
    const block = await this.reread(() =>
      this.rpc(this.options.rpc.getBlock(BigInt(slot), { commitment: 'confirmed', transactionDetails: 'none', rewards: false, maxSupportedTransactionVersion: 0 })),
    );
    if (block === null) throw new NotServedYet(`the RPC has no block for slot ${slot} yet`);
    this.blockhashCache.set(slot, block.blockhash);
    if (this.blockhashCache.size > BLOCKHASH_CACHE) this.blockhashCache.delete(this.blockhashCache.keys().next().value as number);
    return block.blockhash;
  }
}

/** Every account's new signatures in one list, by slot (stable: each account's own order is kept), once each. */
function mergeBySlot(lists: Listed[][]): Listed[] {
  const seen = new Set<string>();
  const all = lists.flat().filter((s) => (seen.has(s.signature) ? false : (seen.add(s.signature), true)));
  return all.sort((a, b) => a.slot - b.slot);
}

/**
 * How far the watcher is behind, in slots, while signatures it listed wait to be read (a stalled
 * transaction, or the batches of a long catch-up); 0 when all are handled.
 * Decision: counted from the oldest signature not yet handled, not from the newest one handled: every
 * slot before it is read in full, so after a quiet hour one late payment counts as late as it is, not
 * as the hour (the same meaning as the EVM watchers' head minus the last block scanned).
 */
function behindAt(confirmedSlot: number, oldestUnhandled: Listed | undefined): number {
  return oldestUnhandled === undefined ? 0 : Math.max(confirmedSlot - oldestUnhandled.slot + 1, 0);
}

/** An account's position after a batch: its newest signature with every older one of its list handled. */
function advance(position: string, list: readonly Listed[], handled: ReadonlySet<string>): string {
  let next = position;
  for (const s of list) {
    if (!handled.has(s.signature)) break;
    next = s.signature;
  }
  return next;
}

/** The distinct keys for which `test` holds, in order (the ports answer asynchronously). */
async function someOf(keys: readonly string[], test: (key: string) => Promise<boolean>): Promise<string[]> {
  const found: string[] = [];
  for (const k of new Set(keys)) if (await test(k)) found.push(k);
  return found;
}
