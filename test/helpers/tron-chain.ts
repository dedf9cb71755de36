/**
 * Helpers for tests on the TRON devnet stand-in: an unmodified TronWeb client pointed at it, control
 * over the anvil underneath (mining, pausing), bounded waits for a transaction's info, and java-tron's
 * hex-encoded broadcast messages read back as text.
 */
import { TronWeb, utils } from 'tronweb';
import { tronDevnet } from '../../src/chains/tron/devnet/index.js';
import type { TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { waitFor } from './evm-chain.js';

/** A TronWeb client of the devnet, signing with `privateKey` when given. */
export function tronWeb(devnet: Pick<TronDevnet, 'httpUrl'>, privateKey?: string): TronWeb {
  return new TronWeb({ fullHost: devnet.httpUrl, ...(privateKey && { privateKey }) });
}

/** A fresh account nobody has used: whatever it holds came from the test. */
export function newAccount(): { privateKey: string; address: string } {
  const account = utils.accounts.generateAccount();
  return { privateKey: account.privateKey, address: account.address.base58 };
}

/** anvil's own JSON-RPC under the devnet (mining, snapshots): not part of the TRON face. */
export async function anvil<T = unknown>(devnet: Pick<TronDevnet, 'anvilRpcUrl'>, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(devnet.anvilRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Mines `blocks` blocks now, whatever the mining mode. */
export async function mine(devnet: Pick<TronDevnet, 'anvilRpcUrl'>, blocks = 1): Promise<void> {
  await anvil(devnet, 'anvil_mine', [`0x${blocks.toString(16)}`]);
}

/** The chain's head, from the TRON face. */
export async function headNumber(web: TronWeb): Promise<number> {
  return (await web.trx.getCurrentBlock()).block_header.raw_data.number;
}

/**
 * How long a broadcast transaction may take to be in a block: it goes into the next one, at most a
 * block time away; ten block times plus 5 s for a loaded machine (as the EVM devnets' receiptTimeoutMs).
 */
export const inclusionMs = (devnet: Pick<TronDevnet, 'blockTimeSeconds'>) => 5_000 + Math.ceil(devnet.blockTimeSeconds * 10_000);

/** Waits until the full node (or, `solid`, the solidity node) has the transaction's info; returns it. */
export function waitForInfo(web: TronWeb, txId: string, timeoutMs: number, solid = false): Promise<any> {
  return waitFor(
    async () => {
      const info: any = solid ? await web.trx.getTransactionInfo(txId) : await web.trx.getUnconfirmedTransactionInfo(txId);
      return Object.keys(info).length > 0 ? info : false;
    },
    timeoutMs,
    `the ${solid ? 'solidified' : ''} info of ${txId}`,
  );
}

/** A broadcast answer's `message` (hex-encoded text, as java-tron sends it) as text. */
export function messageText(answer: { message?: string }): string {
  return Buffer.from(answer.message ?? '', 'hex').toString('utf8');
}

/**
 * Pays `to` in test USDT on a TRON devnet whose files are in `devnetDir` (the core's is
 * `<data dir>/devnet`), as `stablepos devnet pay` does: TronWeb mints, then transfers. Resolves with
 * the transfer's txID once it is in a block, at most `tronPayMs` later.
 */
export function payOnTronDevnet(devnetDir: string, to: string, amountMinor: bigint, payer = 1): Promise<string> {
  return tronDevnet.pay({ dir: devnetDir, network: 'tron', payer, currency: 'USDT', to, amountMinor });
}

/** The bound of payOnTronDevnet: two transactions, each in a block within inclusionMs. */
export const tronPayMs = (blockTimeSeconds: number) => 2 * inclusionMs({ blockTimeSeconds });
