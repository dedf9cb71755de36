import { toEvmAddress } from '../address-format.js';
import { AnvilRpcError, type AnvilRpc, type AnvilTransaction, type Hex, hexNumber } from './anvil-rpc.js';
import { utf8Hex } from './chain-view.js';
import { signatureProblem } from './signature.js';
import { InvalidTransactionError, parseTransaction, type TronTransaction, transactionId } from './transaction.js';
import type { TransactionIndex } from './transaction-index.js';

/**
 * `/wallet/broadcasttransaction`: java-tron's checks, in java-tron's order (`Wallet.broadcastTransaction`
 * then `Manager.pushTransaction`), and their answers, then execution on anvil as the owner
 * (impersonated: the TRON signature has been checked here, anvil needs none).
 *
 * 1. expiration before the next block's slot            → TRANSACTION_EXPIRATION_ERROR
 * 2. signatures: each must recover to the owner          → SIGERROR
 * 3. TAPOS: ref_block_bytes/ref_block_hash name a block  → TAPOS_ERROR
 *    of this chain among the last 65,536
 * 4. expiration at or before the head, or over 24 h on   → TRANSACTION_EXPIRATION_ERROR
 * 5. the same id already in a block or waiting for one   → DUP_TRANSACTION_ERROR
 * 6. the contract's own checks (balance, target)        → CONTRACT_VALIDATE_ERROR
 *
 * Broadcasts run one at a time, so two copies of one transaction arriving together cannot both pass
 * the duplicate check.
 */

/** TRON's block interval: a transaction must outlive the next block's slot. */
const BLOCK_INTERVAL_MS = 3_000n;
/** java-tron's Constant.MAXIMUM_TIME_UNTIL_EXPIRATION. */
const MAX_EXPIRATION_AHEAD_MS = 24n * 3_600_000n;
/** TRON remembers this many recent blocks for TAPOS (keyed by 2 bytes of the block number). */
const TAPOS_WINDOW = 65_536;
/**
 * Gas anvil may spend on a contract call. TRON's limit comes from the fee limit and the energy price;
 * neither is modelled, so every call gets plenty (a test token's transfer uses about 35,000).
 */
const CALL_GAS = 3_000_000;
const TRANSFER_GAS = 21_000;

type ResponseCode =
  | 'SIGERROR'
  | 'CONTRACT_VALIDATE_ERROR'
  | 'DUP_TRANSACTION_ERROR'
  | 'TAPOS_ERROR'
  | 'TRANSACTION_EXPIRATION_ERROR'
  | 'OTHER_ERROR';

/** A refusal, as java-tron words it: the text goes into `message`. */
class Refusal extends Error {
  constructor(
    readonly code: ResponseCode,
    message: string,
  ) {
    super(message);
  }
}

export class Broadcaster {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly rpc: AnvilRpc,
    private readonly index: TransactionIndex,
  ) {}

  /**
   * Answers as java-tron's BroadcastServlet: `{ result: true, txid }`, or `{ code, txid, message }`
   * with the message hex-encoded (plain text when `visible`).
   */
  broadcast(body: unknown, visible: boolean): Promise<Record<string, unknown>> {
    const run = this.queue.then(() => this.broadcastOne(body, visible));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async broadcastOne(body: unknown, visible: boolean): Promise<Record<string, unknown>> {
    let tx: TronTransaction;
    try {
      tx = parseTransaction(body);
    } catch (error) {
      if (error instanceof InvalidTransactionError) return { Error: error.message };
      throw error;
    }
    const txid = transactionId(tx.raw);
    try {
      await this.validateAndExecute(txid, tx);
      return { result: true, txid };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { code: error.code, txid, message: visible ? error.message : utf8Hex(error.message) };
    }
  }

  private async validateAndExecute(txid: string, tx: TronTransaction): Promise<void> {
    const { raw } = tx;
    if (raw.contract.length !== 1) {
      throw new Refusal(
        'CONTRACT_VALIDATE_ERROR',
        `Contract validate error : tx ${txid} contract size should be exactly 1, this is extend feature ,actual :${raw.contract.length}`,
      );
    }
    const contract = raw.contract[0]!;
    const head = await this.rpc.latestBlock();
    const headNumber = Number(head.number);
    const headTime = BigInt(head.timestamp) * 1000n;

    if (raw.expiration < headTime + BLOCK_INTERVAL_MS) throw new Refusal('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');

    const problem = await signatureProblem(txid, tx.signatures, contract.ownerAddress);
    if (problem) throw new Refusal('SIGERROR', `Validate signature error: ${problem}`);

    if (!(await this.taposHolds(raw.refBlockBytes, raw.refBlockHash, headNumber))) throw new Refusal('TAPOS_ERROR', 'Tapos check error.');

    if (raw.expiration <= headTime || raw.expiration > headTime + MAX_EXPIRATION_AHEAD_MS) {
      throw new Refusal('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
    }

    const known = this.index.get(txid);
    if (known?.ethHash && (await this.rpc.call<AnvilTransaction | null>('eth_getTransactionByHash', [known.ethHash]))) {
      throw new Refusal('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    }

    const from = toEvmAddress(contract.ownerAddress);
    let call: { to: Hex; data: Hex; value: Hex; gas: Hex };
    if (contract.type === 'TriggerSmartContract') {
      const to = toEvmAddress(contract.contractAddress);
      if ((await this.rpc.call<Hex>('eth_getCode', [to, 'latest'])) === '0x') {
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : No contract or not a valid smart contract');
      }
      if (contract.callTokenValue !== 0n || contract.tokenId !== 0n) {
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : TRC-10 tokens are not modelled by the TRON devnet stand-in');
      }
      if (contract.callValue < 0n) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : callValue must be >= 0');
      if (contract.callValue > (await this.pendingBalance(from))) {
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Validate InternalTransfer error, balance is not sufficient.');
      }
      call = { to, data: `0x${contract.data}`, value: hexNumber(contract.callValue), gas: hexNumber(CALL_GAS) };
    } else {
      // TransferActuator.validate, in its order.
      if (contract.toAddress === contract.ownerAddress) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Cannot transfer TRX to yourself.');
      const balance = await this.pendingBalance(from);
      const nonce = BigInt(await this.rpc.call<Hex>('eth_getTransactionCount', [from, 'pending']));
      if (balance === 0n && nonce === 0n) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Validate TransferContract error, no OwnerAccount.');
      if (contract.amount <= 0n) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Amount must be greater than 0.');
      if (balance < contract.amount) {
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Validate TransferContract error, balance is not sufficient.');
      }
      call = { to: toEvmAddress(contract.toAddress), data: '0x', value: hexNumber(contract.amount), gas: hexNumber(TRANSFER_GAS) };
    }

    // The intent is on disk before anvil has the transaction: after a crash in between, the next
    // start finds it in the chain (unsent-recovery.ts) instead of executing a re-broadcast again.
    this.index.recordIntent(txid, tx, headNumber);
    let ethHash: Hex;
    try {
      // Gas price 0: TRX burnt for energy and bandwidth is not modelled, and TRON accounts hold no ether.
      ethHash = await this.rpc.call<Hex>('eth_sendTransaction', [{ from, ...call, gasPrice: '0x0' }]);
    } catch (error) {
      this.index.recordAbandoned(txid);
      if (error instanceof AnvilRpcError) throw new Refusal('OTHER_ERROR', `Error: ${error.message}`);
      throw error;
    }
    this.index.recordSent(txid, ethHash);
  }

  /**
   * TAPOS (`Manager.validateTapos`): the newest block whose number ends in `refBlockBytes` must have
   * `refBlockHash` as bytes 8–15 of its id, i.e. of anvil's hash here.
   */
  private async taposHolds(refBlockBytes: string, refBlockHash: string, head: number): Promise<boolean> {
    if (refBlockBytes.length !== 4 || refBlockHash.length !== 16) return false;
    const low = Number.parseInt(refBlockBytes, 16);
    const number = head - ((((head - low) % TAPOS_WINDOW) + TAPOS_WINDOW) % TAPOS_WINDOW);
    if (number < 0) return false;
    const block = await this.rpc.block(number);
    return block !== null && block.hash.slice(2 + 16, 2 + 32).toLowerCase() === refBlockHash;
  }

  /** Balance counting transactions not mined yet, so one block cannot spend the same sun twice. */
  private async pendingBalance(address: Hex): Promise<bigint> {
    return BigInt(await this.rpc.call<Hex>('eth_getBalance', [address, 'pending']));
  }
}
