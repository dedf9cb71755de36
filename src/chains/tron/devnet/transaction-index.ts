import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { Hex } from './anvil-rpc.js';
import { parseTransaction, printTransaction, type TronTransaction } from './transaction.js';

/**
 * Which anvil transaction executed which TRON transaction, kept beside the state file so that ids,
 * lookups and duplicate checks survive a restart. An append-only file of JSON lines, written before
 * the broadcast is answered:
 *
 * - `intent`: the TRON transaction, and the head block when it was handed to anvil, written *before*
 *   anvil gets it;
 * - `sent`: the anvil transaction hash, written once anvil has it;
 * - `abandoned`: anvil refused it, so it never happened.
 *
 * An intent without its `sent` line means the app died in between: on the next start the stand-in
 * looks for the anvil transaction in the blocks since that head (unsent-recovery.ts), so a
 * transaction that did reach anvil is never executed a second time by a re-broadcast.
 */

export interface IndexedTransaction {
  txId: string;
  tx: TronTransaction;
  /** Block number of the head when the transaction was handed to anvil. */
  intentHead: number;
  /** The anvil transaction that executed it; absent while unknown. */
  ethHash?: Hex;
}

type Line =
  | { kind: 'intent'; txID: string; head: number; transaction: unknown }
  | { kind: 'sent'; txID: string; eth: Hex }
  | { kind: 'abandoned'; txID: string };

export class TransactionIndex {
  private readonly byTxId = new Map<string, IndexedTransaction>();
  private readonly byEthHash = new Map<string, string>();
  private fd: number | undefined;

  private constructor(private readonly file: string) {}

  /**
   * Loads the index (a missing file is an empty index) and opens it for appending, owner-only.
   * @throws Error naming the file and line when a line other than a torn last one cannot be read.
   */
  static open(file: string): TransactionIndex {
    const index = new TransactionIndex(file);
    if (existsSync(file)) index.load(readFileSync(file, 'utf8'));
    index.fd = openSync(file, 'a', 0o600);
    return index;
  }

  get(txId: string): IndexedTransaction | undefined {
    return this.byTxId.get(txId.toLowerCase());
  }

  /** The TRON id of an anvil transaction, when a TRON transaction made it. */
  txIdOf(ethHash: string): string | undefined {
    return this.byEthHash.get(ethHash.toLowerCase());
  }

  /** Transactions handed to anvil whose anvil hash was never recorded. */
  unsent(): IndexedTransaction[] {
    return [...this.byTxId.values()].filter((entry) => entry.ethHash === undefined);
  }

  /** Records that `tx` is about to be handed to anvil; forgets any earlier execution of it. */
  recordIntent(txId: string, tx: TronTransaction, head: number): void {
    this.append({ kind: 'intent', txID: txId, head, transaction: printTransaction(tx, { visible: false }) });
    this.applyIntent(txId, tx, head);
  }

  recordSent(txId: string, ethHash: Hex): void {
    this.append({ kind: 'sent', txID: txId, eth: ethHash });
    this.applySent(txId, ethHash);
  }

  /** Records that anvil refused the transaction of the last intent: it was never executed. */
  recordAbandoned(txId: string): void {
    this.append({ kind: 'abandoned', txID: txId });
    this.byTxId.delete(txId);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private append(line: Line): void {
    if (this.fd === undefined) throw new Error(`the transaction index ${this.file} is closed`);
    // Bigint fields are printed as JSON numbers; the ones written here are timestamps and amounts
    // that round-trip through a Number only below 2^53, so they are written as strings instead.
    writeSync(this.fd, `${JSON.stringify(line, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`);
  }

  private load(text: string): void {
    const lines = text.split('\n');
    lines.forEach((text, i) => {
      if (text.trim() === '') return;
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
        if (line.kind === 'intent') this.applyIntent(line.txID, parseTransaction(line.transaction), line.head);
        else if (line.kind === 'sent') this.applySent(line.txID, line.eth);
        else if (line.kind === 'abandoned') this.byTxId.delete(line.txID);
        else throw new Error(`unknown kind ${JSON.stringify((line as { kind: unknown }).kind)}`);
      } catch (error) {
        // The last line may be torn by a crash in the middle of a write: it never happened.
        if (i >= lines.length - 2 && !text.endsWith('}')) return;
        throw new Error(
          `the TRON devnet's transaction index ${this.file} is unreadable at line ${i + 1} (${(error as Error).message}); ` +
            'delete it together with the state file beside it to start a fresh chain',
        );
      }
    });
  }

  private applyIntent(txId: string, tx: TronTransaction, head: number): void {
    const previous = this.byTxId.get(txId);
    if (previous?.ethHash) this.byEthHash.delete(previous.ethHash);
    this.byTxId.set(txId, { txId, tx, intentHead: head });
  }

  private applySent(txId: string, ethHash: Hex): void {
    const entry = this.byTxId.get(txId);
    if (!entry) return;
    entry.ethHash = ethHash.toLowerCase() as Hex;
    // After a reorganisation, anvil gives a new TRON transaction with the same sender, call and value
    // as a dropped one the dropped one's nonce, hence its hash. That anvil transaction executes the new
    // one only: the dropped one has no execution any more (it is forgotten, so a re-broadcast of it runs
    // again, as on TRON, rather than being taken for a duplicate or shown as mined).
    const previous = this.byEthHash.get(entry.ethHash);
    if (previous !== undefined && previous !== txId) this.byTxId.delete(previous);
    this.byEthHash.set(entry.ethHash, txId);
  }
}
