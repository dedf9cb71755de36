/**
 * POST /v1/networks/{network}/rpc_check: the owner checks an RPC endpoint before relying on it
 * (docs/api.md, "Checking an RPC endpoint"). The URL is the caller's own, so the check must not become
 * a way to reach other machines through the app: it answers only the verdict and the findings in the
 * app's words (never what the endpoint said), one check at a time per instance and at most
 * `PER_MINUTE` a minute (docs/security.md, "Checking an RPC endpoint").
 */
import { ApiError, invalidParam } from '../domain/errors.js';
import { type ProbeFindings, type ProbeVerdict, verdictLine, verdictOf } from '../domain/rpc-check.js';

/** Checks a minute, per instance: enough for an owner trying a few endpoints, too few to map a network. */
export const RPC_CHECKS_PER_MINUTE = 6;

export interface RpcCheckResult extends ProbeFindings {
  verdict: ProbeVerdict;
  /** "not usable: serves chain id 31337, not 1". */
  summary: string;
}

export class RpcCheckService {
  private running = false;
  private readonly started: number[] = [];

  constructor(
    private readonly d: {
      /** The family's probe of `url` against the network's live settings; null when the family has none. */
      probe: (network: string, url: string) => Promise<ProbeFindings | null>;
      now: () => number;
    },
  ) {}

  /** @throws ApiError `parameter_invalid` (url), `rate_limited` (with Retry-After) */
  async check(network: string, url: string): Promise<RpcCheckResult> {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw invalidParam('url', 'url must be an absolute http(s) URL');
    const now = this.d.now();
    while (this.started.length > 0 && (this.started[0] as number) <= now - 60_000) this.started.shift();
    if (this.running) throw limited('Another RPC check is under way: try again when it has finished.', 5);
    if (this.started.length >= RPC_CHECKS_PER_MINUTE) {
      const seconds = Math.max(1, Math.ceil(((this.started[0] as number) + 60_000 - now) / 1000));
      throw limited(`At most ${RPC_CHECKS_PER_MINUTE} RPC checks a minute: try again in ${seconds} s.`, seconds);
    }
    this.started.push(now);
    this.running = true;
    try {
      const findings = await this.d.probe(network, url);
      if (!findings) throw invalidParam('network', `${network} endpoints cannot be checked`);
      return { ...findings, verdict: verdictOf(findings), summary: verdictLine(findings) };
    } finally {
      this.running = false;
    }
  }
}

const limited = (message: string, seconds: number) => new ApiError('rate_limited', `${message} Retry after the time in the Retry-After header.`, null, { headers: { 'Retry-After': String(seconds) } });
