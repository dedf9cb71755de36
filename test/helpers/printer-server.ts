import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { CODE_PAGE_WPC1252, EscPos } from '../../src/receipt/escpos-commands.js';
import { decodeEscPos } from './escpos-decoder.js';
import type { TestCore } from './test-core.js';

/** A stand-in for a network receipt printer on 127.0.0.1 (raw TCP, as on port 9100). */
export interface FakePrinter {
  /** `tcp://127.0.0.1:<port>`, for PUT /v1/settings/printer. */
  url: string;
  port: number;
  /** Every job received whole (one per connection that ended), in order. */
  jobs: Buffer[];
  /** Resolves once `n` jobs have been received. */
  waitForJobs(n: number, timeoutMs?: number): Promise<Buffer[]>;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * `capture`: reads each connection to its end and keeps the bytes, then closes it, as a printer does
 * at the end of a job. `stalled`: accepts connections and never reads nor closes them (a printer out
 * of paper or jammed).
 */
export async function startFakePrinter(kind: 'capture' | 'stalled' = 'capture'): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  const waiters: (() => void)[] = [];
  let accepted = 0;
  const server: Server = createServer({ pauseOnConnect: kind === 'stalled', allowHalfOpen: true }, (socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (kind === 'stalled') return;
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      for (const w of waiters.splice(0)) w();
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `tcp://127.0.0.1:${port}`,
    port,
    jobs,
    connections: () => accepted,
    async waitForJobs(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (jobs.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} print job(s), got ${jobs.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return jobs;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A local port nothing listens on (a printer that is off): taken, then given back. */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A minimal ESC/POS job (initialise, one line of text, feed, partial cut), drawn with the receipts'
 * own command builder: for tests of printing itself, where the receipt's contents do not matter.
 * Read it back with test/helpers/escpos-decoder.ts (`jobText`).
 */
export function escposJob(text: string): Uint8Array {
  return new EscPos().init().codePage(CODE_PAGE_WPC1252).line(text).feed(3).partialCut().toBytes();
}

/** The text lines of an ESC/POS job, joined with newlines (the decoder refuses any command it does not know). */
export const jobText = (job: Uint8Array): string => decodeEscPos(job).lines.join('\n');

/** The stand-in printers one test file starts; `closeAll` (in its afterAll) closes every one. */
export class FakePrinters {
  private readonly started: FakePrinter[] = [];

  async start(kind: 'capture' | 'stalled'): Promise<FakePrinter> {
    const p = await startFakePrinter(kind);
    this.started.push(p);
    return p;
  }

  async closeAll(): Promise<void> {
    for (const p of this.started.splice(0)) await p.close();
  }
}

/** Sets the shop's receipt printer (null: none) as the owner in live mode, as Settings does; fails unless 200. */
export async function setShopPrinter(t: Pick<TestCore, 'api' | 'liveKey'>, url: string | null, printOnPaid: boolean): Promise<void> {
  const res = await t.api('PUT', '/v1/settings/printer', { key: t.liveKey, body: url === null ? null : { url, print_on_paid: printOnPaid } });
  if (res.status !== 200) throw new Error(`PUT /v1/settings/printer: ${res.status} ${res.text}`);
}
