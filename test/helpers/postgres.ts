/**
 * A throwaway PostgreSQL for a test file: a fresh cluster from Debian's `postgresql` package (installed
 * by `.ci/run`) in a temporary directory, listening on a free port of 127.0.0.1, with its unix socket
 * in that directory too, so it touches nothing of the machine's own clusters. `stop()` ends it and
 * removes the directory.
 *
 * initdb and the server refuse to run as root, which CI is: as root, they run as the package's
 * `postgres` system user (setpriv, which execs in place: the pid we hold is the server's), in a
 * directory chowned to it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** `postgres://…` of an empty database owned by a superuser, for drizzle or `pg`. */
  url: string;
  stop(): Promise<void>;
}

const USER = 'stablepos';
const DATABASE = 'stablepos';
/** Bounds on waits that depend on a loaded machine (initdb, a server's start and stop take ~1 s idle). */
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

/** `/usr/lib/postgresql/<major>/bin` of the newest major installed, or `POSTGRES_BIN_DIR`. */
export function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d) && existsSync(join(root, d, 'bin', 'initdb'))) : [];
  if (majors.length === 0) {
    throw new Error(`No PostgreSQL server under ${root}: install Debian's postgresql package (.ci/run does), or set POSTGRES_BIN_DIR`);
  }
  const newest = majors.map(Number).sort((a, b) => b - a)[0]!;
  return join(root, String(newest), 'bin');
}

const runningAsRoot = () => process.getuid?.() === 0;

/** The command line that runs `binary` as the user who may own a cluster. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  if (!runningAsRoot()) return [binary, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', binary, ...args]];
}

function chownToPostgres(dir: string): void {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, id('-u'), id('-g'));
}

/** A port nothing listens on now; another process may take it before the server does (we then retry). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a cluster and creates an empty database in it. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'stablepos-pg-'));
  try {
    if (runningAsRoot()) chownToPostgres(dir);
    const data = join(dir, 'data');
    const [initdb, initArgs] = asServerUser(join(bin, 'initdb'), [
      '--pgdata', data, '--username', USER, '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C', '--no-sync',
    ]);
    execFileSync(initdb, initArgs, { stdio: 'pipe' });

    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const server = spawnServer(join(bin, 'postgres'), data, dir, port);
      const url = `postgres://${USER}@127.0.0.1:${port}`;
      const outcome = await waitUntilAccepting(server, `${url}/postgres`);
      if (outcome === 'ready') {
        try {
          await withClient(`${url}/postgres`, (c) => c.query(`CREATE DATABASE ${DATABASE}`));
        } catch (error) {
          await stopServer(server.child, dir);
          throw error;
        }
        return { url: `${url}/${DATABASE}`, stop: () => stopServer(server.child, dir) };
      }
      // Only a port taken between freePort() and the server's bind is worth another try.
      if (!/could not bind|already in use/i.test(server.log()) || attempt === 3) {
        await stopServer(server.child, dir);
        throw new Error(`PostgreSQL did not start (${outcome}):\n${server.log()}`);
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

interface Server {
  child: ChildProcess;
  /** The end of what the server wrote to stderr (its log), for error messages. */
  log(): string;
}

function spawnServer(postgres: string, data: string, socketDir: string, port: number): Server {
  const [command, args] = asServerUser(postgres, [
    '-D', data,
    '-p', String(port),
    '-k', socketDir,
    '-c', 'listen_addresses=127.0.0.1',
    // A test's database is thrown away: durability only costs time.
    '-c', 'fsync=off',
    '-c', 'synchronous_commit=off',
    '-c', 'full_page_writes=off',
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });
  // A test process that ends without stop() (a crash, a timeout) must not leave a server behind.
  const killOnExit = () => child.kill('SIGQUIT');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return { child, log: () => log };
}

/** Polls until the server accepts a connection: 'ready', or why it never will. */
async function waitUntilAccepting(server: Server, url: string): Promise<'ready' | string> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = '';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return `exited with ${server.child.exitCode ?? server.child.signalCode}`;
    try {
      await withClient(url, (c) => c.query('SELECT 1'));
      return 'ready';
    } catch (error) {
      lastError = (error as Error).message;
      await sleep(100);
    }
  }
  return `not accepting connections after ${READY_TIMEOUT_MS} ms (last: ${lastError})`;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Fast shutdown (SIGINT: open sessions are ended), then the directory goes. */
async function stopServer(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dir, { recursive: true, force: true });
}
