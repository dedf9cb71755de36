import { toEvmAddress } from '../address-format.js';
import type { AnvilRpc, AnvilTransaction } from './anvil-rpc.js';
import type { IndexedTransaction, TransactionIndex } from './transaction-index.js';

/**
 * After a crash between handing a transaction to anvil and recording anvil's hash (transaction-index.ts),
 * finds the anvil transaction in the blocks mined since: same sender, target, call data and value, and
 * not already known as another TRON transaction's. Found, it is recorded, and a re-broadcast is a
 * duplicate; not found, it never reached a block and a re-broadcast executes it.
 */
export async function recoverUnsent(rpc: AnvilRpc, index: TransactionIndex): Promise<void> {
  const unsent = index.unsent();
  if (unsent.length === 0) return;
  const head = await rpc.blockNumber();
  const from = Math.min(...unsent.map((entry) => entry.intentHead));
  for (let number = from; number <= head && index.unsent().length > 0; number++) {
    const block = await rpc.block(number, true);
    for (const tx of block?.transactions ?? []) {
      if (index.txIdOf(tx.hash)) continue;
      const entry = index.unsent().find((e) => e.intentHead <= number && executes(tx, e));
      if (entry) index.recordSent(entry.txId, tx.hash);
    }
  }
}

function executes(tx: AnvilTransaction, entry: IndexedTransaction): boolean {
  const contract = entry.tx.raw.contract[0];
  if (!contract || tx.from.toLowerCase() !== toEvmAddress(contract.ownerAddress)) return false;
  if (contract.type === 'TriggerSmartContract') {
    return tx.to?.toLowerCase() === toEvmAddress(contract.contractAddress) && tx.input.toLowerCase() === `0x${contract.data}` && BigInt(tx.value) === contract.callValue;
  }
  return tx.to?.toLowerCase() === toEvmAddress(contract.toAddress) && BigInt(tx.value) === contract.amount;
}
