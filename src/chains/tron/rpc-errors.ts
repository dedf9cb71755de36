/**
 * Why a TRON node's `/jsonrpc` failed, in words that tell the owner what to change. java-tron serves
 * `/jsonrpc` only with `node.jsonrpc.httpFullNodeEnable = true` (404 otherwise), and TronGrid answers
 * 401/403 without a valid `TRON-PRO-API-KEY` (429 when over its rate limit).
 */
export function explainTronRpcError(error: unknown, said: string): string | undefined {
  const status = httpStatusOf(error);
  if (status === 404 || status === 405 || /method not found|-32601/i.test(said)) {
    return `the node does not serve /jsonrpc (HTTP ${status ?? 'error'}): enable node.jsonrpc.httpFullNodeEnable on your java-tron node, or use TronGrid with an API key`;
  }
  if (status === 401 || status === 403) return `the node refused the request (HTTP ${status}): check the API key (TRON-PRO-API-KEY) in Settings`;
  if (status === 429) return 'the node rate-limits this app (HTTP 429): set an API key (TRON-PRO-API-KEY) in Settings, or use a node of your own';
  return undefined;
}

/** The HTTP status viem's request error carries, looking through its causes. */
function httpStatusOf(error: unknown): number | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}
