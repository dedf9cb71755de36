import { performance } from 'node:perf_hooks';
import { SseParser } from '../../test/helpers/sse-parser.js';
import { waitUntil } from './stats.js';

/** The few API calls the chain sections make, over real HTTP as a POS client would. */

export interface ApiTarget {
  url: string;
  apiKey: string;
  merchantId: string;
}

/** The fields of a session the chain sections read. */
export interface SessionJson {
  session_id: string;
  status: string;
  exception: string | null;
  payment_options: { network: string; currency: string; address: string; reference: string | null }[];
  payments: { tx_hash: string; status: string; block_number: number }[];
}

export interface CreatedSession {
  id: string;
  /**
   * Where the network's options are paid (the same for every coin), as the network spells it: the
   * session's own deposit address (EVM, TRON), or the merchant's wallet (Solana).
   */
  address: string;
  /** Solana: the session's Solana Pay reference, which the payment must carry; undefined elsewhere. */
  reference?: string;
}

const auth = (t: ApiTarget) => ({ authorization: `Bearer ${t.apiKey}` });

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A session of 12.50 USD, with its deposit address on `network` (the core must offer that network). */
export async function createSession(t: ApiTarget, network: string, expiresAt?: Date): Promise<CreatedSession> {
  const body = { merchant_id: t.merchantId, amount: { value: '12.50', currency: 'USD' }, ...(expiresAt && { expires_at: expiresAt.toISOString() }) };
  const res = await fetch(`${t.url}/v1/payment/sessions`, { method: 'POST', headers: { ...auth(t), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const s = await json<SessionJson>(res, 'create session');
  const option = s.payment_options.find((o) => o.network === network);
  if (!option) throw new Error(`session ${s.session_id} has no ${network} option: is the network ready? ${JSON.stringify(s.payment_options)}`);
  return { id: s.session_id, address: option.address, ...(option.reference !== null && { reference: option.reference }) };
}

/** Creates `count` sessions with `concurrency` requests in flight; creation speed is not measured. */
export async function createSessions(t: ApiTarget, network: string, count: number, options: { concurrency?: number; expiresAt?: Date } = {}): Promise<CreatedSession[]> {
  const out: CreatedSession[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await createSession(t, network, options.expiresAt);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 16, count) }, worker));
  return out;
}

export async function getSession(t: ApiTarget, id: string): Promise<SessionJson> {
  return json<SessionJson>(await fetch(`${t.url}/v1/payment/sessions/${id}`, { headers: auth(t) }), `GET session ${id}`);
}

/** What the chain sections read of a network in GET /v1/networks. */
export interface NetworkJson {
  network: string;
  status: string;
  /** The watcher's last head (Solana: the newest confirmed slot). */
  last_block: number | null;
  last_error: string | null;
  tokens: { currency: string; payable: boolean; unpayable_reason: string | null }[];
}

/** `network` as GET /v1/networks shows it in the core's mode. */
export async function networkStatus(t: ApiTarget, network: string): Promise<NetworkJson> {
  const data = await json<{ items: NetworkJson[] }>(
    await fetch(`${t.url}/v1/networks`, { headers: auth(t) }),
    'GET /v1/networks',
  );
  const found = data.items.find((n) => n.network === network);
  if (!found) throw new Error(`no ${network} network in /v1/networks`);
  return found;
}

/** Resolves once the watcher has read the network up to `head` (the driver's newest block) or past it. */
export async function waitForHead(t: ApiTarget, network: string, head: number): Promise<void> {
  await waitUntil(async () => ((await networkStatus(t, network)).last_block ?? -1) >= head, 10_000, `the ${network} watcher to reach block ${head}`);
}

/** One `session` event of a stream, stamped with performance.now() when its last byte was read. */
export interface StampedEvent {
  at: number;
  session: SessionJson;
}

export interface SessionStream {
  /** Resolves with the first event (already received or still to come) that passes `check`. */
  next(check: (s: SessionJson) => boolean, timeoutMs: number): Promise<StampedEvent>;
  close(): Promise<void>;
}

/**
 * GET /v1/payment/sessions/{id}/stream: server-sent events, each `session` event the whole session
 * object. Events are stamped as they are parsed, not when a waiter looks at them.
 */
export async function openSessionStream(t: ApiTarget, id: string): Promise<SessionStream> {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/v1/payment/sessions/${id}/stream`, { headers: { ...auth(t), accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream of ${id}: HTTP ${res.status}`);
  const events: StampedEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const pump = (async () => {
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const parser = new SseParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        for (const e of parser.push(value)) {
          if (e.event === 'session') events.push({ at, session: JSON.parse(e.data) as SessionJson });
        }
        for (const w of waiters) w();
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      for (const w of waiters) w();
    }
  })();
  return {
    next: (check, timeoutMs) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const found = events.find((e) => check(e.session));
          if (found) return done(() => resolve(found));
          if (ended) return done(() => reject(new Error(`stream of ${id} ended`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no matching event on the stream of ${id} within ${timeoutMs} ms; last: ${JSON.stringify(events.at(-1)?.session.payments)}`))), timeoutMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(look);
          settle();
        };
        waiters.add(look);
        look();
      }),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
