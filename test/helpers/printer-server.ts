import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

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

/** A minimal ESC/POS job, as a receipt encoder makes one: ESC @ (initialise), text, feed, GS V (cut). */
export function escposJob(text: string): Uint8Array {
  return Buffer.concat([Buffer.from([0x1b, 0x40]), Buffer.from(`${text}\n`, 'latin1'), Buffer.from([0x1b, 0x64, 3]), Buffer.from([0x1d, 0x56, 0x00])]);
}

/** The commands of an ESC/POS job this test suite makes, decoded: initialise, the text lines, the cut. */
export function decodeEscpos(job: Uint8Array): { initialised: boolean; text: string; cut: boolean } {
  const b = Buffer.from(job);
  const initialised = b[0] === 0x1b && b[1] === 0x40;
  const cut = b.length >= 3 && b[b.length - 3] === 0x1d && b[b.length - 2] === 0x56;
  let text = '';
  for (let i = initialised ? 2 : 0; i < b.length - (cut ? 3 : 0); i++) {
    const c = b[i] as number;
    if (c === 0x1b || c === 0x1d) {
      i += 2; // a command and its one argument (ESC d n)
      continue;
    }
    text += String.fromCharCode(c);
  }
  return { initialised, text, cut };
}
