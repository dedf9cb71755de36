/**
 * What java-tron's `/wallet/broadcasttransaction` answers (BroadcastServlet): `{"result": true,
 * "txid"}` when it took the transaction, else `{"code", "txid", "message"}` with a response code of
 * its `Return.response_code` and the reason as hex-encoded UTF-8 (plain text when the request was
 * `visible`): `SIGERROR`, `TAPOS_ERROR`, `TRANSACTION_EXPIRATION_ERROR`, `BANDWITH_ERROR` (sic),
 * `CONTRACT_VALIDATE_ERROR`, `SERVER_BUSY`, `DUP_TRANSACTION_ERROR`…
 */
export interface BroadcastAnswer {
  result?: boolean;
  code?: string;
  txid?: string;
  message?: string;
}

/**
 * Why the node refused a transaction, as `CODE: reason` text; null when the node has it: taken now,
 * or `DUP_TRANSACTION_ERROR`, which means it already holds those same bytes (in its pool or in a
 * block), so sending them again changed nothing and is no failure.
 */
export function broadcastRefusal(answer: BroadcastAnswer): string | null {
  if (answer.result === true || answer.code === 'DUP_TRANSACTION_ERROR') return null;
  const reason = answer.message === undefined ? '' : readMessage(answer.message);
  const code = answer.code ?? 'no result';
  return reason === '' ? code : `${code}: ${reason}`;
}

/** java-tron's message: hex-encoded UTF-8 unless the request was `visible`, when it is the text itself. */
export function readMessage(message: string): string {
  if (!/^([0-9a-fA-F]{2})+$/.test(message)) return message;
  return Buffer.from(message, 'hex').toString('utf8');
}
