import { formatDecimal } from '../domain/money.js';
import { NETWORK_INFO } from '../domain/networks.js';
import type { Refund } from '../domain/refund.js';
import type { RefundChain, RefundChains, RefundService } from './refund-service.js';

const shortError = (err: unknown): string => {
  const short = (err as { shortMessage?: unknown }).shortMessage;
  return typeof short === 'string' ? short : err instanceof Error ? err.message.split('\n')[0] ?? String(err) : String(err);
};

/**
 * The payout worker: on every network, signs and sends PENDING wallet payouts and follows PROCESSING
 * ones to their confirmations. Per network one pass at a time, in refund order, so nonces are taken in
 * order. The rules that keep money from being paid twice (docs/refunds.md):
 *
 * - the nonce, signed transaction and hash are stored (PROCESSING) before the first broadcast; a
 *   crash, an RPC error or a transaction dropped by a reorganisation re-sends those same bytes, which
 *   can be mined at most once;
 * - a nonce is taken above every nonce any refund took and above the wallet's pending count, and the
 *   database refuses a second refund on one nonce;
 * - a refund fails (and releases its money) only when its transaction can no longer be mined: it was
 *   never signed (balances too low), it reverted, or another transaction took its nonce.
 */
export class RefundPayouts {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly busy = new Set<string>();
  private current: Promise<void> | undefined;

  constructor(
    private readonly d: {
      refunds: RefundService;
      chains: () => RefundChains;
      pollMs: number;
      onError?: (message: string, err: unknown) => void;
    },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops the timer and waits for a pass in progress, so nothing runs after the database closes. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /** Something changed (a refund made, a destination confirmed): run a pass soon. */
  wake(): void {
    if (!this.running || this.current) return; // a pass in progress picks it up on the next round
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.current = this.passAll().finally(() => {
        this.current = undefined;
        this.schedule(this.d.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  /** One pass over every network. Public for tests. */
  async passAll(): Promise<void> {
    await Promise.all(this.d.chains().all().map((c) => this.pass(c)));
  }

  private async pass(chain: RefundChain): Promise<void> {
    const key = `${chain.network}:${chain.livemode}`;
    if (this.busy.has(key)) return;
    this.busy.add(key);
    try {
      const open = this.d.refunds.openOn(chain);
      if (open.length === 0) return;
      const head = await chain.head();
      for (const r of open) {
        try {
          if (r.status === 'PROCESSING') await this.track(chain, r, head);
          else if (r.status === 'PENDING' && r.payoutMethod === 'wallet') await this.pay(chain, r, this.d.refunds.openOn(chain));
        } catch (err) {
          this.d.onError?.(`refund ${r.id} on ${chain.network}: ${shortError(err)}`, err);
        }
      }
    } catch (err) {
      this.d.onError?.(`refund payouts on ${chain.network}: ${shortError(err)}`, err);
    } finally {
      this.busy.delete(key);
    }
  }

  private async pay(chain: RefundChain, r: Refund, open: readonly Refund[]): Promise<void> {
    const wallet = this.d.refunds.payoutKey(r);
    if (!wallet || !r.destination) return;
    const name = NETWORK_INFO[chain.network].name;
    // Balances less what payouts already sent but not yet mined will take.
    const inFlight = open.filter((o) => o.status === 'PROCESSING' && o.payoutMethod === 'wallet' && o.blockNumber === null);
    const [balances, fees] = await Promise.all([chain.balances(wallet.address, r.tokenContract), chain.fees()]);
    const tokenNeeded = r.amountBase + inFlight.filter((o) => o.tokenContract.toLowerCase() === r.tokenContract.toLowerCase()).reduce((s, o) => s + o.amountBase, 0n);
    if (balances.token < tokenNeeded) {
      this.d.refunds.fail(
        r.id,
        `insufficient_token_balance: the refund wallet ${wallet.address} holds ${formatDecimal(balances.token, r.decimals)} ${r.currency} on ${name}, ` +
          `${formatDecimal(tokenNeeded, r.decimals)} needed; fund it and create the refund again`,
      );
      return;
    }
    const gasNeeded = chain.gasLimit * fees.maxFeePerGas * BigInt(inFlight.length + 1);
    if (balances.native < gasNeeded) {
      this.d.refunds.fail(
        r.id,
        `insufficient_gas_balance: the refund wallet ${wallet.address} holds ${formatDecimal(balances.native, 18)} of ${name}'s native coin for gas, ` +
          `about ${formatDecimal(gasNeeded, 18)} needed; fund it and create the refund again`,
      );
      return;
    }
    const pending = await chain.nonce(wallet.address, 'pending');
    const taken = this.d.refunds.maxNonce(chain.network, chain.livemode, wallet.address);
    const nonce = Math.max(pending, taken === undefined ? 0 : taken + 1);
    const signed = await chain.sign(wallet.key, { token: r.tokenContract, to: r.destination, amountBase: r.amountBase, nonce, ...fees });
    // Stored first: whatever happens from here, only these bytes are ever sent for this refund.
    if (!this.d.refunds.recordSigned(r.id, { from: wallet.address, nonce, raw: signed.raw, hash: signed.hash })) return;
    await this.broadcast(chain, r.id, signed.raw);
  }

  private async broadcast(chain: RefundChain, id: string, raw: string): Promise<void> {
    try {
      await chain.broadcast(raw);
      this.d.refunds.noteBroadcast(id, null);
    } catch (err) {
      // Kept PROCESSING: the same bytes are sent again on the next pass, unless the chain shows them
      // mined or their nonce taken by another transaction.
      this.d.refunds.noteBroadcast(id, shortError(err));
    }
  }

  private async track(chain: RefundChain, r: Refund, head: number): Promise<void> {
    if (!r.txHash) return;
    const receipt = await chain.receipt(r.txHash);
    if (receipt) {
      if (!receipt.success) {
        this.d.refunds.fail(r.id, `payout_reverted: the payout transaction ${r.txHash} reverted on ${NETWORK_INFO[chain.network].name}; nothing was paid`);
        return;
      }
      this.d.refunds.progress(r.id, receipt.blockNumber, Math.max(0, head - receipt.blockNumber + 1), chain.confirmations);
      return;
    }
    if (r.blockNumber !== null || r.confirmations !== 0) this.d.refunds.progress(r.id, null, 0, chain.confirmations);
    if (await chain.known(r.txHash)) return; // waiting in the pool
    if (r.payoutMethod === 'manual' || !r.rawTx || r.nonce === null || !r.fromAddress) {
      this.d.refunds.reopenManual(r.id);
      return;
    }
    // Gone from the chain and the pool (a reorganisation, a node restart). If another transaction
    // took the nonce, this one can never be mined: nothing was paid. Else send the same bytes again.
    const mined = await chain.nonce(r.fromAddress, 'latest');
    if (mined > r.nonce) {
      if (await chain.receipt(r.txHash)) return; // mined in between: the next pass counts it
      this.d.refunds.fail(r.id, `nonce_taken: another transaction from the refund wallet used nonce ${r.nonce}, so payout ${r.txHash} can never be mined; nothing was paid`);
      return;
    }
    await this.broadcast(chain, r.id, r.rawTx);
  }
}
