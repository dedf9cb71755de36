import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestCore } from './test-core.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers; by default 200 "ok". */
export type Responder = (r: Received, index: number) => { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/** A webhook receiver on 127.0.0.1: records every request and answers as told. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  respond: Responder = () => ({ status: 200, body: 'ok' });
  private server: Server | undefined;
  private waiters: { n: number; resolve: () => void }[] = [];
  port = 0;

  /** Listens on `port` (0: a free one, remembered so a restart comes back on the same). */
  async start(port = this.port): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        const answer = this.respond(r, this.received.length);
        this.received.push(r);
        this.waiters = this.waiters.filter((w) => (this.received.length >= w.n ? (w.resolve(), false) : true));
        if (answer === 'hang') return;
        res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Resolves once `n` requests in all have arrived. */
  waitFor(n: number, timeoutMs = 5000): Promise<void> {
    if (this.received.length >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${n} webhook requests, got ${this.received.length}`)), timeoutMs);
      this.waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until `probe` returns something truthy. */
export async function eventually<T>(probe: () => Promise<T> | T, timeoutMs = 5000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The owner's PIN in tests that confirm endpoints (`ownerSignIn`). */
export const OWNER_PIN = '2580';

/**
 * The shop's first owner, created with the setup code as the app's setup screen does, signed in: the
 * `Authorization` of a UI sign-in (docs/api.md, "UI sessions"). Created once per core.
 */
export async function ownerSignIn(t: TestCore): Promise<string> {
  const needsOwner = (await t.api('GET', '/v1/ui/setup', { key: null })).body.data.needs_owner === true;
  const res = needsOwner
    ? await t.api('POST', '/v1/ui/setup', { key: null, body: { name: 'Owner', pin: OWNER_PIN, setup_code: await t.setupCode() } })
    : await t.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Owner', pin: OWNER_PIN } });
  if (res.status !== 200) throw new Error(`signing in as the owner: ${res.status} ${res.text}`);
  return res.body.data.token as string;
}

/**
 * The owner confirms an endpoint (PIN asked again), so what its local receiver answers is logged in
 * full (docs/webhooks.md, "Answers from the shop's network").
 */
export async function confirmEndpoint(t: TestCore, endpointId: string): Promise<void> {
  const { url } = (await t.api('GET', `/v1/webhook_endpoints/${endpointId}`)).body.data as { url: string };
  const res = await t.api('POST', `/v1/webhook_endpoints/${endpointId}/confirm`, { key: await ownerSignIn(t), body: { url, pin: OWNER_PIN } });
  if (res.status !== 200) throw new Error(`confirming ${endpointId}: ${res.status} ${res.text}`);
}
