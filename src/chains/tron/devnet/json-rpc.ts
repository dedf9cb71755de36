import { toTronHex } from '../address-format.js';
import type { AnvilBlock, AnvilLog, AnvilReceipt, AnvilRpc, AnvilTransaction, Hex } from './anvil-rpc.js';
import { hexNumber } from './anvil-rpc.js';
import { blockNumberOfId, tronBlockId } from './block-id.js';
import { REVERT_MESSAGE, solidifiedBlock, type TronChainView } from './chain-view.js';
import type { TransactionIndex } from './transaction-index.js';

/**
 * java-tron's Ethereum-compatible `/jsonrpc` (TronJsonRpcImpl), the part a payment watcher uses:
 * `eth_chainId`, `net_version`, `eth_blockNumber`, `eth_getBlockByNumber`, `eth_getBlockByHash`,
 * `eth_getLogs`, `eth_call`, `eth_getTransactionByHash`, `eth_getTransactionReceipt`. As on java-tron:
 * transaction hashes are TRON transaction ids and block hashes TRON block ids; addresses are 20 bytes
 * of hex (the `41…` form is refused in filters); `finalized` is the solidified block, `pending` is
 * refused; `eth_getLogs` spans at most 5,000 blocks and returns at most 10,000 logs; nothing can be
 * sent (`eth_sendRawTransaction` is -32601: broadcasting is `/wallet/broadcasttransaction`).
 */

/** java-tron's node.jsonrpc.maxBlockRange default. */
export const DEFAULT_MAX_LOG_BLOCK_RANGE = 5_000;
/** java-tron's LogBlockQuery.MAX_RESULT. */
export const MAX_LOG_RESULTS = 10_000;

class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const invalidParams = (message: string) => new JsonRpcError(-32602, message);
const ZERO_32 = `0x${'00'.repeat(32)}`;
const NOT_SENDABLE = new Set(['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'eth_signTransaction']);

interface Request {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

export class JsonRpcApi {
  constructor(
    private readonly rpc: AnvilRpc,
    private readonly index: TransactionIndex,
    private readonly view: TronChainView,
    private readonly chainId: number,
    /** Blocks one `eth_getLogs` may span beyond its first (java-tron's node.jsonrpc.maxBlockRange). */
    private readonly maxLogBlockRange = DEFAULT_MAX_LOG_BLOCK_RANGE,
  ) {}

  /** One request or a batch, answered in JSON-RPC 2.0 (errors carry `data: "{}"` as java-tron's do). */
  handle(body: unknown): Promise<unknown> {
    if (Array.isArray(body)) return Promise.all(body.map((request) => this.one(request as Request)));
    return this.one(body as Request);
  }

  private async one(request: Request): Promise<unknown> {
    const id = request && typeof request === 'object' && 'id' in request ? request.id : null;
    try {
      if (!request || typeof request !== 'object' || typeof request.method !== 'string') throw new JsonRpcError(-32600, 'Invalid Request');
      const params = Array.isArray(request.params) ? request.params : [];
      return { jsonrpc: '2.0', id, result: await this.dispatch(request.method, params) };
    } catch (error) {
      if (!(error instanceof JsonRpcError)) throw error;
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, data: '{}' } };
    }
  }

  private dispatch(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
      case 'net_version':
        return Promise.resolve(hexNumber(this.chainId));
      case 'eth_blockNumber':
        return this.rpc.blockNumber().then(hexNumber);
      case 'eth_getBlockByNumber':
        return this.blockByNumber(params[0], params[1] === true);
      case 'eth_getBlockByHash':
        return this.blockByHash(params[0], params[1] === true);
      case 'eth_getLogs':
        return this.logs(params[0]);
      case 'eth_call':
        return this.call(params[0], params[1]);
      case 'eth_getTransactionByHash':
        return this.transaction(params[0]);
      case 'eth_getTransactionReceipt':
        return this.receipt(params[0]);
      default:
        if (NOT_SENDABLE.has(method)) throw new JsonRpcError(-32601, `the method ${method} does not exist/is not available`);
        throw new JsonRpcError(-32601, 'method not found');
    }
  }

  /** A block tag or number as java-tron reads it (JsonRpcApiUtil.getByJsonBlockId); -1 for latest. */
  private async blockTag(tag: unknown): Promise<number> {
    if (tag === undefined || tag === null || tag === '' || tag === 'latest') return -1;
    if (tag === 'earliest') return 0;
    if (tag === 'pending') throw invalidParams('TAG pending not supported');
    if (tag === 'finalized') return solidifiedBlock(await this.rpc.blockNumber());
    if (typeof tag === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(tag)) return Number(tag);
    throw invalidParams('invalid block number');
  }

  private async blockByNumber(tag: unknown, full: boolean): Promise<unknown> {
    const resolved = await this.blockTag(tag);
    const number = resolved === -1 ? await this.rpc.blockNumber() : resolved;
    const block = full ? await this.rpc.block(number, true) : await this.rpc.block(number);
    return block && this.blockResult(block, full);
  }

  private async blockByHash(hash: unknown, full: boolean): Promise<unknown> {
    const number = typeof hash === 'string' ? blockNumberOfId(hash) : null;
    if (number === null) throw invalidParams('invalid hash value');
    const block = full ? await this.rpc.block(number, true) : await this.rpc.block(number);
    if (!block || `0x${tronBlockId(number, block.hash)}` !== (hash as string).toLowerCase().replace(/^(0x)?/, '0x')) return null;
    return this.blockResult(block, full);
  }

  /** java-tron's BlockResult, from anvil's block with TRON ids for the block, its parent and its transactions. */
  private blockResult(block: AnvilBlock, full: boolean): Record<string, unknown> {
    const number = Number(block.number);
    const hash = `0x${tronBlockId(number, block.hash)}`;
    const anvil = block as AnvilBlock & { transactionsRoot?: Hex; stateRoot?: Hex };
    return {
      number: block.number,
      hash,
      parentHash: number > 0 ? `0x${tronBlockId(number - 1, block.parentHash)}` : ZERO_32,
      nonce: '0x0000000000000000',
      sha3Uncles: ZERO_32,
      logsBloom: `0x${'00'.repeat(256)}`,
      transactionsRoot: anvil.transactionsRoot ?? ZERO_32,
      stateRoot: anvil.stateRoot ?? ZERO_32,
      receiptsRoot: ZERO_32,
      miner: `0x${'00'.repeat(20)}`,
      difficulty: '0x0',
      totalDifficulty: '0x0',
      extraData: '0x',
      size: block.size ?? '0x0',
      gasLimit: block.gasLimit,
      gasUsed: block.gasUsed,
      timestamp: block.timestamp,
      transactions: full
        ? (block.transactions as AnvilTransaction[]).map((tx) => this.transactionResult(tx, hash))
        : (block.transactions as Hex[]).map((h) => this.tronHash(h)),
      uncles: [],
      baseFeePerGas: '0x0',
      mixHash: ZERO_32,
    };
  }

  /** The TRON id of an anvil transaction as a 0x hash; its anvil hash when no TRON transaction made it. */
  private tronHash(ethHash: Hex): Hex {
    const txId = this.index.txIdOf(ethHash);
    return txId ? `0x${txId}` : ethHash;
  }

  private transactionResult(tx: AnvilTransaction, blockHash: string | null): Record<string, unknown> {
    const signature = this.index.get(this.index.txIdOf(tx.hash) ?? '')?.tx.signatures[0];
    return {
      blockHash,
      blockNumber: tx.blockNumber,
      from: tx.from,
      gas: tx.gas,
      gasPrice: '0x0',
      hash: this.tronHash(tx.hash),
      input: tx.input,
      nonce: '0x0000000000000000',
      to: tx.to,
      transactionIndex: tx.transactionIndex,
      value: tx.value,
      type: '0x0',
      ...(signature && { r: `0x${signature.slice(0, 64)}`, s: `0x${signature.slice(64, 128)}`, v: `0x${signature.slice(128, 130)}` }),
    };
  }

  private logResult(log: AnvilLog): Record<string, unknown> {
    return {
      logIndex: log.logIndex,
      transactionIndex: log.transactionIndex,
      transactionHash: this.tronHash(log.transactionHash),
      blockHash: `0x${tronBlockId(Number(log.blockNumber), log.blockHash)}`,
      blockNumber: log.blockNumber,
      address: log.address.toLowerCase(),
      data: log.data,
      topics: log.topics,
      removed: false,
    };
  }

  /** `eth_getLogs`, with java-tron's block range rules (LogFilterWrapper) and limits. */
  private async logs(filterParam: unknown): Promise<unknown> {
    if (!filterParam || typeof filterParam !== 'object') throw invalidParams('invalid json request');
    const filter = filterParam as { fromBlock?: unknown; toBlock?: unknown; address?: unknown; topics?: unknown; blockHash?: unknown };
    const address = logAddresses(filter.address);
    const topics = logTopics(filter.topics);
    const head = await this.rpc.blockNumber();
    let from: number;
    let to: number;
    if (filter.blockHash !== undefined && filter.blockHash !== null) {
      if (filter.fromBlock != null || filter.toBlock != null) {
        throw invalidParams('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
      }
      const block = (await this.blockByHash(filter.blockHash, false).catch(() => null)) as { number: Hex } | null;
      if (!block) throw invalidParams('invalid blockHash');
      from = to = Number(block.number);
    } else {
      const given = (tag: unknown) => tag !== undefined && tag !== null && tag !== '';
      const fromTag = given(filter.fromBlock) ? await this.blockTag(filter.fromBlock) : undefined;
      const toTag = given(filter.toBlock) ? await this.blockTag(filter.toBlock) : undefined;
      const open = Number.MAX_SAFE_INTEGER;
      if (fromTag === undefined && toTag !== undefined) {
        to = toTag === -1 ? open : toTag;
        from = Math.min(to, head);
      } else if (fromTag !== undefined && toTag === undefined) {
        from = fromTag === -1 ? head : fromTag;
        to = open;
      } else if (fromTag === undefined || toTag === undefined) {
        from = head;
        to = open;
      } else {
        from = fromTag === -1 ? head : fromTag;
        to = toTag === -1 ? open : toTag;
        if (from > to) throw invalidParams('please verify: fromBlock <= toBlock');
      }
      if (this.maxLogBlockRange > 0 && Math.min(to, head) - from > this.maxLogBlockRange) {
        throw invalidParams(`exceed max block range: ${this.maxLogBlockRange}`);
      }
    }
    const last = Math.min(to, head);
    if (from > last) return [];
    const logs = await this.rpc.call<AnvilLog[]>('eth_getLogs', [
      { fromBlock: hexNumber(from), toBlock: hexNumber(last), ...(address && { address }), ...(topics && { topics }) },
    ]);
    if (logs.length > MAX_LOG_RESULTS) throw new JsonRpcError(-32005, `query returned more than ${MAX_LOG_RESULTS} results`);
    return logs.map((log) => this.logResult(log));
  }

  /** `eth_call`: latest state only, as java-tron (TronJsonRpcImpl.getCall). */
  private async call(callParam: unknown, tag: unknown): Promise<unknown> {
    if (!callParam || typeof callParam !== 'object') throw new JsonRpcError(-32600, 'invalid json request');
    if (tag && typeof tag === 'object') {
      if (!('blockNumber' in tag) && !('blockHash' in tag)) throw new JsonRpcError(-32600, 'invalid json request');
    } else if (tag === 'earliest' || tag === 'pending' || tag === 'finalized') {
      throw invalidParams('TAG [earliest | pending | finalized] not supported');
    } else if (tag !== 'latest') {
      if (typeof tag !== 'string' || !/^0x[0-9a-fA-F]+$/.test(tag)) throw invalidParams('invalid block number');
      throw invalidParams('QUANTITY not supported, just support TAG as latest');
    }
    const call = callParam as { from?: unknown; to?: unknown; data?: unknown; input?: unknown; value?: unknown };
    const address = (value: unknown) => {
      try {
        return toTronHex(typeof value === 'string' && /^[0-9a-fA-F]{40}$/.test(value) ? `0x${value}` : String(value));
      } catch {
        throw invalidParams(`invalid address: ${String(value)}`);
      }
    };
    const data = call.data ?? call.input ?? '0x';
    if (typeof data !== 'string' || !/^(0x)?([0-9a-fA-F]{2})*$/.test(data)) throw invalidParams('invalid data');
    if (call.value !== undefined && (typeof call.value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(call.value))) {
      throw invalidParams('invalid value');
    }
    const result = await this.view.call(
      {
        ...(call.from ? { owner: address(call.from) } : {}),
        contract: address(call.to),
        data: data.replace(/^0x/, '').toLowerCase(),
        callValue: call.value ? BigInt(call.value) : 0n,
      },
      false,
    );
    if (!result.reverted) return `0x${result.output}`;
    throw new JsonRpcError(-32000, `${REVERT_MESSAGE}${revertReason(result.output)}`);
  }

  private async transaction(hash: unknown): Promise<unknown> {
    const entry = this.index.get(transactionIdParam(hash));
    if (!entry?.ethHash) return null;
    const tx = await this.rpc.call<AnvilTransaction | null>('eth_getTransactionByHash', [entry.ethHash]);
    if (!tx?.blockNumber || !tx.blockHash) return null;
    return this.transactionResult(tx, `0x${tronBlockId(Number(tx.blockNumber), tx.blockHash)}`);
  }

  private async receipt(hash: unknown): Promise<unknown> {
    const txId = transactionIdParam(hash);
    const entry = this.index.get(txId);
    if (!entry?.ethHash) return null;
    const receipt = await this.rpc.call<AnvilReceipt | null>('eth_getTransactionReceipt', [entry.ethHash]);
    if (!receipt) return null;
    return {
      blockHash: `0x${tronBlockId(Number(receipt.blockNumber), receipt.blockHash)}`,
      blockNumber: receipt.blockNumber,
      transactionIndex: receipt.transactionIndex,
      transactionHash: `0x${txId}`,
      from: receipt.from,
      to: receipt.to,
      cumulativeGasUsed: receipt.cumulativeGasUsed,
      effectiveGasPrice: '0x0',
      gasUsed: receipt.gasUsed,
      contractAddress: null,
      logs: receipt.logs.map((log) => this.logResult(log)),
      logsBloom: `0x${'00'.repeat(256)}`,
      root: null,
      status: receipt.status,
      type: '0x0',
    };
  }
}

/** A filter's `address`: one or many, each exactly 20 bytes of hex (java-tron refuses `41…`). */
function logAddresses(value: unknown): Hex | Hex[] | undefined {
  if (value === undefined || value === null) return undefined;
  const one = (a: unknown, problem: string): Hex => {
    if (typeof a !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(a)) throw invalidParams(problem);
    return `0x${a.replace(/^0x/, '').toLowerCase()}`;
  };
  if (typeof value === 'string') return one(value, `invalid address: ${value}`);
  if (Array.isArray(value)) return value.map((a, i) => one(a, `invalid address at index ${i}: ${String(a)}`));
  throw invalidParams('invalid addresses in query');
}

/** A filter's `topics`: at most 4 positions, each null, a 32-byte topic or a list of them. */
function logTopics(value: unknown): (Hex | Hex[] | null)[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalidParams('invalid topic(s)');
  if (value.length > 4) throw invalidParams('topics size should be <= 4');
  const one = (t: unknown): Hex => {
    if (typeof t !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(t)) throw invalidParams(`invalid topic(s): ${String(t)}`);
    return `0x${t.replace(/^0x/, '').toLowerCase()}`;
  };
  return value.map((topic) => {
    if (topic === null) return null;
    if (typeof topic === 'string') return one(topic);
    if (Array.isArray(topic)) return topic.map(one);
    throw invalidParams('invalid topic(s)');
  });
}

function transactionIdParam(hash: unknown): string {
  if (typeof hash !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(hash)) throw invalidParams('invalid hash value');
  return hash.replace(/^0x/, '').toLowerCase();
}

/** `: reason` when revert data is Solidity's Error(string), as java-tron appends it. */
function revertReason(output: string): string {
  if (!output.startsWith('08c379a0') || output.length < 8 + 128) return '';
  const length = Number.parseInt(output.slice(8 + 64, 8 + 128), 16);
  const text = Buffer.from(output.slice(8 + 128, 8 + 128 + length * 2), 'hex').toString('utf8');
  return `: ${text}`;
}
