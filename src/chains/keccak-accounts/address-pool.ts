import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Address } from 'viem';
import { ADDRESS_WORKER_SOURCE, type AddressBatch, type AddressJob, type AddressWorkerData } from './address-worker-source.js';
import { EvmAddressDeriver } from './xpub-deriver.js';

export interface AddressPoolOptions {
  /** Addresses kept derived ahead per xpub; the next batch is asked for when fewer than half remain. */
  ahead?: number;
  /** Xpubs with addresses kept ready; beyond it, the least recently used one's are dropped. */
  maxXpubs?: number;
  /** Where the worker's failure is reported, once. */
  log?: (msg: string, err?: unknown) => void;
  /** Starts the worker (tests substitute one that fails). */
  spawn?: (data: AddressWorkerData) => Worker;
}

/** An xpub parsed once (~1 ms), kept for the life of the pool as the old per-xpub deriver map did. */
interface XpubKeys {
  readonly deriver: EvmAddressDeriver;
  /** What the worker derives from (copies: a view would send its whole backing buffer along). */
  readonly keys: Pick<AddressJob, 'chainCode' | 'parentKey' | 'parentKeyUncompressed'>;
}

/**
 * How an account's 20 bytes are written: EIP-55 hex (EVM networks), or TRON's base58check, whose
 * main-thread form (`spell`, for an address derived on the spot) the TRON family gives, and whose
 * worker form is address-worker-source.ts's. An xpub's addresses are kept per spelling.
 */
export type AccountSpelling = { readonly name: 'eip55' } | { readonly name: 'tron'; readonly spell: (eip55: Address) => string };

const EIP55: AccountSpelling = { name: 'eip55' };

/** One xpub's addresses in one spelling: those ready, and the range [from, end) asked of the worker. */
interface XpubState extends XpubKeys {
  readonly xpub: string;
  readonly spelling: AccountSpelling;
  /** Index → address, in increasing index order (batches arrive in order), all within [from, end). */
  readonly ready: Map<number, string>;
  /** New (unique in the pool) when pre-deriving restarts elsewhere: answers to older jobs are then ignored. */
  generation: number;
  /** The next index expected: one past the last one taken. */
  from: number;
  /** One past the last index asked of the worker in this generation. */
  end: number;
  /** A job of this generation is not answered yet (one at a time). */
  pending: boolean;
}

const MAX_INDEX = 2 ** 31; // non-hardened indexes only

/**
 * Deposit addresses derived ahead in a worker thread, so creating a session usually takes one that is
 * ready instead of spending ~50 µs of the request's CPU on it (HMAC, tweak-add, two keccaks).
 *
 * `address` stays synchronous (it runs inside the session's SQLite transaction): it takes the ready
 * address of (xpub, index) if there is one, and otherwise derives it on the spot and starts
 * pre-deriving after it. An index may be asked again (a group-commit retry re-runs its unit); it is
 * then derived again, never served from a stale guess. Whatever fails on the worker's side only
 * costs speed: the pool falls back to deriving on the main thread, with one log line.
 *
 * The worker works only when asked, after an address is taken, and never keeps the process alive.
 */
export class EvmAddressPool {
  /** Addresses served ready from the worker, and derived on the spot. */
  readonly served = { ready: 0, derived: 0 };
  private readonly parsed = new Map<string, XpubKeys>();
  /** Least recently used first. */
  private readonly xpubs = new Map<string, XpubState>();
  private readonly ahead: number;
  private readonly maxXpubs: number;
  private readonly log: (msg: string, err?: unknown) => void;
  private readonly spawn: (data: AddressWorkerData) => Worker;
  private worker: Worker | undefined;
  /** Jobs to post once the current call has returned (see refill). */
  private outbox: AddressJob[] = [];
  private flushing: NodeJS.Immediate | undefined;
  private generations = 0;
  private state: 'idle' | 'running' | 'failed' | 'stopped' = 'idle';

  constructor(options: AddressPoolOptions = {}) {
    this.ahead = Math.max(2, options.ahead ?? 256);
    this.maxXpubs = Math.max(1, options.maxXpubs ?? 16);
    this.log = options.log ?? (() => {});
    this.spawn = options.spawn ?? spawnEvalWorker;
  }

  /** Whether the worker serves (running), was never needed yet (idle), or is gone. */
  get status(): 'idle' | 'running' | 'failed' | 'stopped' {
    return this.state;
  }

  /** How many addresses of `xpub` are ready in a spelling (for tests and diagnostics). */
  readyCount(xpub: string, spelling: AccountSpelling['name'] = 'eip55'): number {
    return this.xpubs.get(stateKey(xpub, spelling))?.ready.size ?? 0;
  }

  /**
   * The address of m/…/0/index under `xpub`, identical to `new EvmAddressDeriver(xpub).address(index)`
   * written in `spelling`.
   * @throws Error when `xpub` is not an extended public key or the index is out of range or invalid
   */
  address(xpub: string, index: number): Address;
  address(xpub: string, index: number, spelling: AccountSpelling): string;
  address(xpub: string, index: number, spelling: AccountSpelling = EIP55): string {
    const s = this.stateOf(xpub, spelling);
    const hit = s.ready.get(index);
    let address: string;
    if (hit !== undefined) {
      s.ready.delete(index);
      this.served.ready++;
      address = hit;
    } else {
      const eip55 = s.deriver.address(index);
      address = spelling.name === 'tron' ? spelling.spell(eip55) : eip55;
      this.served.derived++;
      if (index + 1 >= s.end) this.restart(s, index + 1);
    }
    if (index + 1 > s.from) {
      s.from = index + 1;
      // Skipped indexes are not likely to be asked again; if one is, it is derived on the spot.
      for (const k of s.ready.keys()) {
        if (k >= s.from) break;
        s.ready.delete(k);
      }
    }
    this.refill(s);
    return address;
  }

  /** Ends the worker; the pool keeps answering, deriving on the main thread. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.state = 'stopped';
    this.worker = undefined;
    this.xpubs.clear();
    this.outbox = [];
    clearImmediate(this.flushing);
    if (worker) await stopWorker(worker);
  }

  private stateOf(xpub: string, spelling: AccountSpelling): XpubState {
    const key = stateKey(xpub, spelling.name);
    let s = this.xpubs.get(key);
    if (s) {
      this.xpubs.delete(key); // re-inserted last: most recently used
    } else {
      let parsed = this.parsed.get(xpub);
      if (!parsed) {
        const deriver = new EvmAddressDeriver(xpub);
        const keys = { chainCode: deriver.chainCode.slice(), parentKey: deriver.parentKey.slice(), parentKeyUncompressed: deriver.parentKeyUncompressed.slice() };
        this.parsed.set(xpub, (parsed = { deriver, keys }));
      }
      s = { xpub, spelling, ...parsed, ready: new Map(), generation: 0, from: 0, end: 0, pending: false };
      // Dropped with its generation: answers still due to it are ignored (no state for them).
      if (this.xpubs.size >= this.maxXpubs) this.xpubs.delete(this.xpubs.keys().next().value as string);
    }
    this.xpubs.set(key, s);
    return s;
  }

  /** Pre-derives from `from` on, forgetting what was ready or asked elsewhere. */
  private restart(s: XpubState, from: number): void {
    s.generation = ++this.generations;
    s.ready.clear();
    s.from = s.end = from;
    s.pending = false;
  }

  /**
   * Asks the worker for the next batch when fewer than half of `ahead` remain ready or asked for. The
   * first batch after a (re)start is small, so that addresses are ready within a millisecond or two;
   * later ones fill up to `ahead` (each batch is one message, and a message costs the main thread more
   * than a few dozen addresses in it).
   *
   * The job is posted, and the worker started (~2.5 ms the first time), after the current call: the
   * caller is inside a session's SQLite transaction, which should not wait for either.
   */
  private refill(s: XpubState): void {
    if (s.pending || s.end - s.from >= this.ahead / 2 || s.end >= MAX_INDEX) return;
    if (this.state === 'failed' || this.state === 'stopped') return;
    const end = Math.min(s.end === s.from ? s.end + Math.ceil(this.ahead / 8) : s.from + this.ahead, MAX_INDEX);
    this.outbox.push({ xpub: s.xpub, generation: s.generation, start: s.end, end, spelling: s.spelling.name, ...s.keys });
    this.flushing ??= setImmediate(() => this.flush());
    s.end = end;
    s.pending = true;
  }

  private flush(): void {
    this.flushing = undefined;
    const jobs = this.outbox;
    this.outbox = [];
    // Without a worker, fail() has already restarted every xpub (nothing pending any more).
    const worker = this.ensureWorker();
    for (const job of jobs) if (this.xpubs.get(stateKey(job.xpub, job.spelling))?.generation === job.generation) worker?.postMessage(job);
  }

  /** Accepts a batch only for the xpub and generation it was asked for, within the range asked. */
  private accept(batch: AddressBatch): void {
    const s = this.xpubs.get(stateKey(batch.xpub, batch.spelling));
    if (!s || s.generation !== batch.generation) return;
    batch.addresses.forEach((address, i) => {
      const index = batch.start + i;
      if (address !== null && index >= s.from && index < s.end) s.ready.set(index, address);
    });
    s.pending = false;
    this.refill(s); // more may have been taken meanwhile
  }

  private ensureWorker(): Worker | undefined {
    if (this.state === 'running') return this.worker;
    if (this.state !== 'idle') return undefined;
    try {
      const worker = this.spawn(workerData());
      worker.on('message', (batch: AddressBatch) => this.accept(batch));
      worker.on('error', (err) => this.fail(worker, err));
      worker.on('exit', (code) => this.fail(worker, new Error(`exited with code ${code}`)));
      // A worker only ever helps: it must not keep the process alive (stop() ends it anyway). After
      // the listeners: adding a 'message' listener refs the worker's port again.
      worker.unref();
      this.worker = worker;
      this.state = 'running';
      return worker;
    } catch (err) {
      this.fail(undefined, err);
      return undefined;
    }
  }

  /** From now on every address is derived on the main thread. */
  private fail(worker: Worker | undefined, err: unknown): void {
    if (this.state === 'failed' || this.state === 'stopped' || worker !== this.worker) return;
    this.state = 'failed';
    this.worker = undefined;
    this.outbox = [];
    for (const s of this.xpubs.values()) this.restart(s, s.from);
    this.log('EVM address worker failed; deriving addresses on the main thread', err);
    void worker?.terminate();
  }
}

/** Where an xpub's addresses in one spelling are kept. */
const stateKey = (xpub: string, spelling: AccountSpelling['name']) => `${spelling}\u0000${xpub}`;

/** How long a worker asked to stop may take to finish its batch before it is terminated anyway. */
const STOP_GRACE_MS = 5_000;

/**
 * Ends the worker by asking it to stop after its current batch, so it ends between jobs. terminate()
 * in the middle of a native secp256k1 call aborts the whole process (its C++ exception is never
 * caught); it is only the last resort for a worker that does not end within STOP_GRACE_MS.
 */
async function stopWorker(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.ref(); // stop() is awaited: the process lives until the worker has ended
  worker.postMessage({ stop: true });
  const lastResort = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
  lastResort.unref();
  await exited;
  clearTimeout(lastResort);
}

/** The worker's dependencies, resolved from here: an eval worker resolves nothing itself. */
function workerData(): AddressWorkerData {
  const require = createRequire(import.meta.url);
  return {
    secp256k1: require.resolve('secp256k1'),
    sha3: pathToFileURL(require.resolve('@noble/hashes/sha3.js')).href,
  };
}

function spawnEvalWorker(data: AddressWorkerData): Worker {
  // Small heaps: it holds one batch of addresses at a time, and the app's memory budget is tight.
  return new Worker(ADDRESS_WORKER_SOURCE, { eval: true, workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 } });
}
