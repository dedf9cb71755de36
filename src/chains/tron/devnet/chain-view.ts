import { bytesToHex } from '@noble/hashes/utils.js';
import { toEvmAddress, toTronBase58, type TronHexAddress } from '../address-format.js';
import { type AnvilBlock, type AnvilLog, type AnvilReceipt, type AnvilRpc, AnvilRpcError, type AnvilTransaction, type Hex, hexNumber } from './anvil-rpc.js';
import { tronBlockId } from './block-id.js';
import { intrinsicGas } from './intrinsic-gas.js';
import { bandwidthBytes, printTransaction } from './transaction.js';
import type { IndexedTransaction, TransactionIndex } from './transaction-index.js';

/**
 * anvil's chain seen through java-tron's eyes: blocks, transactions, transaction infos, accounts and
 * contract calls in the JSON shapes of java-tron's HTTP API (field names from its protos, proto3
 * defaults left out), for the full node (`/wallet/*`, the head) and the solidity node
 * (`/walletsolidity/*`, the solidified block).
 */

/**
 * Blocks between the head and the solidified block. On TRON a block is solidified once 70 % of the 27
 * super representatives have built on it: 19 blocks, about 57 s at 3 s blocks.
 */
export const SOLIDIFIED_LAG = 19;

/** What the devnet's blocks name as their producer: no witness signs here. */
const WITNESS_ADDRESS = `41${'00'.repeat(20)}`;
// java-tron's current block version.
const BLOCK_VERSION = 32;
/** java-tron's message for a call that reverted. */
export const REVERT_MESSAGE = 'REVERT opcode executed';

export interface KnownContract {
  name: string;
  abi: { entrys: Record<string, unknown>[] };
  originAddress: TronHexAddress;
}

/** What a view of the chain is limited to: the full node sees the head, the solidity node less. */
export interface ViewOptions {
  visible: boolean;
  solid: boolean;
}

export interface CallResult {
  /** Return data, or revert data when `reverted`; hex without 0x. */
  output: string;
  reverted: boolean;
  /** EVM gas the call used beyond its intrinsic cost. */
  energyUsed: number;
  error?: string;
}

interface CallTrace {
  output?: Hex;
  gasUsed: Hex;
  error?: string;
}

export class TronChainView {
  constructor(
    private readonly rpc: AnvilRpc,
    private readonly index: TransactionIndex,
    private readonly contracts: ReadonlyMap<TronHexAddress, KnownContract>,
    /**
     * The oldest block whose state anvil has: the head when it loaded its state file (it keeps no
     * state of the blocks before). Reads of an older state are answered from this one.
     */
    private readonly oldestState: number,
  ) {}

  /** The block tag for reading the state a view sees (see `oldestState`). */
  private async stateTag(solid: boolean): Promise<Hex> {
    return hexNumber(Math.max(await this.topBlock(solid), this.oldestState));
  }

  /** The newest block a view sees: the head, or the solidified block SOLIDIFIED_LAG below it. */
  async topBlock(solid: boolean): Promise<number> {
    const head = await this.rpc.blockNumber();
    return solid ? solidifiedBlock(head) : head;
  }

  /** java-tron's block JSON, or null when the view does not have that block. */
  async block(number: number, options: ViewOptions & { detail: boolean }): Promise<Record<string, unknown> | null> {
    if (number < 0 || number > (await this.topBlock(options.solid))) return null;
    const block = await this.rpc.block(number);
    if (!block) return null;
    const transactions = options.detail ? await this.blockTransactions(block, options.visible) : [];
    return {
      blockID: tronBlockId(number, block.hash),
      block_header: {
        raw_data: {
          ...(number > 0 && { number }),
          txTrieRoot: (block as AnvilBlock & { transactionsRoot?: Hex }).transactionsRoot?.slice(2) ?? '',
          witness_address: options.visible ? toTronBase58(WITNESS_ADDRESS) : WITNESS_ADDRESS,
          parentHash: number > 0 ? tronBlockId(number - 1, block.parentHash) : '00'.repeat(32),
          version: BLOCK_VERSION,
          timestamp: Number(block.timestamp) * 1000,
        },
      },
      ...(transactions.length > 0 && { transactions }),
    };
  }

  /** The TRON transactions of an anvil block (others, such as the token's deployment, are left out). */
  private async blockTransactions(block: AnvilBlock, visible: boolean): Promise<Record<string, unknown>[]> {
    const entries = (block.transactions as Hex[])
      .map((hash) => this.index.txIdOf(hash))
      .flatMap((txId) => (txId ? [this.index.get(txId)!] : []));
    if (entries.length === 0) return [];
    const receipts = await this.rpc.call<AnvilReceipt[]>('eth_getBlockReceipts', [block.number]);
    const status = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r.status]));
    return entries.map((entry) =>
      printTransaction(entry.tx, { visible, contractRet: status.get(entry.ethHash!) === '0x1' ? 'SUCCESS' : 'REVERT' }),
    );
  }

  /**
   * The receipt of a TRON transaction in a block the view sees, or null: unknown, still pending,
   * dropped by a reorganisation, or (for the solidity view) not solidified yet.
   */
  async minedReceipt(txId: string, solid: boolean): Promise<{ entry: IndexedTransaction; receipt: AnvilReceipt } | null> {
    const entry = this.index.get(txId);
    if (!entry?.ethHash) return null;
    const receipt = await this.rpc.call<AnvilReceipt | null>('eth_getTransactionReceipt', [entry.ethHash]);
    if (!receipt) return null;
    if (Number(receipt.blockNumber) > (await this.topBlock(solid))) return null;
    return { entry, receipt };
  }

  /** `gettransactionbyid`: the transaction with its result, once in a block the view sees. */
  async transaction(txId: string, options: ViewOptions): Promise<Record<string, unknown> | null> {
    const mined = await this.minedReceipt(txId, options.solid);
    if (!mined) return null;
    return printTransaction(mined.entry.tx, { visible: options.visible, contractRet: mined.receipt.status === '0x1' ? 'SUCCESS' : 'REVERT' });
  }

  /**
   * `gettransactionfrompending`: a transaction broadcast and not yet in a block (in anvil's pool), or
   * null: unknown, or already mined.
   */
  async pendingTransaction(txId: string, visible: boolean): Promise<Record<string, unknown> | null> {
    const entry = this.index.get(txId);
    if (!entry?.ethHash) return null;
    const tx = await this.rpc.call<AnvilTransaction | null>('eth_getTransactionByHash', [entry.ethHash]);
    if (!tx || tx.blockNumber !== null) return null;
    return printTransaction(entry.tx, { visible });
  }

  /** `gettransactioninfobyid`: java-tron's TransactionInfo, once in a block the view sees. */
  async transactionInfo(txId: string, options: ViewOptions): Promise<Record<string, unknown> | null> {
    const mined = await this.minedReceipt(txId, options.solid);
    if (!mined) return null;
    const { entry, receipt } = mined;
    const block = await this.rpc.block(Number(receipt.blockNumber));
    const contract = entry.tx.raw.contract[0]!;
    const succeeded = receipt.status === '0x1';
    const common = {
      id: entry.txId,
      blockNumber: Number(receipt.blockNumber),
      blockTimeStamp: Number(block?.timestamp ?? 0) * 1000,
    };
    if (contract.type === 'TransferContract') {
      return { ...common, contractResult: [''], receipt: { net_usage: bandwidthBytes(entry.tx) } };
    }
    const trace = await this.returnData(entry);
    const logs = receipt.logs.map((log) => this.printLog(log, options.visible));
    return {
      ...common,
      contractResult: [trace.output?.slice(2) ?? ''],
      contract_address: options.visible ? toTronBase58(contract.contractAddress) : contract.contractAddress,
      receipt: {
        energy_usage_total: Number(receipt.gasUsed) - intrinsicGas(contract.data),
        net_usage: bandwidthBytes(entry.tx),
        result: succeeded ? 'SUCCESS' : 'REVERT',
      },
      ...(logs.length > 0 && { log: logs }),
      ...(!succeeded && { result: 'FAILED', resMessage: options.visible ? REVERT_MESSAGE : utf8Hex(REVERT_MESSAGE) }),
    };
  }

  /**
   * What the call returned (`contractResult`), from anvil's trace. anvil traces only what it executed
   * since it started: for a transaction mined before a restart the return data is not known, and
   * `contractResult` is `[""]`.
   */
  private async returnData(entry: IndexedTransaction): Promise<Pick<CallTrace, 'output'>> {
    try {
      return await this.rpc.call<CallTrace>('debug_traceTransaction', [entry.ethHash, { tracer: 'callTracer' }]);
    } catch (error) {
      if (error instanceof AnvilRpcError) return {};
      throw error;
    }
  }

  /** A TransactionInfo log: the contract as 20 bytes of hex (base58 when visible), no 0x anywhere. */
  private printLog(log: AnvilLog, visible: boolean): Record<string, unknown> {
    return {
      address: visible ? toTronBase58(log.address) : log.address.slice(2).toLowerCase(),
      topics: log.topics.map((t) => t.slice(2)),
      ...(log.data !== '0x' && { data: log.data.slice(2) }),
    };
  }

  /**
   * `getaccount`: the account at the view's block, or null when it does not exist. An account exists
   * here once it holds TRX, has sent a transaction or is a contract (TRON's activation is not modelled).
   */
  async account(address: TronHexAddress, options: ViewOptions): Promise<Record<string, unknown> | null> {
    const evm = toEvmAddress(address);
    const tag = await this.stateTag(options.solid);
    const [balance, nonce, code] = await Promise.all([
      this.rpc.call<Hex>('eth_getBalance', [evm, tag]),
      this.rpc.call<Hex>('eth_getTransactionCount', [evm, tag]),
      this.rpc.call<Hex>('eth_getCode', [evm, tag]),
    ]);
    if (BigInt(balance) === 0n && BigInt(nonce) === 0n && code === '0x') return null;
    return {
      address: options.visible ? toTronBase58(address) : address,
      ...(BigInt(balance) > 0n && { balance: BigInt(balance) }),
      ...(code !== '0x' && { type: 'Contract' }),
    };
  }

  /** `getcontract`: java-tron's SmartContract, or null when no contract lives at `address`. */
  async contract(address: TronHexAddress, visible: boolean): Promise<Record<string, unknown> | null> {
    const code = await this.rpc.call<Hex>('eth_getCode', [toEvmAddress(address), 'latest']);
    if (code === '0x') return null;
    const known = this.contracts.get(address);
    const print = (a: TronHexAddress) => (visible ? toTronBase58(a) : a);
    return {
      ...(known && { origin_address: print(known.originAddress) }),
      contract_address: print(address),
      abi: known?.abi ?? {},
      bytecode: code.slice(2),
      consume_user_resource_percent: 100,
      ...(known && { name: known.name }),
    };
  }

  /** Runs a call without a transaction (triggerconstantcontract, estimateenergy, eth_call). */
  async call(request: { owner?: TronHexAddress; contract: TronHexAddress; data: string; callValue: bigint }, solid: boolean): Promise<CallResult> {
    const tag = await this.stateTag(solid);
    const trace = await this.rpc.call<CallTrace>('debug_traceCall', [
      {
        ...(request.owner && { from: toEvmAddress(request.owner) }),
        to: toEvmAddress(request.contract),
        data: `0x${request.data}`,
        value: hexNumber(request.callValue),
        gasPrice: '0x0',
      },
      tag,
      { tracer: 'callTracer' },
    ]);
    const output = trace.output?.slice(2) ?? '';
    return {
      output,
      reverted: trace.error !== undefined,
      energyUsed: Math.max(0, Number(trace.gasUsed) - intrinsicGas(request.data)),
      ...(trace.error !== undefined && { error: trace.error }),
    };
  }
}

export function solidifiedBlock(head: number): number {
  return Math.max(0, head - SOLIDIFIED_LAG);
}

export function utf8Hex(text: string): string {
  return bytesToHex(new TextEncoder().encode(text));
}
