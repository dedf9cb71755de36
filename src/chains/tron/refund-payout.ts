import type { PayoutPort, PayoutState, PreparedPayout, SignedPayout } from '../../domain/payout.js';

/**
 * Interim: TRON refunds are not paid yet (the payout port is being written beside this commit). Every
 * refund on TRON fails before anything is signed, with a reason that says so; nothing is ever sent.
 */
export class TronPayoutChain implements PayoutPort {
  constructor(private readonly o: { httpUrl: string; name: string; headers?: Record<string, string> }) {}

  private unavailable(): Error {
    return new Error(`refunds on ${this.o.name} are not available in this build`);
  }

  async head(): Promise<number> {
    throw this.unavailable();
  }

  async isContract(): Promise<boolean> {
    throw this.unavailable();
  }

  async prepare(): Promise<PreparedPayout> {
    return { ok: false, failure: `unsupported_network: refunds on ${this.o.name} are not available in this build; nothing was paid` };
  }

  async sign(): Promise<SignedPayout> {
    throw this.unavailable();
  }

  async broadcast(): Promise<void> {
    throw this.unavailable();
  }

  async confirm(): Promise<PayoutState> {
    throw this.unavailable();
  }

  request(_token: string, to: string): string {
    return to;
  }
}

export function tronPayoutNonce(): number | null {
  return null;
}
