/**
 * What of a webhook receiver's answer the attempts log keeps (docs/webhooks.md, "Answers from the
 * shop's network"; docs/security.md, "Webhooks into the shop's network").
 *
 * Anyone who may register an endpoint (a test key too) reads the log, so an endpoint aimed at a
 * service on the shop's network would make the app a proxy into it: its answer's body, and the error
 * text (refused, reset, DNS failure, TLS failure) that tells an open port from a closed one or a host
 * that exists from one that does not. So unless the answer came from a public address, or the owner
 * has confirmed the endpoint, the log keeps only the status code and the duration; every failure
 * reads the same; and a `Retry-After` is not obeyed (the next attempt's time would read it back).
 */

/** The one error text of every failed attempt whose detail is kept back. */
export const KEPT_BACK_ERROR = 'no HTTP answer (the detail is kept back: a non-public address, and the owner has not confirmed this endpoint)';

/** Where an attempt's request went: `public` only when the address connected to (or tried) was public. */
export type AnswerPeer = 'public' | 'private';

interface Answer {
  body: string | null;
  retryAfter: string | null;
  error: string | null;
  peer: AnswerPeer;
}

/** The answer as it may be logged and acted on, and whether anything was kept back. */
export function keptAnswer<A extends Answer>(answer: A, ownerConfirmed: boolean): A & { hidden: boolean } {
  if (answer.peer === 'public' || ownerConfirmed) return { ...answer, hidden: false };
  return { ...answer, body: null, retryAfter: null, error: answer.error === null ? null : KEPT_BACK_ERROR, hidden: true };
}
