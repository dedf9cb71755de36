import type { RpcPool } from '../rpc-pool/pool.js';

/**
 * A java-tron full node's HTTP API (`/wallet/*`), as TRON's payout code calls it: plain `fetch`, one
 * POST per call, no retries. Plain rather than through TronWeb's client because every call here must
 * be visible and its failure explicit: TronWeb's `trx.*` helpers add calls of their own and answer
 * some failures with `{}`, which a payout would read as "not found" (TronWeb still builds and signs
 * the transaction, offline: refund-payout.ts). Given the network's endpoint pool, a call that got no
 * answer (down, 429, 5xx) is retried and fails over through it, so one down endpoint does not stall
 * refunds; a broadcast retried so is the same signed bytes, which a node that already took them
 * answers with DUP_TRANSACTION_ERROR (broadcast-answer.ts reads it as accepted): never a second payout.
 * Without a pool (tests of this class), one POST per call.
 *
 * java-tron answers almost everything with status 200: a request it cannot read as `{"Error": …}`,
 * "not found" as `{}`. Both are told apart here: the first throws, the second is returned.
 */

/** How long one call may take before it counts as failed (viem's default for EVM, too). */
const TIMEOUT_MS = 10_000;

/** A call the node did not answer with JSON (down, a proxy's error page, a path it does not serve). */
export class TronNodeHttpError extends Error {
  constructor(
    readonly path: string,
    /** The HTTP status, or null when no answer came at all. */
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export class TronNodeApi {
  constructor(
    private readonly o: {
      /** The node's base URL (TronWeb's `fullHost`): `https://api.trongrid.io`, `http://host:8090`. */
      httpUrl: string;
      /** The network's name, for messages. */
      name: string;
      /** Sent with every call: TronGrid's `TRON-PRO-API-KEY`, when one is configured. */
      headers?: Record<string, string>;
      /** The network's endpoint pool; when given, `httpUrl` is only TronWeb's and calls go through the pool. */
      pool?: RpcPool;
    },
  ) {}

  /**
   * POSTs `body` (an object, or JSON text sent as is) to `path` and returns the node's JSON answer.
   * @throws TronNodeHttpError when the node cannot be reached or answers no JSON object, and Error
   * with java-tron's text when it answers `{"Error": …}`.
   */
  async post<T = Record<string, unknown>>(path: string, body: object | string): Promise<T> {
    const { status, ok, text } = await this.send(path, typeof body === 'string' ? body : JSON.stringify(body));
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (!ok || answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
      throw new TronNodeHttpError(path, status, `the ${this.o.name} node answered ${path} with HTTP ${status}: ${text.slice(0, 200)}`);
    }
    const error = (answer as { Error?: unknown }).Error;
    if (typeof error === 'string') throw new Error(`the ${this.o.name} node refused ${path}: ${error}`);
    return answer as T;
  }

  /** One POST, through the pool when there is one. @throws TronNodeHttpError when no answer came */
  private async send(path: string, body: string): Promise<{ status: number; ok: boolean; text: string }> {
    try {
      if (this.o.pool) {
        const { status, text } = await this.o.pool.post(path, body);
        return { status, ok: status >= 200 && status < 300, text };
      }
      const response = await fetch(`${this.o.httpUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.o.headers },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return { status: response.status, ok: response.ok, text: await response.text() };
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new TronNodeHttpError(path, null, `the ${this.o.name} node did not answer ${path}: ${cause}`);
    }
  }
}

/** java-tron's "not found": an empty object. */
export function isEmptyAnswer(answer: object): boolean {
  return Object.keys(answer).length === 0;
}
