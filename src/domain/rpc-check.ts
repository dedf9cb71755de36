/**
 * What the app finds out about an RPC endpoint and tells the owner: the pool's report of each
 * endpoint it uses (EndpointReport, filled by src/chains/rpc-pool/), and a one-off check of an
 * endpoint before a shop relies on it (`stablepos rpc check`, POST /v1/networks/{network}/rpc_check;
 * docs/api.md, "Checking an RPC endpoint"). Words only: never an endpoint's own answers, which could be
 * anything a URL points at.
 */

/** One RPC endpoint as the pool sees it (src/chains/rpc-pool/ fills it; /v1/networks shows it). */
export interface EndpointReport {
  /** The URL without credentials: scheme, host, port and path; query string and user-info dropped (keys live there). */
  url: string;
  state: 'ok' | 'backing_off' | 'set_aside';
  /** In words a shop can act on: why it is backing off or set aside ("reports chain id 5, not 1", "its head is 40 blocks behind the others", "answered 429 Too Many Requests"); null when ok. */
  reason: string | null;
  requests: number;
  rateLimited: number;
  failures: number;
  /** Pacing it settled on after 429s, requests per second; null while none was met. */
  requestsPerSecond: number | null;
  /** The largest eth_getLogs range (blocks) it answered; null where not applicable or not yet known. */
  logRange: number | null;
  /** True once a range refusal told us it caps ranges (logRange is then its cap as far as we know). */
  logRangeCapped: boolean;
  head: number | null;
  latencyMs: number | null;
}

/** An endpoint to check, and what the network expects of it. */
export interface ProbeTarget {
  readonly network: string;
  readonly url: string;
  /** The chain id (EVM: decimal; Solana: genesis hash) the network must serve. */
  readonly expectedChainId: string;
  /** Confirmations a payment needs: a head further behind the others than this is unusable. */
  readonly confirmations: number;
  /** The network's coins' contracts as the family writes them: the logs asked for when measuring ranges. */
  readonly contracts: readonly string[];
  /** Extra headers every request carries (TRON's API key header). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The network's other endpoints, to measure this one's head against. */
  readonly others: readonly string[];
}

/** What a check found. `problems` make the endpoint unusable; `limits` leave it usable, slower. */
export interface ProbeFindings {
  /** What it serves (EVM: decimal chain id; Solana: genesis hash); null when it did not say. */
  chainId: string | null;
  head: number | null;
  /** Blocks (slots) its head is behind the highest of the network's other endpoints; null with none to compare. */
  lag: number | null;
  /** The largest eth_getLogs range (blocks) it served, up to 10,000; null where not applicable or none served. */
  logRange: number | null;
  /** Median time of its simple answers, ms. */
  latencyMs: number | null;
  /** Rate-limit headers it sent (`x-ratelimit-*`, `ratelimit-*`, `retry-after`), "name: value". */
  rateLimitHeaders: string[];
  problems: string[];
  limits: string[];
  /** What to change, one sentence per problem or limit that has a remedy. */
  advice: string[];
}

export type ProbeVerdict = 'usable' | 'usable_with_limits' | 'not_usable';

export function verdictOf(f: Pick<ProbeFindings, 'problems' | 'limits'>): ProbeVerdict {
  return f.problems.length > 0 ? 'not_usable' : f.limits.length > 0 ? 'usable_with_limits' : 'usable';
}

/** "not usable: serves chain id 31337, not 1", "usable with limits: …", "usable". */
export function verdictLine(f: Pick<ProbeFindings, 'problems' | 'limits'>): string {
  const verdict = verdictOf(f);
  if (verdict === 'usable') return 'usable';
  return `${verdict.replaceAll('_', ' ')}: ${(verdict === 'not_usable' ? f.problems : f.limits).join('; ')}`;
}

/** A URL as it may be shown: scheme, host, port and path; user-info and query string (where keys live) dropped. */
export function urlWithoutCredentials(url: string): string {
  if (!URL.canParse(url)) return '(not a URL)';
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

/** Whole numbers as people read them: 10,000. */
const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** "about 4 minutes", "about 12 seconds", "about 2 hours". */
function duration(seconds: number): string {
  if (seconds < 90) return `about ${count(Math.max(1, seconds))} seconds`;
  if (seconds < 90 * 60) return `about ${count(seconds / 60)} minutes`;
  return `about ${count(seconds / 3600)} hours`;
}

/**
 * What an endpoint's report means for the shop, in words it can act on; null when there is nothing
 * to say. `behind` is how far the network's watcher is behind (blocks), for the catch-up estimate.
 */
export function endpointAdvice(e: EndpointReport, behind: number): string | null {
  const said: string[] = [];
  // The pool's reasons are whole clauses ("the RPC serves chain id 5, not 1", "its head is 40 blocks
  // behind the others"): they follow the verdict, not the URL, so the sentence reads.
  if (e.state === 'set_aside') said.push(`${e.url} is set aside, the app uses the network's other endpoints: ${e.reason ?? 'it failed'}`);
  else if (e.state === 'backing_off') said.push(`${e.url} ${e.reason ?? 'failed'}: the app waits and tries it again`);
  if (e.logRangeCapped && e.logRange !== null) {
    // Decision: the estimate paces at the discovered rate, else one request a second (a free plan's order).
    const perSecond = e.requestsPerSecond ?? 1;
    const blocks = behind > e.logRange ? behind : 1_000;
    const time = duration(Math.ceil(blocks / e.logRange) / perSecond);
    said.push(
      `${e.url} serves at most ${count(e.logRange)} blocks of logs per request: ` +
        (behind > e.logRange ? `catching up ${count(blocks)} blocks takes ${time}` : `after downtime, catching up ${count(blocks)} blocks takes ${time}`) +
        '; a paid plan serves larger ranges',
    );
  }
  if (e.rateLimited > 0 && e.requestsPerSecond !== null) {
    said.push(`${e.url} answered 429 Too Many Requests: the app slowed to ${count(e.requestsPerSecond)} requests a second; a paid plan or a second endpoint lifts this`);
  }
  return said.length ? said.join('. ') : null;
}

/** The whole network's advice: how far behind it is, then each endpoint's; null when all is well. */
export function networkAdvice(behind: number | null, confirmations: number, endpoints: readonly EndpointReport[]): string | null {
  const said: string[] = [];
  if (behind !== null && behind > confirmations) said.push(`The watcher is ${count(behind)} blocks behind the chain: payments on this network show late until it catches up`);
  for (const e of endpoints) {
    const advice = endpointAdvice(e, behind ?? 0);
    if (advice) said.push(advice);
  }
  return said.length ? `${said.join('. ')}.` : null;
}

/** Whether a network's payments would show late: its watcher is further behind than a payment's confirmations. */
export const isDelayed = (behind: number | null | undefined, confirmations: number): boolean => behind != null && behind > confirmations;
