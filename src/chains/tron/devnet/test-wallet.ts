import type { TronWeb } from 'tronweb';

/**
 * Test tooling that drives the TRON devnet as a wallet would, through an unmodified TronWeb client:
 * the open `mint` of the test USDT, TRC-20 transfers and TRX sends, each waited for until it is in a
 * block (the stand-in makes one every block time).
 */

/** Fee limit of a TRC-20 call, in sun (30 TRX, as wallets set it): the stand-in burns nothing. */
const FEE_LIMIT_SUN = 30_000_000;

/**
 * Loaded on first use, not with the core: TronWeb brings ethers, axios and protobuf along, ~45 MB of
 * RSS and ~12 MB of heap (docs/development.md, Benchmarks) that a core serving no TRON devnet never needs.
 */
export async function tronWebOf(httpUrl: string, privateKey: string): Promise<TronWeb> {
  const { TronWeb } = await import('tronweb');
  return new TronWeb({ fullHost: httpUrl, privateKey });
}

/** Waits until the node has the transaction's info (it is in a block); throws when it failed. */
export async function waitForTronTransaction(web: TronWeb, txId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = (await web.trx.getUnconfirmedTransactionInfo(txId)) as { id?: string; receipt?: { result?: string }; result?: string };
    if (info.id) {
      if (info.result === 'FAILED' || (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS')) {
        throw new Error(`TRON transaction ${txId} failed: ${info.receipt?.result ?? info.result}`);
      }
      return;
    }
    if (Date.now() > deadline) throw new Error(`TRON transaction ${txId} was not in a block within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls the test USDT's `fn(address,uint256)` (`mint` or `transfer`), signed by `web`'s key; returns the txID. */
export async function callToken(web: TronWeb, token: string, fn: 'mint' | 'transfer', to: string, amountBase: bigint): Promise<string> {
  const from = web.defaultAddress.base58 as string;
  const { transaction } = await web.transactionBuilder.triggerSmartContract(
    token,
    `${fn}(address,uint256)`,
    { feeLimit: FEE_LIMIT_SUN },
    [
      { type: 'address', value: to },
      { type: 'uint256', value: amountBase.toString() },
    ],
    from,
  );
  const signed = await web.trx.sign(transaction);
  const sent = (await web.trx.sendRawTransaction(signed)) as { result?: boolean; code?: string; message?: string };
  if (!sent.result) throw new Error(`${fn} refused: ${sent.code ?? ''} ${Buffer.from(sent.message ?? '', 'hex').toString('utf8')}`);
  return signed.txID;
}

/** Sends `sun` TRX from `web`'s key; returns the txID. */
export async function sendTrx(web: TronWeb, to: string, sun: bigint): Promise<string> {
  const sent = (await web.trx.sendTrx(to, Number(sun))) as { result?: boolean; txid?: string; code?: string; message?: string };
  if (!sent.result || !sent.txid) throw new Error(`sending TRX refused: ${sent.code ?? ''} ${Buffer.from(sent.message ?? '', 'hex').toString('utf8')}`);
  return sent.txid;
}
