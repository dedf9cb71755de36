/**
 * A COMMIT whose answer never comes (docs/deployment.md, "Units of work"): the core talks to a real
 * PostgreSQL through a TCP proxy that, when armed, lets the COMMIT of the transaction creating a
 * session reach the server, waits for the server's answer (so the session IS committed), and then
 * cuts the connection instead of passing the answer on. Group commit must not run that unit again
 * (a second session, or a confusing error about the first one), and the caller must be told plainly
 * that the outcome is unknown: 503 `outcome_unknown`.
 */
import { createServer, type Server, type Socket, connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

/** Between the core and PostgreSQL: passes every byte, and cuts one chosen COMMIT's connection after it took effect. */
class CommitCutter {
  private server: Server | undefined;
  /** Tells, from what a connection sent since its last BEGIN, whether its next COMMIT is the one to cut. */
  private armed: ((sentInTransaction: string) => boolean) | undefined;
  cuts = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<number> {
    this.server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  arm(which: (sentInTransaction: string) => boolean): void {
    this.armed = which;
  }

  private relay(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    let sent = '';
    let cutOnAnswer = false;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (/\bbegin\b/i.test(text)) sent = '';
      sent += text;
      // The COMMIT message (simple or extended protocol: its text ends with the NUL of the C string).
      if (this.armed && /\bcommit\0/i.test(text) && this.armed(sent)) {
        this.armed = undefined;
        cutOnAnswer = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutOnAnswer) {
        // The server answered the COMMIT (it is done): the core never hears it.
        this.cuts++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let postgres: TestPostgres;
let cutter: CommitCutter;
let t: TestCore;
let direct: pg.Client;

beforeAll(async () => {
  postgres = await startPostgres();
  const real = new URL(postgres.url);
  cutter = new CommitCutter({ host: real.hostname, port: Number(real.port) });
  const through = new URL(postgres.url);
  through.port = String(await cutter.start());
  t = await startTestCore({ databaseUrl: through.toString() });
  direct = new pg.Client({ connectionString: postgres.url });
  await direct.connect();
}, 60_000);

afterAll(async () => {
  await t?.stop();
  await direct?.end();
  await cutter?.stop();
  await postgres?.stop();
});

/** The session's own insert: its named statement (prepared once per connection) or its text. */
const createsASession = (sent: string) => /stablepos_session_insert|INSERT INTO payment_sessions/i.test(sent);

test('a session created without an Idempotency-Key whose COMMIT answer is lost is stored once, and the caller is told the outcome is unknown (503 outcome_unknown)', async () => {
  const reference = `commit-lost-${Date.now()}`;
  cutter.arm(createsASession);
  const res = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'USD', { client_reference_id: reference }) });
  expect(cutter.cuts).toBe(1);
  expectError(res, 503, 'outcome_unknown');
  expect(res.body.error.message).toContain('may or may not have been saved');
  // The COMMIT took effect on the server: the session is there, once, never inserted again.
  const stored = await direct.query('SELECT id FROM payment_sessions WHERE client_reference_id = $1', [reference]);
  expect(stored.rows).toHaveLength(1);
  // The core goes on working on new connections, and lists that session once.
  const next = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) });
  expect(next.status, next.text).toBe(200);
  const listed = await t.api('GET', '/v1/payment/sessions?limit=100');
  expect(listed.body.data.items.filter((s: { client_reference_id: string | null }) => s.client_reference_id === reference)).toHaveLength(1);
}, 60_000);

test('several sessions created together (one group commit) whose COMMIT answer is lost: each stored once, each caller told 503 outcome_unknown', async () => {
  const references = [1, 2, 3, 4].map((i) => `commit-lost-group-${i}-${Date.now()}`);
  cutter.arm(createsASession);
  const answers = await Promise.all(references.map((r) => t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '3.00', 'USD', { client_reference_id: r }) })));
  expect(cutter.cuts).toBe(2);
  // Those in the group whose COMMIT was cut: unknown; any that ran in a group of their own: created.
  for (const a of answers) expect([200, 503], a.text).toContain(a.status);
  expect(answers.some((a) => a.status === 503)).toBe(true);
  for (const a of answers.filter((x) => x.status === 503)) expectError(a, 503, 'outcome_unknown');
  const stored = await direct.query('SELECT client_reference_id, count(*)::int AS n FROM payment_sessions WHERE client_reference_id = ANY($1) GROUP BY 1', [references]);
  expect(stored.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
  expect(stored.rows).toHaveLength(4); // the cut COMMIT took effect for its whole group
}, 60_000);
