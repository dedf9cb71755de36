import { type Address, BlockNotFoundError, type Hex, parseAbiItem, type PublicClient } from 'viem';
import type { ChainScan, ObservedTransfer, UnmatchedTransfer } from '../../domain/chain-scan.js';
import type { Stablecoin } from '../../domain/currencies.js';
import type { DepositReason } from '../../domain/deposit.js';
import { PollLoop, type Watcher, type WatcherPorts, type WatcherStats } from '../family.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * Blocks read again at the least, whatever the confirmations: with 1 confirmation a payment is final
 * the moment it is seen, and a node a block or two behind would otherwise lose the newest block's
 * transfers for good.
 */
export const MIN_REREAD_DEPTH = 3;

/**
 * The newest block a pass that read up to `to` with the chain at `head` may count as scanned for good:
 * one at least `depth` blocks deep then (the head counts as one), so any node of the pool less than
 * `depth` blocks behind the head it was asked with had it.
 */
export function settledAt(to: number, head: number, depth: number): number {
  // -1 on a chain younger than `depth`: nothing settled, block 0 read again.
  return Math.max(Math.min(to, head - depth), -1);
}

/**
 * Passes that read the window at one head before further passes at that head skip reading (one call,
 * the head's, until a new block): a node behind may have answered the first short, and waiting for
 * the next block would delay a payment by a block time.
 */
export const READS_PER_HEAD = 2;

/**
 * How long before the oldest watched deposit's creation a first run starts: block times and the app's
 * clock may disagree by some seconds, and a block's timestamp is when it was built, not mined.
 */
export const FIRST_RUN_MARGIN_MS = 60_000;

/** Passes in a row stopped by a node behind after which the watcher says so in `lastError`. */
const LAGGED_PASSES_SAID = 10;

/** The answering node has not got a block the pass needs (it lags the head another node gave): not a reorganisation. */
class NodeBehind extends Error {}

/** A block by number, or NodeBehind where the node answers it has none. */
async function blockOrBehind(client: PublicClient, blockNumber: bigint): Promise<{ number: bigint | null; hash: `0x${string}` | null; timestamp: bigint }> {
  try {
    return await client.getBlock({ blockNumber });
  } catch (error) {
    if (error instanceof BlockNotFoundError) throw new NodeBehind(`the node has no block ${blockNumber} yet`);
    throw error;
  }
}

/**
 * A token as the watcher scans it: its contract as the logs give it, and as the family writes it. An
 * offered coin's transfers to a watched address are payments; a token watched only so that mistakes are
 * seen (`mistake` set: NetworkSettings.extraTokens) makes unmatched deposits instead.
 */
export interface WatchedToken {
  /** Null for a token the app does not support (`unsupported_token`). */
  currency: Stablecoin | null;
  /** Set for a token not offered on the network: why its transfers match no session. */
  mistake?: Extract<DepositReason, 'wrong_asset' | 'unsupported_token'>;
  /** The contract's 20-byte address, as `eth_getLogs` takes and returns it. */
  logAddress: Address;
  /** The contract as the family writes it (EVM: checksummed hex; TRON: base58 `T…`), reported as is. */
  contract: string;
  decimals: number;
}

export interface TransferLogWatcherOptions {
  client: PublicClient;
  /**
   * Ends the RPC calls under way (the network's RPC pool: `RpcPool.interrupt`), called as the watcher
   * stops: a shutdown or a handover then waits for no retries against an endpoint that is down.
   */
  interrupt?(): void;
  /** The chain this network must be (decimal chain id): an RPC for another chain is refused, never scanned. */
  expectedChainId: string;
  tokens: readonly WatchedToken[];
  pollMs: number;
  /** Most blocks per eth_getLogs call (public RPCs cap ranges, java-tron at 5,000; backfill goes chunk by chunk). */
  maxRange?: number;
  /**
   * The confirmations a payment needs on this network (NetworkSettings.confirmations): every pass reads
   * again the blocks not yet that deep (docs/payments.md, "Nothing counted as scanned that a node may
   * not have had").
   */
  confirmations: number;
  /**
   * The log range (blocks) the transport found its endpoint serves, when it knows one (the RPC pool's
   * `logRange()`); null or absent keeps `maxRange`. A capped endpoint then applies progress chunk by
   * chunk, so a kill mid-catch-up loses at most one chunk's reading.
   */
  logRange?(): number | null;
  /** An address from a log (20-byte hex) as the family writes it (EVM: EIP-55 checksum; TRON: base58 `T…`). */
  address(hex: Address): string;
  /** A log's transaction hash as the family's transaction id (EVM: as is; TRON: the txID, without `0x`). */
  txId(hash: Hex): string;
  /**
   * What a failed pass means for the owner, where the family knows better than the RPC's words (TRON: a
   * node without /jsonrpc enabled, TronGrid without a key); undefined keeps `said`.
   */
  explainError?(error: unknown, said: string): string | undefined;
}

/**
 * Watches one network of a family whose node speaks Ethereum's JSON-RPC and whose tokens emit ERC-20
 * `Transfer` logs: EVM networks, and TRON through java-tron's `/jsonrpc`. Every new block, it scans the
 * Transfer logs of the supported token contracts and of the extra ones watched for mistakes (one
 * eth_getLogs for all of them, whatever the number of open sessions) and keeps the transfers whose
 * recipient is a watched address: payments, or unmatched deposits (a token not offered; an address whose
 * window has ended, `late`). It notices
 * reorganisations by re-checking the hash of the last block it scanned, walks back to the common
 * ancestor using the hashes it stored, and rescans from there. It only reports what it saw; the payment
 * recorder decides what it means.
 *
 * Nothing counts as scanned that the node may not have had: a load-balanced node behind the others
 * answers eth_getLogs only up to its own head, with no error. So the cursor it stores is not where a
 * pass's reading ended but the newest block that was at least `rereadDepth` deep when it was read
 * (`settledAt`); every pass reads again from there, together with anything new, in the same getLogs
 * range(s). A short answer costs a re-read, never a payment; the recorder counts a transfer read again
 * once. A node that has not got a block the watcher stored, or whose head is below it, is behind, not
 * reorganised: the pass stops there, moving nothing, and the next one tries again.
 */
export class TransferLogWatcher implements Watcher {
  readonly stats: WatcherStats = { rpcCalls: 0, scans: 0, lastHead: null, lastSuccessAt: null, lastError: null, lagged: 0 };
  private readonly loop: PollLoop;
  private chainId: string | undefined;
  private lastAppliedHead = -1;
  private lastAppliedHash: string | null = null;
  /** Passes in a row that stopped because the node was behind. */
  private laggedInARow = 0;
  /** Whether start() was called: a pass then ends early once the loop stops. */
  private started = false;
  /** Passes that read the window at `lastAppliedHead` (READS_PER_HEAD). */
  private readsAtHead = 0;
  private readonly maxRange: number;
  private readonly byContract: Map<string, WatchedToken>;
  /** How many blocks every pass reads again (`settledAt`). */
  private readonly rereadDepth: number;
  /**
   * Block times by block hash, of blocks whose logs came without `blockTimestamp` (java-tron): a block
   * read again pass after pass until it is deep enough costs its getBlock once.
   */
  private readonly blockTimes = new Map<string, number>();

  constructor(
    private readonly options: TransferLogWatcherOptions,
    private readonly ports: WatcherPorts,
  ) {
    this.maxRange = options.maxRange ?? 2000;
    this.rereadDepth = Math.max(options.confirmations, MIN_REREAD_DEPTH);
    this.byContract = new Map(options.tokens.map((t) => [t.logAddress.toLowerCase(), t]));
    this.loop = new PollLoop(() => this.tick(), options.pollMs, (error) => {
      // viem's errors carry a one-line `shortMessage`; the full message spans lines with request details.
      const short = (error as { shortMessage?: unknown }).shortMessage;
      const said = typeof short === 'string' ? short : error instanceof Error ? error.message : String(error);
      this.stats.lastError = this.options.explainError?.(error, said) ?? said;
      this.ports.onError(error);
    });
  }

  start(): void {
    this.started = true;
    this.loop.start();
  }

  stop(): Promise<void> {
    const stopped = this.loop.stop();
    this.options.interrupt?.();
    return stopped;
  }

  private async rpc<T>(call: () => Promise<T>): Promise<T> {
    this.stats.rpcCalls++;
    return call();
  }

  /** One pass: catch up from the cursor to the head, chunk by chunk. Public for tests and benchmarks. */
  async tick(): Promise<void> {
    const client = this.options.client;
    if (this.chainId === undefined) {
      const chainId = String(await this.rpc(() => client.getChainId()));
      if (chainId !== this.options.expectedChainId) {
        throw new Error(`the RPC serves chain id ${chainId}, not ${this.options.expectedChainId}: check the RPC URL for this network`);
      }
      this.chainId = chainId;
    }
    // The newest block's hash too, not just its number: a reorganisation can replace the tip at the
    // same height, and waiting for the next block to notice would leave a dropped payment counted.
    const latest = await this.rpc(() => client.getBlock({ blockTag: 'latest' }));
    const head = Number(latest.number);
    this.stats.lastHead = head;
    const sameHead = head === this.lastAppliedHead && latest.hash === this.lastAppliedHash;
    if (sameHead && this.readsAtHead >= READS_PER_HEAD) {
      this.laggedInARow = 0;
      this.stats.behind = 0;
      this.stats.catchUpEtaSeconds = null;
      this.stats.lastSuccessAt = Date.now();
      this.stats.lastError = null;
      return;
    }
    const started = Date.now();
    let first: number | undefined;
    let reached = false;
    try {
      if (!sameHead) await this.readNewestFirst(head, latest);
      // Chunks after the first go on from where the last one's reading ended (the stored cursor
      // stays behind it, at what is settled: re-reading from there would never reach the head).
      let next: number | undefined;
      // Once a chunk found a reorganisation, every chunk after it in the pass reads its own range as
      // part of the rescan (a capped range makes it take several).
      let rescan = false;
      for (let guard = 0; guard < 10_000; guard++) {
        const chunk = await this.scanOnce(head, latest, next === undefined ? undefined : { from: next, rescan });
        first ??= chunk.from;
        next = chunk.to + 1;
        rescan ||= chunk.reorg;
        this.pace(head, chunk.to, first, started);
        reached = chunk.to >= head;
        // A stopped watcher ends after this chunk (a test's or benchmark's tick, never started, goes on).
        if (reached || (this.started && !this.loop.running)) break;
      }
    } catch (error) {
      if (!(error instanceof NodeBehind)) throw error;
      // The node that answered lags the head another gave: what was applied holds, nothing past it
      // moved, and the next pass reads again (not a failure the owner must act on).
      this.stats.lagged = (this.stats.lagged ?? 0) + 1;
      // Behind pass after pass is no passing lag (a node stuck, a chain that got shorter): said then.
      if (++this.laggedInARow >= LAGGED_PASSES_SAID) this.stats.lastError = `${error.message}: the node is behind (${this.laggedInARow} passes in a row)`;
      return;
    }
    this.laggedInARow = 0;
    // Only a pass that read up to the head counts as a read of it (one stopped mid-catch-up does not).
    if (reached) {
      this.readsAtHead = sameHead ? this.readsAtHead + 1 : 1;
      this.lastAppliedHead = head;
      this.lastAppliedHash = latest.hash;
    }
    this.stats.lastSuccessAt = Date.now();
    this.stats.lastError = null;
  }

  /**
   * Behind an endpoint whose log range is capped below the blocks every pass reads again (TRON's 19
   * at a 5-block cap: four parts), a new head whose parent is the block stored last (no
   * reorganisation possible) is read alone first: one call, its transfers applied, the cursor
   * untouched. A payment in it is then seen after one round trip, not after the whole window; the
   * pass's reading of the window follows as always (one call more per block, only behind such a cap).
   */
  private async readNewestFirst(head: number, latest: { number: bigint | null; hash: `0x${string}` | null; parentHash: `0x${string}` }): Promise<void> {
    const cap = this.options.logRange?.() ?? null;
    if (cap === null || cap > this.rereadDepth || !this.ports.anyWatched()) return;
    const [top] = await this.ports.recentBlocks();
    if (top === undefined || top.number !== head - 1 || latest.parentHash !== top.hash) return;
    await this.scanOnce(head, latest, { from: head, rescan: false, keepCursor: true });
  }

  /** `behind` (exact) and, while catching up, the time left at this pass's pace so far. */
  private pace(head: number, to: number, first: number, started: number): void {
    const behind = Math.max(head - to, 0);
    this.stats.behind = behind;
    const seconds = (Date.now() - started) / 1000;
    const done = to - first + 1;
    this.stats.catchUpEtaSeconds = behind === 0 ? null : seconds > 0 && done > 0 ? Math.ceil((behind * seconds) / done) : null;
  }

  /**
   * Reads and applies one chunk: from `goOn.from` when the pass goes on (`goOn.rescan`: the rescan of a
   * reorganisation an earlier chunk found), else from the stored cursor (and never above the blocks
   * still to be read again). @returns the blocks it read, and whether it found a reorganisation
   * @throws NodeBehind where the node lacks a block the chunk needs
   */
  private async scanOnce(
    head: number,
    latest: { number: bigint | null; hash: `0x${string}` | null; parentHash: `0x${string}` },
    goOn?: { from: number; rescan: boolean; keepCursor?: boolean },
  ): Promise<{ from: number; to: number; reorg: boolean }> {
    const client = this.options.client;
    const chainId = this.chainId as string;
    const saved = await this.ports.cursor(chainId);
    if (saved === undefined) {
      // First run on this chain: start at the current head, or, when deposits are already watched
      // (sessions created while the endpoint failed, before this first successful pass), at the block
      // of the oldest one's creation: nothing older can belong to one of them.
      const since = await this.ports.watchedSince();
      const start = since === undefined ? head : await this.firstBlockAtOrAfter(since - FIRST_RUN_MARGIN_MS, head);
      const block = await this.rpc(() => blockOrBehind(client, BigInt(Math.max(start - 1, 0))));
      await this.ports.apply({ chainId, head, cursor: String(block.number), blocks: [{ number: Number(block.number), hash: block.hash as string }], transfers: [] });
      // The catch-up from there is the pass's next chunk (`tick` goes on until it reaches the head).
      return { from: start, to: start - 1, reorg: false };
    }
    // The cursor is the newest block settled (`settledAt`), written in decimal.
    const cursor = Number(saved);

    let from = goOn?.from ?? Math.max(Math.min(cursor + 1, head - this.rereadDepth + 1), 0);
    let reorgAncestor: number | undefined;
    if (goOn === undefined) {
      const stored = await this.ports.recentBlocks();
      const top = stored[0];
      // A head below what was scanned already comes from a node behind the one that gave that block.
      if (top && head < top.number) throw new NodeBehind(`the node's head ${head} is below block ${top.number}, scanned already`);
      // Usually the newest block's parent is the block we scanned last (or the head is that block):
      // then the chain still holds it and no extra call is needed to check for a reorganisation.
      const known = top !== undefined && ((Number(latest.number) === top.number + 1 && latest.parentHash === top.hash) || (Number(latest.number) === top.number && latest.hash === top.hash));
      if (top && !known) {
        // No such block on the node is lag (NodeBehind); only another hash at that height is a reorganisation.
        const onChain = await this.rpc(() => blockOrBehind(client, BigInt(top.number)));
        if (onChain.hash !== top.hash) {
          reorgAncestor = await this.findAncestor(stored);
          from = Math.min(from, reorgAncestor + 1);
        }
      }
    }
    const to = Math.min(head, from + this.range() - 1);

    const transfers: ObservedTransfer[] = [];
    const unmatched: UnmatchedTransfer[] = [];
    if (this.ports.anyWatched()) {
      const logs = await this.rpc(() =>
        client.getLogs({ address: [...this.byContract.values()].map((t) => t.logAddress), event: TRANSFER, fromBlock: BigInt(from), toBlock: BigInt(to) }),
      );
      for (const log of logs) {
        const recipient = log.args.to;
        const token = this.byContract.get(log.address.toLowerCase());
        if (!recipient || !token || log.removed || log.blockHash === null || log.transactionHash === null) continue;
        const to = this.options.address(recipient);
        // Money for a session (or a refund paid by hand), else money to an address whose window ended.
        const watched = await this.ports.isWatched(to);
        const reason = watched ? token.mistake : token.mistake ?? 'late';
        if (!watched && !(await this.ports.isPastDeposit(to))) continue;
        const blockNumber = log.blockNumber as bigint;
        const seen = {
          txId: this.options.txId(log.transactionHash),
          eventIndex: log.logIndex as number,
          blockNumber: Number(blockNumber),
          blockRef: log.blockHash,
          blockTime: await this.blockTime(log.blockHash, blockNumber, log.blockTimestamp),
          tokenContract: token.contract,
          decimals: token.decimals,
          from: this.options.address(log.args.from as Address),
          to,
          amountBase: log.args.value as bigint,
        };
        if (reason === undefined && token.currency !== null) transfers.push({ ...seen, currency: token.currency });
        else unmatched.push({ ...seen, currency: token.currency, reason: reason ?? 'unsupported_token' });
      }
    }
    // Hashes kept to notice reorganisations: the head's (from `latest`), and the blocks of payments and
    // deposits, so a reorganisation that replaces one is found at that block (its payment orphaned).
    // A catch-up chunk's last block needs none: with no transfer in it, nothing there could be orphaned.
    const blocks: { number: number; hash: string }[] = to === head && latest.hash ? [{ number: to, hash: latest.hash }] : [];
    for (const t of [...transfers, ...unmatched]) blocks.push({ number: t.blockNumber, hash: t.blockRef });
    this.stats.scans++;
    const settled = settledAt(to, head, this.rereadDepth);
    // The rescan's chunks each orphan what they read and did not find again, and nothing above.
    if (goOn?.rescan) reorgAncestor = from - 1;
    const reorg = reorgAncestor !== undefined ? { reorgAncestor, reorgUpTo: to } : {};
    const scan: ChainScan = { chainId, head, cursor: goOn?.keepCursor ? saved : String(settled), blocks, transfers, ...(unmatched.length > 0 && { unmatched }), ...reorg };
    await this.ports.apply(scan);
    return { from, to, reorg: reorgAncestor !== undefined };
  }

  /**
   * The first block whose timestamp is at or after `ms`, by binary search on block times between 0 and
   * `head` (⌈log2(head)⌉ getBlock calls, about 25 on Ethereum, once per chain: a first run only);
   * `head` when even the head is older.
   */
  private async firstBlockAtOrAfter(ms: number, head: number): Promise<number> {
    let low = 0;
    let high = head;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const block = await this.rpc(() => blockOrBehind(this.options.client, BigInt(middle)));
      if (Number(block.timestamp) * 1000 >= ms) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Blocks per eth_getLogs: the range the transport found its endpoint serves, else `maxRange`. */
  private range(): number {
    const known = this.options.logRange?.();
    return known !== null && known !== undefined && known >= 1 ? Math.floor(known) : this.maxRange;
  }

  /** A log's block time, ms: from the log where the node gives it (anvil, recent geth), else its block's, read once. */
  private async blockTime(hash: string, blockNumber: bigint, fromLog: bigint | null | undefined): Promise<number> {
    if (fromLog) return Number(fromLog) * 1000;
    let time = this.blockTimes.get(hash);
    if (time === undefined) {
      const block = await this.rpc(() => blockOrBehind(this.options.client, blockNumber));
      time = Number(block.timestamp) * 1000;
      // Bounded: blocks read again are the newest few; older ones are not asked for again.
      if (this.blockTimes.size >= 1_000) this.blockTimes.clear();
      this.blockTimes.set(hash, time);
    }
    return time;
  }

  /**
   * The newest stored block still on the chain; below every stored one if none is.
   * @throws NodeBehind where the node has no block at a stored height (it lags: not a reorganisation)
   */
  private async findAncestor(stored: { number: number; hash: string }[]): Promise<number> {
    for (const b of stored) {
      const onChain = await this.rpc(() => blockOrBehind(this.options.client, BigInt(b.number)));
      if (onChain.hash === b.hash) return b.number;
    }
    const oldest = stored[stored.length - 1];
    return oldest ? Math.max(oldest.number - 1, 0) : 0;
  }
}
