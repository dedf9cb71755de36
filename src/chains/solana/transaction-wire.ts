import { address, getBase64Encoder, getSignatureFromTransaction, getTransactionDecoder, getUtf8Encoder, type Instruction, isSolanaError } from '@solana/kit';

/** Small helpers around a payout's transaction: its stored bytes, its memo, the node's refusals. */

/** The SPL Memo program (v2): it logs its UTF-8 data and needs no account. */
export const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

export function memoInstruction(text: string): Instruction {
  return { programAddress: MEMO_PROGRAM_ADDRESS, data: getUtf8Encoder().encode(text) };
}

/** The transaction id (the fee payer's signature, base58) of base64 wire bytes. @throws Error when they are not a transaction */
export function signatureOfWireTransaction(raw: string): string {
  return getSignatureFromTransaction(getTransactionDecoder().decode(getBase64Encoder().encode(raw)));
}

/**
 * The node's reason, as one line: kit's error and what caused it (a preflight failure carries the
 * transaction error, e.g. "Attempt to debit an account but found no record of a prior credit").
 */
export function describeRpcError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = isSolanaError(error) && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
