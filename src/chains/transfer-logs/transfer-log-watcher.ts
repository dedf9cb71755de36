import { type Address, type Hex, parseAbiItem, type PublicClient } from 'viem';
import type { ChainScan, ObservedTransfer, UnmatchedTransfer } from '../../domain/chain-scan.js';
import type { Stablecoin } from '../../domain/currencies.js';
import type { DepositReason } from '../../domain/deposit.js';
import { PollLoop, type Watcher, type WatcherPorts, type WatcherStats } from '../family.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

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
  /** The chain this network must be (decimal chain id): an RPC for another chain is refused, never scanned. */
  expectedChainId: string;
  tokens: readonly WatchedToken[];
  pollMs: number;
  /** Most blocks per eth_getLogs call (public RPCs cap ranges, java-tron at 5,000; backfill goes chunk by chunk). */
  maxRange?: number;
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
 */
export class TransferLogWatcher implements Watcher {
  readonly stats: WatcherStats = { rpcCalls: 0, scans: 0, lastHead: null, lastSuccessAt: null, lastError: null };
  private readonly loop: PollLoop;
  private chainId: string | undefined;
  private lastAppliedHead = -1;
  private lastAppliedHash: string | null = null;
  private readonly maxRange: number;
  private readonly byContract: Map<string, WatchedToken>;

  constructor(
    private readonly options: TransferLogWatcherOptions,
    private readonly ports: WatcherPorts,
  ) {
    this.maxRange = options.maxRange ?? 2000;
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
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
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
    if (head === this.lastAppliedHead && latest.hash === this.lastAppliedHash) {
      this.stats.behind = 0;
      this.stats.lastSuccessAt = Date.now();
      this.stats.lastError = null;
      return;
    }
    for (let guard = 0; guard < 10_000; guard++) {
      const done = await this.scanOnce(head, latest);
      if (done || !this.loop.running) break;
    }
    this.lastAppliedHead = head;
    this.lastAppliedHash = latest.hash;
    this.stats.lastSuccessAt = Date.now();
    this.stats.lastError = null;
  }

  /** Scans one chunk; returns true when caught up with `head`. */
  private async scanOnce(head: number, latest: { number: bigint | null; hash: `0x${string}` | null; parentHash: `0x${string}` }): Promise<boolean> {
    const client = this.options.client;
    const chainId = this.chainId as string;
    const saved = await this.ports.cursor(chainId);
    if (saved === undefined) {
      // First run on this chain: start at the current head (nothing older can belong to a session).
      const block = await this.rpc(() => client.getBlock({ blockNumber: BigInt(Math.max(head - 1, 0)) }));
      await this.ports.apply({ chainId, head, cursor: String(block.number), blocks: [{ number: Number(block.number), hash: block.hash }], transfers: [] });
      return false;
    }
    // The cursor is the last block scanned, written in decimal.
    const cursor = Number(saved);

    let from = cursor + 1;
    let reorgAncestor: number | undefined;
    const stored = await this.ports.recentBlocks();
    const top = stored[0];
    // Usually the newest block's parent is the block we scanned last: then the chain still holds it
    // and no extra call is needed to check for a reorganisation.
    const parentIsTop = top !== undefined && Number(latest.number) === top.number + 1 && latest.parentHash === top.hash;
    if (top && !parentIsTop) {
      const onChain = await this.rpc(() => client.getBlock({ blockNumber: BigInt(top.number) }).catch(() => null));
      if (!onChain || onChain.hash !== top.hash) {
        reorgAncestor = await this.findAncestor(stored);
        from = reorgAncestor + 1;
      }
    }
    const to = Math.min(head, from + this.maxRange - 1);
    if (to < from) {
      // Nothing new (or the chain got shorter in a reorganisation): still count confirmations.
      await this.ports.apply({ chainId, head, cursor: String(reorgAncestor ?? Math.min(cursor, head)), blocks: [], transfers: [], ...(reorgAncestor !== undefined && { reorgAncestor }) });
      this.stats.behind = 0;
      return true;
    }

    const transfers: ObservedTransfer[] = [];
    const unmatched: UnmatchedTransfer[] = [];
    if (this.ports.anyWatched()) {
      const logs = await this.rpc(() =>
        client.getLogs({ address: [...this.byContract.values()].map((t) => t.logAddress), event: TRANSFER, fromBlock: BigInt(from), toBlock: BigInt(to) }),
      );
      const blockTimes = new Map<bigint, number>();
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
        // Nodes that return `blockTimestamp` with logs (anvil, recent geth) spare a getBlock per block.
        let blockTime = blockTimes.get(blockNumber) ?? (log.blockTimestamp ? Number(log.blockTimestamp) * 1000 : undefined);
        if (blockTime === undefined) {
          const block = await this.rpc(() => client.getBlock({ blockNumber }));
          blockTime = Number(block.timestamp) * 1000;
          blockTimes.set(blockNumber, blockTime);
        }
        const seen = {
          txId: this.options.txId(log.transactionHash),
          eventIndex: log.logIndex as number,
          blockNumber: Number(blockNumber),
          blockRef: log.blockHash,
          blockTime,
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
    const last = to === head && latest.hash ? { hash: latest.hash } : await this.rpc(() => client.getBlock({ blockNumber: BigInt(to) }));
    const blocks = [{ number: to, hash: last.hash as string }];
    // The blocks of deposits too, not only payments': a reorganisation that replaces one is then found
    // at that block (its deposit orphaned), not only at the last block of a pass.
    for (const t of [...transfers, ...unmatched]) blocks.push({ number: t.blockNumber, hash: t.blockRef });
    this.stats.scans++;
    const scan: ChainScan = { chainId, head, cursor: String(to), blocks, transfers, ...(unmatched.length > 0 && { unmatched }), ...(reorgAncestor !== undefined && { reorgAncestor }) };
    await this.ports.apply(scan);
    this.stats.behind = Math.max(head - to, 0);
    return to >= head;
  }

  /** The newest stored block still on the chain; below every stored one if none is. */
  private async findAncestor(stored: { number: number; hash: string }[]): Promise<number> {
    for (const b of stored) {
      const onChain = await this.rpc(() => this.options.client.getBlock({ blockNumber: BigInt(b.number) }).catch(() => null));
      if (onChain && onChain.hash === b.hash) return b.number;
    }
    const oldest = stored[stored.length - 1];
    return oldest ? Math.max(oldest.number - 1, 0) : 0;
  }
}
