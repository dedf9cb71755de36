import type { PayoutRequest } from '../domain/payout.js';
import type { Refund } from '../domain/refund.js';
import type { ChainDirectory } from './ports.js';
import type { RefundNetwork, RefundNetworks, RefundService } from './refund-service.js';

const shortError = (err: unknown): string => {
  const short = (err as { shortMessage?: unknown }).shortMessage;
  return typeof short === 'string' ? short : err instanceof Error ? err.message.split('\n')[0] ?? String(err) : String(err);
};

/**
 * The payout worker: on every network, signs and sends PENDING wallet payouts and follows PROCESSING
 * ones to their confirmations, through each network's payout port (domain/payout.ts). Per network one
 * pass at a time, in refund order, so a family that orders an account's transactions (EVM nonces) sees
 * them in order. The rules that keep money from being paid twice (docs/refunds.md):
 *
 * - the signed transaction, its id, its payout key and the family's chain data are stored
 *   (PROCESSING) before the first broadcast; a crash, an RPC error or a transaction dropped by a
 *   reorganisation re-sends those same bytes, which can land at most once;
 * - the family chooses what a payout must not repeat from every payout the wallet signed before (EVM:
 *   a nonce above theirs and above the wallet's pending count), and the database refuses a second
 *   refund on one payout key;
 * - a refund fails (and releases its money) only when its transaction can no longer land: it was
 *   never signed (balances too low), it reverted, or its family says it provably never can (EVM:
 *   another transaction took its nonce).
 */
export class RefundPayouts {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly busy = new Set<string>();
  /** Each network's pass under way, by network and mode: `stop` waits for them. */
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly d: {
      refunds: RefundService;
      networks: () => RefundNetworks;
      /** For network names in failure reasons. */
      chains: ChainDirectory;
      pollMs: number;
      onError?: (message: string, err: unknown) => void;
    },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops the timer and waits for the passes in progress, so nothing runs after the database closes. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all(this.inFlight.values());
  }

  /** Something changed (a refund made, a destination confirmed): run a pass soon (a network whose pass is under way picks it up on its next). */
  wake(): void {
    if (!this.running) return;
    this.schedule(0);
  }

  /**
   * Every `pollMs`, a pass on each network that has none under way. Networks are not waited for
   * together: one whose RPC is down (its calls retried by the pool for up to 30 s) never delays the
   * payouts of the others.
   */
  private schedule(delay: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      for (const chain of this.d.networks().all()) {
        const key = keyOf(chain);
        if (this.inFlight.has(key)) continue;
        const run = this.pass(chain).finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, run);
      }
      this.schedule(this.d.pollMs);
    }, delay);
    this.timer.unref();
  }

  /** One pass over every network. Public for tests. */
  async passAll(): Promise<void> {
    await Promise.all(this.d.networks().all().map((c) => this.pass(c)));
  }

  private async pass(chain: RefundNetwork): Promise<void> {
    const key = keyOf(chain);
    if (this.busy.has(key)) return;
    this.busy.add(key);
    try {
      const open = await this.d.refunds.openOn(chain);
      if (open.length === 0) return;
      const head = await chain.payouts.head();
      for (const r of open) {
        try {
          if (r.status === 'PROCESSING') await this.track(chain, r, head);
          else if (r.status === 'PENDING' && r.payoutMethod === 'wallet') await this.pay(chain, r, await this.d.refunds.openOn(chain));
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

  private async pay(chain: RefundNetwork, r: Refund, open: readonly Refund[]): Promise<void> {
    const wallet = await this.d.refunds.payoutWallet(r);
    if (!wallet || !r.destination) return;
    const request: PayoutRequest = {
      from: wallet.address,
      token: r.tokenContract,
      currency: r.currency,
      decimals: r.decimals,
      to: r.destination,
      amountBase: r.amountBase,
      // Sent but not yet mined: their amounts and fees still leave the wallet.
      inFlight: open.filter((o) => o.status === 'PROCESSING' && o.payoutMethod === 'wallet' && o.blockNumber === null).map((o) => ({ token: o.tokenContract, amountBase: o.amountBase })),
      previous: await this.d.refunds.previousPayouts(chain.network, chain.livemode, wallet.address),
    };
    const prepared = await chain.payouts.prepare(request);
    if (!prepared.ok) {
      await this.d.refunds.fail(r.id, prepared.failure);
      return;
    }
    const signed = await chain.payouts.sign(wallet.key, request, prepared.plan);
    // Stored first: whatever happens from here, only these bytes are ever sent for this refund.
    if (!await this.d.refunds.recordSigned(r.id, { from: wallet.address, ...signed })) return;
    await this.broadcast(chain, r.id, signed.raw);
  }

  private async broadcast(chain: RefundNetwork, id: string, raw: string): Promise<void> {
    try {
      await chain.payouts.broadcast(raw);
      await this.d.refunds.noteBroadcast(id, null);
    } catch (err) {
      // Kept PROCESSING: the same bytes are sent again on the next pass, unless the chain shows them
      // mined or says they can never land.
      await this.d.refunds.noteBroadcast(id, shortError(err));
    }
  }

  private async track(chain: RefundNetwork, r: Refund, head: number): Promise<void> {
    if (!r.txId) return;
    const signed = r.payoutMethod === 'wallet' && r.rawTx && r.payoutData && r.fromAddress ? { from: r.fromAddress, data: r.payoutData } : null;
    const state = await chain.payouts.confirm(r.txId, signed);
    if (state.state === 'included') {
      if (!state.success) {
        await this.d.refunds.fail(r.id, `payout_reverted: the payout transaction ${r.txId} reverted on ${this.d.chains.networkName(chain.network)}; nothing was paid`);
        return;
      }
      await this.d.refunds.progress(r.id, state.blockNumber, Math.max(0, head - state.blockNumber + 1), chain.confirmations);
      return;
    }
    if (r.blockNumber !== null || r.confirmations !== 0) await this.d.refunds.progress(r.id, null, 0, chain.confirmations);
    if (state.state === 'waiting') return; // waiting in the pool
    if (state.state === 'dead') {
      await this.d.refunds.fail(r.id, state.failure);
      return;
    }
    // Gone from the chain and the pool (a reorganisation, a node restart), and it may still land: a
    // manual payout waits for the owner again; a wallet payout is sent again as the same bytes.
    if (!signed || !r.rawTx) {
      await this.d.refunds.reopenManual(r.id);
      return;
    }
    await this.broadcast(chain, r.id, r.rawTx);
  }
}

const keyOf = (chain: RefundNetwork) => `${chain.network}:${chain.livemode}`;
