import type { ChainScan } from '../domain/chain-scan.js';
import { LeadershipLostError } from '../domain/leadership.js';
import { type Stablecoin, STABLECOINS } from '../domain/currencies.js';
import { type FamilyId, type Network, type NetworkInfo, toBaseUnits } from '../domain/networks.js';
import type { NetworkSettings, PaymentOption } from '../domain/payment-option.js';
import type { PayoutPort } from '../domain/payout.js';
import type { EndpointReport, ProbeFindings, ProbeTarget } from '../domain/rpc-check.js';

// The pool's per-endpoint report is a word every family and the services share, so it lives in domain/.
export type { EndpointReport } from '../domain/rpc-check.js';

/**
 * The one contract every chain family implements (EVM today; TRON and Solana next), and all the rest
 * of the app knows of a chain. A family is a folder under src/chains/ whose index.ts exports one
 * `ChainFamily`; src/chains/registry.ts lists them. Nothing outside src/chains imports a family's
 * own files, and families never import each other (eslint.config.js); docs/architecture.md says how to
 * add one.
 *
 * Per session, a family gives a *deposit*: the string the session is paid to and watched by. EVM and
 * TRON derive a fresh address per session from the merchant's account xpub; a family whose sessions
 * all pay one merchant wallet (Solana) gives a fresh payment reference instead, and writes the wallet
 * into the options. Either way the app stores it, watches it and hands it back to the family.
 */
export interface ChainFamily<D extends RunningDevnet = RunningDevnet> {
  readonly id: FamilyId;
  /** For people: "EVM". The networks' own names say which chains it covers. */
  readonly name: string;
  /** Its networks and their live tokens. A network id is unique across families. */
  readonly networks: readonly NetworkInfo[];
  readonly wallet: WalletSpec;
  readonly addresses: AddressSpec;
  readonly refundKeys: RefundKeySpec;
  /** Makes the per-session deposit source (EVM: addresses derived ahead in a worker thread). */
  deposits(log: (message: string, err?: unknown) => void): DepositSource;
  /** The ways to pay one session on this family's ready networks, with what each QR code encodes. */
  paymentOptions(input: OptionsInput): PaymentOption[];
  /** The URI schemes its wallets register (EVM: `ethereum`): the only links the checkout page opens. */
  readonly uriSchemes: readonly string[];
  /** Connects to a ready network: its watcher (not yet started) and its payout port. */
  connect(network: ReadyNetwork, ports: WatcherPorts): NetworkConnection;
  /** Reads back what the payout port stored, for the API: the account nonce used, where the family has one. */
  payoutNonce(data: string): number | null;
  /** Test mode's local chains; absent when the family has none (its networks are then off in test mode). */
  readonly devnet?: FamilyDevnet<D>;
  /**
   * `stablepos rpc check` and Settings' "Check endpoint": asks an endpoint what a shop relies on
   * (chain id or genesis hash, head, log ranges, rate-limit headers, latency) and reports findings,
   * never the endpoint's own answers. Absent where the family cannot check one.
   */
  probe?(target: ProbeTarget): Promise<ProbeFindings>;
}

/** The merchant's watch-only wallet in this family, from which sessions are paid. */
export interface WalletSpec {
  /** What the owner gives, for labels and messages: "account xpub (m/44'/60'/0')". */
  readonly label: string;
  /** @throws Error saying why `value` is not a usable live wallet of this family */
  check(value: string): void;
  /** Test mode's own wallet, from the random seed the data dir keeps (one seed for every family). */
  testWallet(seed: Uint8Array): string;
}

export interface AddressSpec {
  /** How an address is written, for error messages: "0x followed by 40 hex digits, …". */
  readonly format: string;
  /** The address in its canonical form; null when it is not a valid destination of the family. */
  normalize(address: string): string | null;
  /** The form in which two spellings of one address are equal (EVM: lower case; base58: as is). */
  key(address: string): string;
}

/** The refund wallet's private key, as the owner types it and as the app seals it. */
export interface RefundKeySpec {
  /** For people: "64 hex digits, with or without 0x". */
  readonly format: string;
  /** The key's bytes; null when `text` is not written as a key of this family. */
  parse(text: string): Uint8Array | null;
  /** The wallet address of a key. @throws Error when the bytes are no usable key */
  address(key: Uint8Array): string;
  /** A new random key (test mode's refund wallet). */
  generate(): Uint8Array;
}

/** Per session: what it is paid to and watched by. */
export interface DepositSource {
  /**
   * The deposit of derivation index `index` under the merchant's `wallet`. Synchronous: it runs inside
   * the session's SQLite transaction. @throws Error for an unusable wallet or index
   */
  deposit(wallet: string, index: number): string;
  stop(): Promise<void>;
}

export interface OptionsInput {
  /** This family's networks in the session's mode (the family offers the ready ones). */
  networks: readonly NetworkSettings[];
  /** The merchant's wallet in the session's mode, and the session's deposit. */
  wallet: string;
  deposit: string;
  /** Who is paid and for what, for families whose wallet requests carry them (Solana Pay's label and message). */
  label?: string;
  message?: string;
  /** Still due per coin, in the 6-decimal unit of account. */
  dueMinor: Readonly<Partial<Record<Stablecoin, bigint>>>;
  /** Coin per unit of the pricing currency, when priced in fiat. */
  rates: Readonly<Partial<Record<Stablecoin, string>>>;
}

/** One coin still due on one ready network: what a family's options are written from. */
export interface DueToken {
  readonly network: NetworkSettings & { readonly chainId: string };
  readonly currency: Stablecoin;
  readonly token: { readonly contract: string; readonly decimals: number };
  readonly deposit: string;
  /** Still due, in the 6-decimal unit of account and in the token's base units. */
  readonly amountDueMinor: bigint;
  readonly amountDueBase: bigint;
}

/**
 * The options of a family's networks: one per ready network of the family (`standards` names them,
 * with their token standard) and coin still due that the network offers. `request` writes each
 * option's wallet URI and what its QR carries, the only part that differs between families.
 */
export function paymentOptionsOf(
  { networks, deposit, dueMinor, rates }: OptionsInput,
  standards: ReadonlyMap<Network, string>,
  request: (due: DueToken) => { uri: string; qr: PaymentOption['qr'] },
): PaymentOption[] {
  const options: PaymentOption[] = [];
  for (const n of networks) {
    const standard = standards.get(n.network);
    if (standard === undefined || n.status !== 'ready' || n.chainId === null) continue;
    for (const currency of STABLECOINS) {
      const amountDueMinor = dueMinor[currency];
      const token = n.tokens[currency];
      if (amountDueMinor === undefined || token === undefined) continue;
      const amountDueBase = toBaseUnits(amountDueMinor, token.decimals);
      const { uri, qr } = request({ network: { ...n, chainId: n.chainId }, currency, token, deposit, amountDueMinor, amountDueBase });
      options.push({
        network: n.network,
        tokenStandard: standard,
        currency,
        amountDueMinor,
        amountDueBase,
        address: deposit,
        tokenContract: token.contract,
        uri,
        qr,
        rate: rates[currency] ?? null,
      });
    }
  }
  return options;
}

/** A network with an endpoint and a chain to expect. */
export interface ReadyNetwork extends NetworkSettings {
  readonly status: 'ready';
  /** The preferred endpoint: rpcUrls[0]. */
  readonly rpcUrl: string;
  /** Its endpoints in order of preference (`--rpc NETWORK=URL1,URL2`, Settings' comma-separated list); absent: rpcUrl alone. */
  readonly rpcUrls?: readonly string[];
  readonly chainId: string;
  /** How often its watcher asks for a new block, ms. */
  readonly pollMs: number;
}

export interface NetworkConnection {
  readonly watcher: Watcher;
  readonly payouts: PayoutPort;
  /**
   * The coins the network offers that cannot be paid right now, each with why in words for the owner
   * (Solana: the merchant's wallet has no token account for the mint yet, and wallets cannot pay into
   * a missing one). Such a coin is left out of the options. Absent where every offered coin can be paid.
   */
  unpayable?(): Partial<Record<Stablecoin, string>>;
}

/** Counters the benchmarks and /v1/networks read. */
export interface WatcherStats {
  rpcCalls: number;
  scans: number;
  lastHead: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  /**
   * Blocks (slots) between the last one a pass applied and the chain's head: above 0 while it
   * catches up (a backfill after downtime or a take-over). Absent where the family does not count it.
   */
  behind?: number;
  /**
   * While catching up, seconds left at the pace measured so far in this pass (blocks read per second);
   * null when caught up or not yet measured. Absent where the family does not count it.
   */
  catchUpEtaSeconds?: number | null;
  /**
   * Passes that stopped because the node answering lacked a block another had shown (it lags): nothing
   * moved, the next pass read again. Never a reorganisation. Absent where the family does not count it.
   */
  lagged?: number;
  /** Per endpoint of the network's RPC pool, what it met (limits, lag, refusals); absent before the pool reports. */
  endpoints?: EndpointReport[];
}


/**
 * Watches one network: reports the transfers of its tokens to watched addresses, block by block,
 * resuming from a persisted cursor and noticing reorganisations. It only reports; the payment recorder
 * decides what a transfer means.
 */
export interface Watcher {
  readonly stats: WatcherStats;
  start(): void;
  /**
   * Stops polling and resolves once a pass under way has ended (a backfill ends after its current
   * chunk), so nothing is written after the database closes or leadership is handed over.
   */
  stop(): Promise<void>;
}

/**
 * A watcher's passes, one after another: the next starts `pollMs` after the last ended, or at least
 * 1 s after a failed one (an unreachable RPC is retried, not hammered). Its timers never keep the
 * process alive. A pass refused because this instance lost the network's leadership
 * (`LeadershipLostError`) stops the loop: retrying could only be refused again. Every family's
 * watcher runs on one.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private on = false;
  /** The pass under way, if any: `stop` waits for it. */
  private current: Promise<void> | undefined;
  /** Counts starts: a pass of an earlier start, ending after a restart, schedules nothing. */
  private generation = 0;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly pollMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Whether it runs: a long pass (a backfill) checks it between chunks, to end soon after `stop`. */
  get running(): boolean {
    return this.on;
  }

  start(): void {
    if (this.on) return;
    this.on = true;
    this.generation++;
    // A pass of an earlier start may still be ending: the first of this start waits for it (run()).
    this.schedule(0, this.generation);
  }

  /** Stops, and resolves once the pass under way (if any) has ended. */
  async stop(): Promise<void> {
    this.on = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current;
  }

  private schedule(delay: number, generation: number): void {
    if (!this.on || generation !== this.generation) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const run = this.run(this.current, generation);
      this.current = run;
      void run.finally(() => {
        if (this.current === run) this.current = undefined;
      });
    }, delay);
    this.timer.unref();
  }

  /** One pass, after `previous` (a pass of an earlier start still ending); then the next is scheduled. */
  private async run(previous: Promise<void> | undefined, generation: number): Promise<void> {
    await previous;
    if (!this.on || generation !== this.generation) return;
    try {
      await this.pass();
    } catch (error) {
      if (error instanceof LeadershipLostError) {
        if (generation === this.generation) this.on = false;
        return;
      }
      this.failed(error);
      this.schedule(Math.max(this.pollMs, 1000), generation);
      return;
    }
    this.schedule(this.pollMs, generation);
  }
}

/** What a watcher needs from the rest of the app (chain-integration.ts implements it). */
export interface WatcherPorts {
  /**
   * The merchant's wallet of the family in this mode as it is now set (it may change while the app
   * runs); undefined when none is. Only a family whose payments all go to that wallet (Solana) needs it.
   */
  wallet(): string | undefined;
  /** Where the last pass on this chain ended; undefined on a first run, or when the chain id changed. */
  cursor(chainId: string): Promise<string | undefined>;
  /** Stored heights and hashes of recently scanned blocks, newest first. */
  recentBlocks(): Promise<{ number: number; hash: string }[]>;
  /** Whether a recipient is watched (a session's deposit, or a refund the owner pays by hand). */
  isWatched(address: string): Promise<boolean>;
  /**
   * Whether a recipient is a session's deposit address whose monitoring window has ended: a supported
   * coin arriving there is a `late` unmatched deposit (issue 17). Answered from a compact in-memory
   * filter, confirmed by the store only on a hit (services/address-book.ts).
   */
  isPastDeposit(address: string): Promise<boolean>;
  /**
   * When the oldest watched deposit was created (ms): the oldest session still watched, or manual
   * refund still awaited, of the family in this mode; undefined when nothing is watched. A watcher with
   * no cursor (a first run) starts no later than the block of that time, so a session created before
   * its first successful pass (an endpoint down for minutes) still has its payment found.
   */
  watchedSince(): Promise<number | undefined>;
  /** Whether anything is watched at all, ended deposit addresses included; when nothing is, transfer scans are skipped. */
  anyWatched(): boolean;
  /**
   * The destinations of refunds the owner pays by hand (wallet QR) still waiting for their transfer.
   * A family that finds payments by reference rather than by recipient (Solana) follows these wallets'
   * token accounts too, to see those payouts; the others see them through `isWatched`.
   */
  manualDestinations(): readonly string[];
  /**
   * Applies a pass in one transaction (payments, confirmations, cursor); resolves once it committed,
   * so a watcher awaits it before it trusts the cursor it moved.
   */
  apply(scan: ChainScan): Promise<void>;
  onError(error: unknown): void;
}

/** What every family's running devnet has; the family's own type adds what its tests use. */
export interface RunningDevnet {
  readonly network: Network;
  readonly rpcUrl: string;
  /** Stops the chain, keeping its state for the next start. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Test mode's local chains (src/chains/<family>/devnet/: test tooling, never imported by the
 * family's watcher or payout code). Each network's chain keeps its state in the data dir.
 */
export interface FamilyDevnet<D extends RunningDevnet> {
  /** Starts `network`'s chain with test tokens; its files live in `dir`. */
  start(network: Network, options: { dir: string; blockTimeSeconds: number }): Promise<D>;
  /**
   * What the app reads from a running devnet: its chain id, test tokens, and the extra token(s) it
   * deploys so that unmatched deposits can be tried (a test "DAI"), watched as NetworkSettings.extraTokens.
   */
  describe(devnet: D): { chainId: string; tokens: NetworkSettings['tokens']; extraTokens?: NetworkSettings['extraTokens'] };
  /**
   * Gives the test refund wallet `wholeCoins` of each test coin and money for fees, without a
   * transaction of the wallet's own (its transactions are its payouts'), waiting until done.
   */
  fund(devnet: D, wallet: string, wholeCoins: bigint): Promise<void>;
  /**
   * Makes the merchant's test wallet able to receive every test coin, where the family needs accounts
   * opened for that (Solana: the wallet's associated token accounts); absent where nothing is needed.
   */
  openWallet?(devnet: D, wallet: string): Promise<void>;
  /** How many funded test payers `pay` can use (numbered from 1). */
  readonly payers: number;
  /**
   * `stablepos devnet pay`: pays `to` from test payer `payer` on the devnet that another process
   * (`stablepos serve`) runs for the same data dir, as a customer's wallet would; resolves with the
   * transaction id. `recipient` is the merchant's wallet of the family in the session's mode, for a
   * family whose deposit (`to`) is not where the money goes (Solana: `to` is the session's reference). @throws Error when no devnet of
   * `network` runs for `dir`
   */
  pay(options: {
    dir: string;
    network: Network;
    payer: number;
    currency: Stablecoin;
    to: string;
    amountMinor: bigint;
    recipient?: string;
    /**
     * Sends the devnet's extra test token of this symbol (`DAI`, watched but never offered: an unmatched
     * deposit, issue 17) instead of `currency`, the same amount at its own decimals.
     * @throws Error when the devnet has no such token
     */
    token?: string;
  }): Promise<string>;
}
