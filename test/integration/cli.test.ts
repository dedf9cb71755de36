/**
 * The real `stablepos` command (`node bin/stablepos.mjs`) as a child process: help, usage errors,
 * key management, and `serve` answering over real HTTP, stopping on SIGTERM and keeping its data dir,
 * and leaving no devnet process behind when it is killed.
 * Every command gets a temporary --data-dir; STABLEPOS_DATA_DIR is unset and HOME points at a sandbox,
 * so nothing here can touch a real user's database.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { HDKey } from '@scure/bip32';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { requestWithHost } from '../helpers/raw-http.js';
import { descendants, running } from '../helpers/processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'stablepos.mjs');
const KEY = { test: /^sk_test_[0-9A-Za-z]{32}$/, live: /^sk_live_[0-9A-Za-z]{32}$/ };

let sandbox: string;
let env: NodeJS.ProcessEnv;
/**
 * Every command runs in its own process group (`detached`), so the group can be ended as a whole:
 * `serve` starts devnet children (anvil) of its own, which a kill of the Node process alone would orphan.
 */
const children = new Set<ChildProcess>();

function start(args: string[], extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child); // kept until afterEach, even once it has exited: what it started may not have
  return child;
}

/** Whether any process is left in the child's group (the child itself or anything it started). */
function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to the child's whole group, then SIGKILL to whatever is left after `graceMs`. */
async function endGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (!groupAlive(child)) return;
  signalGroup(child, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(child) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  signalGroup(child, 'SIGKILL');
}

beforeAll(() => {
  sandbox = mkdtempSync(join(tmpdir(), 'stablepos-cli-'));
  env = { ...process.env, HOME: sandbox, XDG_CONFIG_HOME: join(sandbox, 'xdg'), APPDATA: join(sandbox, 'appdata') };
  delete env.STABLEPOS_DATA_DIR;
});

afterEach(async () => {
  await Promise.all([...children].map((child) => endGroup(child)));
  children.clear();
}, 20_000);

afterAll(() => {
  if (sandbox) rmSync(sandbox, { recursive: true, force: true });
});

/** A fresh, not yet existing data dir inside the sandbox (the CLI must create it). */
let dirs = 0;
const newDataDir = () => join(sandbox, `data-${++dirs}`);

interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs one command to completion (killed after `timeoutMs`, which then fails the test). */
function run(args: string[], timeoutMs = 20_000, extraEnv: NodeJS.ProcessEnv = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = start(args, extraEnv);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      reject(new Error(`stablepos ${args.join(' ')} still running after ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
      void endGroup(child);
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Runs commands at most `limit` at a time (each is a Node process starting tsx: ~1 s of CPU). */
async function runAll(list: string[][], limit = 3): Promise<Result[]> {
  const results: Result[] = new Array(list.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < list.length) {
        const i = next++;
        results[i] = await run(list[i]!);
      }
    }),
  );
  return results;
}

const show = (args: string[], r: Result) => `stablepos ${args.join(' ')} → exit ${r.code} (${r.signal})\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;

interface Server {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `stablepos serve` and waits (bounded) for its "listening on <url>" line. */
async function serve(args: string[], timeoutMs = 20_000, extraEnv: NodeJS.ProcessEnv = {}): Promise<Server> {
  // Tests never reach the internet: no ECB rate feed (test/integration/rates.test.ts serves one locally).
  const child = start(['serve', '--rate-feed', 'off', ...args], extraEnv);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(stdout);
    if (m) return { child, url: m[1]!, stdout: () => stdout, stderr: () => stderr, exited };
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`serve exited before listening: ${child.exitCode}\n${stdout}\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`serve did not print "listening on" within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Sends a signal to the serve process alone (not its group: it must stop its own children) and waits,
 * bounded, for it to end; reports whether anything it started was left running.
 */
async function stop(server: Server, signal: NodeJS.Signals = 'SIGTERM', withinMs = 5_000) {
  const started = Date.now();
  server.child.kill(signal);
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), withinMs));
  const result = await Promise.race([server.exited, timeout]);
  if (result === 'timeout') throw new Error(`serve did not exit within ${withinMs} ms of ${signal}\nstderr: ${server.stderr()}`);
  const leftRunning = groupAlive(server.child);
  if (leftRunning) console.error(`left running after ${signal}:\n${groupProcesses(server.child)}`);
  return { ...result, ms: Date.now() - started, leftRunning };
}

/** `ps` lines of the processes in the child's group, for failure messages. */
function groupProcesses(child: ChildProcess): string {
  try {
    return execFileSync('ps', ['-eo', 'pid,ppid,pgid,stat,etime,args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim().split(/\s+/)[2] === String(child.pid))
      .join('\n');
  } catch {
    return '(ps unavailable)';
  }
}

async function http(server: Server, method: string, path: string, key?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
}

/** Creates a key with the CLI and returns it, asserting it is alone on standard output. */
async function createKey(dataDir: string, mode: 'test' | 'live'): Promise<string> {
  const args = ['keys', 'create', '--mode', mode, '--data-dir', dataDir];
  const r = await run(args);
  expect(r.code, show(args, r)).toBe(0);
  expect(r.stdout, show(args, r)).toMatch(/^sk_(test|live)_[0-9A-Za-z]{32}\n$/);
  expect(r.stderr, show(args, r)).toBe('');
  const key = r.stdout.trimEnd();
  expect(key).toMatch(KEY[mode]);
  return key;
}

describe('help', () => {
  test('--help for the top level and every command exits 0 and prints its usage on stdout', async () => {
    const unused = newDataDir();
    const cases: [string[], RegExp][] = [
      [['--help'], /^Usage: stablepos <command>/],
      [['-h'], /^Usage: stablepos <command>/],
      [['help'], /^Usage: stablepos <command>/],
      [['serve', '--help'], /^Usage: stablepos serve/],
      [['serve', '-h'], /^Usage: stablepos serve/],
      [['keys', '--help'], /Usage: stablepos keys create[\s\S]*Usage: stablepos keys list[\s\S]*Usage: stablepos keys revoke/],
      [['keys', 'create', '--help', '--data-dir', unused], /^Usage: stablepos keys create/],
      [['keys', 'list', '--help', '--data-dir', unused], /^Usage: stablepos keys list/],
      [['keys', 'revoke', '--help', '--data-dir', unused], /^Usage: stablepos keys revoke/],
    ];
    const results = await runAll(cases.map(([args]) => args));
    results.forEach((r, i) => {
      const [args, usage] = cases[i]!;
      expect(r.code, show(args, r)).toBe(0);
      expect(r.stdout, show(args, r)).toMatch(usage);
      expect(r.stderr, show(args, r)).toBe('');
    });
    // The top level names every command; each command's help names its options.
    expect(results[0]!.stdout).toMatch(/serve[\s\S]*keys create[\s\S]*keys list[\s\S]*keys revoke/);
    expect(results[3]!.stdout).toMatch(/--port[\s\S]*--data-dir[\s\S]*--allowed-host NAME[\s\S]*STABLEPOS_ALLOWED_HOSTS/);
    expect(results[3]!.stdout).toMatch(/--rate-feed ecb\|off[\s\S]*--rate-feed-url[\s\S]*--rate-max-age[\s\S]*--rate CODE=USD_PRICE/);
    expect(results[6]!.stdout).toMatch(/--mode test\|live/);
    expect(existsSync(unused), '--help must not create a data dir').toBe(false);
  }, 60_000);
});

describe('usage errors', () => {
  const dataDir = () => join(sandbox, 'never-created');
  const cases = (): string[][] => [
    ['frobnicate'],
    ['serve', '--bogus'],
    ['serve', '--port', 'abc', '--data-dir', dataDir()],
    ['serve', '--port', '70000', '--data-dir', dataDir()],
    ['serve', '--port', '-1', '--data-dir', dataDir()],
    ['serve', '--public-url', 'ftp://shop.example', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--mode', 'prod', '--port', '0', '--data-dir', dataDir()],
    ['keys', 'frob'],
    ['keys', 'create', '--data-dir', dataDir()],
    ['keys', 'create', '--mode', 'prod', '--data-dir', dataDir()],
    ['keys', 'create', '--mode', 'TEST', '--data-dir', dataDir()],
    ['keys', 'create', '--mode'],
    ['keys', 'list', 'extra', '--data-dir', dataDir()],
    ['keys', 'revoke', '--data-dir', dataDir()],
    ['keys', 'revoke', 'sk_test_a', 'sk_test_b', '--data-dir', dataDir()],
    ['serve', '--rate-feed', 'fixer', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--rate-feed-url', 'ftp://rates.example', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--rate-max-age', '0', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--rate', 'XYZ=1', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--rate', 'EUR=-1.08', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--rate', 'EUR', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--rate', 'eur=1.08', '--rate', 'EUR=1.09', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--allowed-host', 'http://pos.lan', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--allowed-host', 'pos.lan', '--allowed-host', 'pos.lan:8420', '--port', '0', '--data-dir', dataDir()],
    ['serve', '--database-url', 'mysql://shop:hunter2@db.example/shop', '--port', '0', '--data-dir', dataDir()],
    ['keys', 'list', '--database-url', 'not a url', '--data-dir', dataDir()],
  ];

  test('an unknown command, bad flag or bad value exits 2 with one line on stderr, nothing on stdout, no data dir', async () => {
    const list = cases();
    const results = await runAll(list);
    results.forEach((r, i) => {
      const args = list[i]!;
      expect(r.code, show(args, r)).toBe(2);
      expect(r.stdout, show(args, r)).toBe('');
      expect(r.stderr, show(args, r)).toMatch(/^stablepos: [^\n]+\n$/);
    });
    expect(results[0]!.stderr).toContain('frobnicate');
    expect(results[2]!.stderr).toContain('--port');
    expect(results[9]!.stderr).toContain('--mode');
    for (const i of [15, 16, 17, 18, 19, 20, 21]) expect(results[i]!.stderr).toMatch(/--rate/);
    for (const i of [22, 23]) expect(results[i]!.stderr).toMatch(/^stablepos: --allowed-host: "[^"]+" is not a host name/);
    for (const i of [24, 25]) expect(results[i]!.stderr).toMatch(/^stablepos: --database-url must be a/);
    expect(results[24]!.stderr, 'a database URL may hold a password: never echoed').not.toContain('hunter2');
    const badUrlFromEnv = await run(['users', 'list', '--data-dir', dataDir()], 20_000, { STABLEPOS_DATABASE_URL: 'sqlite:///tmp/x' });
    expect(badUrlFromEnv.code, show(['users list (STABLEPOS_DATABASE_URL=sqlite:///tmp/x)'], badUrlFromEnv)).toBe(2);
    expect(badUrlFromEnv.stderr).toMatch(/^stablepos: STABLEPOS_DATABASE_URL must be a postgres:\/\/ \(or postgresql:\/\/\) URL[^\n]*\n$/);
    const fromEnv = await run(['serve', '--port', '0', '--data-dir', dataDir()], 20_000, { STABLEPOS_ALLOWED_HOSTS: 'pos.lan,*.lan' });
    expect(fromEnv.code, show(['serve (STABLEPOS_ALLOWED_HOSTS=pos.lan,*.lan)'], fromEnv)).toBe(2);
    expect(fromEnv.stderr).toMatch(/^stablepos: STABLEPOS_ALLOWED_HOSTS: "\*\.lan" is not a host name[^\n]*\n$/);
    expect(existsSync(dataDir()), 'a usage error must not create the data dir').toBe(false);
  }, 90_000);

  test('a password in --database-url is warned of (other local accounts can read the command line), never echoed; in STABLEPOS_DATABASE_URL it is not', async () => {
    // Port 1: nothing listens, so the command fails after the warning (exit 1), without a database.
    const url = 'postgres://shop:hunter2@127.0.0.1:1/shop';
    const onCommandLine = await run(['keys', 'list', '--database-url', url, '--data-dir', dataDir()], 20_000);
    expect(onCommandLine.stderr, show(['keys list --database-url …'], onCommandLine)).toMatch(
      /^stablepos: warning: --database-url holds a password, which other accounts on this machine can read in the process list \(\/proc\/<pid>\/cmdline\); set STABLEPOS_DATABASE_URL in the environment instead/,
    );
    expect(onCommandLine.stderr).not.toContain('hunter2');
    const inEnvironment = await run(['keys', 'list', '--data-dir', dataDir()], 20_000, { STABLEPOS_DATABASE_URL: url });
    expect(inEnvironment.stderr, show(['keys list (STABLEPOS_DATABASE_URL=…)'], inEnvironment)).not.toContain('warning');
    expect(inEnvironment.code).toBe(onCommandLine.code);
    const noPassword = await run(['keys', 'list', '--database-url', 'postgres://shop@127.0.0.1:1/shop', '--data-dir', dataDir()], 20_000);
    expect(noPassword.stderr).not.toContain('warning');
  }, 90_000);

  test('the help command a usage error points to exists (exits 0)', async () => {
    const list: string[][] = [['frobnicate'], ['serve', '--bogus'], ['keys', 'frob'], ['keys', 'create', '--mode', 'prod', '--data-dir', dataDir()]];
    const results = await runAll(list);
    const hints = results.map((r, i) => {
      const m = /see "stablepos ([^"]*)"/.exec(r.stderr);
      expect(m, `no help hint: ${show(list[i]!, r)}`).not.toBeNull();
      return m![1]!.split(' ').filter(Boolean);
    });
    const helps = await runAll(hints);
    helps.forEach((r, i) => expect(r.code, `hint of "stablepos ${list[i]!.join(' ')}" → ${show(hints[i]!, r)}`).toBe(0));
  }, 60_000);

  test('with no command or no keys subcommand: exit 2, usage on stderr, nothing on stdout', async () => {
    const list = [[], ['keys']];
    const results = await runAll(list);
    results.forEach((r, i) => {
      expect(r.code, show(list[i]!, r)).toBe(2);
      expect(r.stderr, show(list[i]!, r)).toMatch(/Usage: stablepos/);
      expect(r.stdout, show(list[i]!, r)).toBe('');
    });
  }, 30_000);
});

describe('keys', () => {
  test('create prints the key alone on stdout (test and live), list shows both active, revoke needs a match', async () => {
    const dir = newDataDir();
    expect(existsSync(dir)).toBe(false);
    const testKey = await createKey(dir, 'test'); // also sets up the new data dir
    expect(existsSync(join(dir, 'stablepos.sqlite'))).toBe(true);
    const liveKey = await createKey(dir, 'live');
    expect(testKey).not.toBe(liveKey);

    const list = await run(['keys', 'list', '--data-dir', dir]);
    expect(list.code, show(['keys', 'list'], list)).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const iso = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${testKey.slice(0, 16)}\ttest\t${iso}\tactive$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${liveKey.slice(0, 16)}\tlive\t${iso}\tactive$`)));
    expect(list.stdout, 'secrets are never listed').not.toContain(testKey.slice(16));
    expect(list.stdout).not.toContain(liveKey.slice(16));

    // Revoking a key that does not exist is an error (not a usage error), and changes nothing.
    const none = await run(['keys', 'revoke', 'sk_test_nOsUcHkY', '--data-dir', dir]);
    expect(none.code, show(['keys', 'revoke', 'sk_test_nOsUcHkY'], none)).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^stablepos: [^\n]+\n$/);
  }, 60_000);

  test('list on a new data dir prints nothing on stdout and exits 0', async () => {
    const r = await run(['keys', 'list', '--data-dir', newDataDir()]);
    expect(r.code, show(['keys', 'list'], r)).toBe(0);
    expect(r.stdout).toBe('');
  }, 30_000);
});

describe('users', () => {
  test('--help for users and each subcommand exits 0; usage errors exit 2 with one line, no data dir', async () => {
    const never = join(sandbox, 'users-never-created');
    const helps: [string[], RegExp][] = [
      [['users', '--help'], /Usage: stablepos users add[\s\S]*Usage: stablepos users list[\s\S]*Usage: stablepos users remove/],
      [['users', 'add', '--help', '--data-dir', never], /^Usage: stablepos users add[\s\S]*--role[\s\S]*--name[\s\S]*--pin/],
      [['users', 'list', '-h', '--data-dir', never], /^Usage: stablepos users list/],
      [['users', 'remove', '--help', '--data-dir', never], /^Usage: stablepos users remove/],
      [['users', 'pin', '--help', '--data-dir', never], /^Usage: stablepos users pin[\s\S]*--pin/],
      [['users', 'setup-code', '--help', '--data-dir', never], /^Usage: stablepos users setup-code[\s\S]*one-time setup code/],
      [['--help'], /users add[\s\S]*users list[\s\S]*users remove[\s\S]*users setup-code/],
    ];
    const bad: string[][] = [
      ['users', 'frob'],
      ['users', 'add', '--role', 'admin', '--name', 'Ann', '--pin', '2580', '--data-dir', never],
      ['users', 'add', '--name', 'Ann', '--pin', '2580', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--pin', '2580', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--name', 'Ann', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--name', 'Ann', '--pin', '123', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--name', 'Ann', '--pin', '1111', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--name', 'Ann', '--pin', '4321', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--name', 'Ann', '--pin', '25a0', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--name', '  ', '--pin', '2580', '--data-dir', never],
      ['users', 'add', '--role', 'owner', '--name', 'Ann', '--pin', '2580', '--bogus', '--data-dir', never],
      ['users', 'remove', '--data-dir', never],
      ['users', 'remove', 'a', 'b', '--data-dir', never],
      ['users', 'pin', 'Ann', '--data-dir', never],
      ['users', 'pin', '--pin', '4826', '--data-dir', never],
    ];
    const results = await runAll([...helps.map(([a]) => a), ...bad, ['users']]);
    helps.forEach(([args, usage], i) => {
      const r = results[i]!;
      expect(r.code, show(args, r)).toBe(0);
      expect(r.stdout, show(args, r)).toMatch(usage);
    });
    bad.forEach((args, j) => {
      const r = results[helps.length + j]!;
      expect(r.code, show(args, r)).toBe(2);
      expect(r.stdout, show(args, r)).toBe('');
      expect(r.stderr, show(args, r)).toMatch(/^stablepos: [^\n]+ \(see "stablepos users --help"\)\n$/);
    });
    expect(results[helps.length + 5]!.stderr).toMatch(/--pin: the PIN must be 4 to 12 digits/);
    expect(results[helps.length + 6]!.stderr).toMatch(/--pin: the PIN must not be one digit repeated/);
    expect(results[helps.length + 7]!.stderr).toMatch(/--pin: the PIN must not be a run of consecutive digits/);
    const none = results.at(-1)!;
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Usage: stablepos users add/);
    expect(existsSync(never), 'a usage error must not create the data dir').toBe(false);
  }, 180_000);

  test('add prints the id; list shows users; remove by name or id, never the last owner; a taken name fails', async () => {
    const dir = newDataDir();
    const add = (role: string, name: string, pin: string) => run(['users', 'add', '--role', role, '--name', name, '--pin', pin, '--data-dir', dir]);
    const empty = await run(['users', 'list', '--data-dir', dir]);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toMatch(/no users yet/);

    const owner = await add('owner', 'Olga', '2580');
    expect(owner.code, show(['users', 'add'], owner)).toBe(0);
    expect(owner.stdout).toMatch(/^usr_[0-9A-Za-z]{32}\n$/);
    const cashier = await add('cashier', 'Cas', '1357');
    expect(cashier.code).toBe(0);
    const taken = await add('cashier', 'olga', '4826');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/^stablepos: A user named 'olga' exists already\.\n$/);

    const list = await run(['users', 'list', '--data-dir', dir]);
    const rows = list.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => r.slice(0, 3))).toEqual([[owner.stdout.trim(), 'owner', 'Olga'], [cashier.stdout.trim(), 'cashier', 'Cas']]);
    expect(list.stdout).not.toMatch(/2580|1357|scrypt/);

    const last = await run(['users', 'remove', 'OLGA', '--data-dir', dir]);
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/last owner/);
    const missing = await run(['users', 'remove', 'Zed', '--data-dir', dir]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No such user: 'Zed'/);
    const removed = await run(['users', 'remove', cashier.stdout.trim(), '--data-dir', dir]);
    expect(removed.code, show(['users', 'remove'], removed)).toBe(0);
    expect(removed.stdout).toBe(`removed cashier Cas (${cashier.stdout.trim()})\n`);
    expect((await run(['users', 'list', '--data-dir', dir])).stdout.trimEnd().split('\n')).toHaveLength(1);

    // A forgotten PIN, an owner's too: `users pin` sets a new one without the old; weak ones are usage errors.
    const weak = await run(['users', 'pin', 'olga', '--pin', '1234', '--data-dir', dir]);
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/--pin: the PIN must not be a run of consecutive digits/);
    expect((await run(['users', 'pin', 'Zed', '--pin', '4826', '--data-dir', dir])).stderr).toMatch(/No such user: 'Zed'/);
    const pin = await run(['users', 'pin', 'olga', '--pin', '4826', '--data-dir', dir]);
    expect(pin.code, show(['users', 'pin'], pin)).toBe(0);
    expect(pin.stdout).toBe(`new PIN set for owner Olga (${owner.stdout.trim()}); their sign-ins have ended\n`);
    const s = await createServices(resolveConfig({ dataDir: dir }));
    try {
      const merchantId = (await s.merchants.defaultMerchant()).id;
      await expect(s.users.signIn(merchantId, { user: 'Olga', pin: '2580' }, { address: '127.0.0.1', appWindow: false, cookies: {} })).rejects.toThrow(/Wrong name or PIN/);
      expect((await s.users.signIn(merchantId, { user: 'Olga', pin: '4826' }, { address: '127.0.0.1', appWindow: false, cookies: {} })).user.name).toBe('Olga');
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('serve', () => {
  test('answers over HTTP with a created key, sees a revocation made while running, stops on SIGTERM, keeps its data', async () => {
    const dir = newDataDir();
    const testKey = await createKey(dir, 'test');
    const liveKey = await createKey(dir, 'live');

    const server = await serve(['--port', '0', '--data-dir', dir]);
    expect(server.stdout()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(Number(new URL(server.url).port)).toBeGreaterThan(0);

    const health = await http(server, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('request-id')).toMatch(/^req_/);

    const merchant = await http(server, 'GET', '/v1/merchant', testKey);
    expect(merchant.status, merchant.text).toBe(200);
    expect(merchant.body.base).toEqual({ code: 0, message: 'success' });
    expect(merchant.body.data.merchant_id).toEqual(expect.any(String));
    expect(merchant.body.data.livemode).toBe(false);
    const merchantId: string = merchant.body.data.merchant_id;
    const live = await http(server, 'GET', '/v1/merchant', liveKey);
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({ merchant_id: merchantId, livemode: true });

    const created = await http(server, 'POST', '/v1/payment/sessions', testKey, { merchant_id: merchantId, amount: { value: '12.50', currency: 'USD' } });
    expect(created.status, created.text).toBe(200);
    const sessionId: string = created.body.data.session_id;

    // Keys made by another process while the server runs are seen at once (one SQLite file, WAL).
    const lateKey = await createKey(dir, 'test');
    expect((await http(server, 'GET', '/v1/merchant', lateKey)).status).toBe(200);

    const prefix = testKey.slice(0, 16);
    const revoke = await run(['keys', 'revoke', prefix, '--data-dir', dir]);
    expect(revoke.code, show(['keys', 'revoke', prefix], revoke)).toBe(0);
    expect(revoke.stdout).toBe(`revoked ${prefix}\n`);
    const refused = await http(server, 'GET', '/v1/merchant', testKey);
    expect(refused.status, refused.text).toBe(401);
    expect(refused.body.error).toMatchObject({ type: 'authentication_error', code: 'api_key_invalid', param: null });
    expect(refused.headers.get('request-id')).toMatch(/^req_/);
    expect((await http(server, 'GET', '/v1/merchant', lateKey)).status).toBe(200);
    expect((await http(server, 'GET', '/v1/merchant', liveKey)).status).toBe(200);

    const list = await run(['keys', 'list', '--data-dir', dir]);
    expect(list.stdout).toMatch(new RegExp(`^${prefix}\ttest\t\\S+\trevoked \\d{4}-\\S+Z$`, 'm'));

    const stopped = await stop(server, 'SIGTERM');
    expect(stopped, server.stderr()).toMatchObject({ code: 0, signal: null, leftRunning: false });
    expect(server.stderr()).toBe('');
    await expect(fetch(server.url + '/health')).rejects.toThrow();

    // Restart on the same data dir: the session, the revocation and the other keys are all still there.
    const again = await serve(['--port', '0', '--data-dir', dir]);
    const read = await http(again, 'GET', `/v1/payment/sessions/${sessionId}`, lateKey);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({ session_id: sessionId, merchant_id: merchantId, amount: { value: '12.50', currency: 'USD' }, livemode: false });
    expect((await http(again, 'GET', '/v1/merchant', testKey)).status).toBe(401);
    expect((await http(again, 'GET', `/v1/payment/sessions/${sessionId}`, liveKey)).status, 'a live key never sees test objects').toBe(404);

    // Ctrl-C stops it as cleanly.
    expect(await stop(again, 'SIGINT')).toMatchObject({ code: 0, signal: null, leftRunning: false });
  }, 90_000);

  test('on a shop without an owner it prints a one-time setup code, which the first owner\'s creation needs; "users setup-code" replaces it', async () => {
    const dir = newDataDir();
    const server = await serve(['--port', '0', '--data-dir', dir]);
    const deadline = Date.now() + 10_000;
    let printed: RegExpExecArray | null = null;
    while (!(printed = /one-time setup code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\n/.exec(server.stdout())) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(printed, server.stdout()).not.toBeNull();
    expect(server.stdout()).toContain(`no owner yet: open ${server.url} and create the owner`);
    const owner = { name: 'Olga', pin: '2580' };
    // From this very machine (a loopback address, as every client is behind a TLS proxy here) without the code: refused.
    const missing = await http(server, 'POST', '/v1/ui/setup', undefined, owner);
    expect(missing.status, missing.text).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'setup_code' });
    const wrong = await http(server, 'POST', '/v1/ui/setup', undefined, { ...owner, setup_code: 'AAAA-BBBB-CCCC' });
    expect(wrong.body.error).toMatchObject({ code: 'parameter_invalid', param: 'setup_code' });

    const renewed = await run(['users', 'setup-code', '--data-dir', dir]);
    expect(renewed.code, show(['users', 'setup-code'], renewed)).toBe(0);
    expect(renewed.stdout).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\n$/);
    const old = await http(server, 'POST', '/v1/ui/setup', undefined, { ...owner, setup_code: printed![1] });
    expect(old.body.error, 'the printed code was replaced').toMatchObject({ code: 'parameter_invalid', param: 'setup_code' });
    // Case, spaces and dashes do not count.
    const created = await http(server, 'POST', '/v1/ui/setup', undefined, { ...owner, setup_code: ` ${renewed.stdout.trim().toLowerCase().replace(/-/g, ' ')} ` });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.user).toMatchObject({ name: 'Olga', role: 'owner' });

    const none = await run(['users', 'setup-code', '--data-dir', dir]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^stablepos: The shop has an owner already/);
    expect((await stop(server, 'SIGTERM')).code).toBe(0);
    // With an owner, a start prints no code.
    const again = await serve(['--port', '0', '--data-dir', dir]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(again.stdout()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect((await stop(again, 'SIGTERM')).code).toBe(0);
  }, 90_000);

  test('--allowed-host (repeatable) names the hosts it answers besides loopback; it wins over STABLEPOS_ALLOWED_HOSTS', async () => {
    const server = await serve(['--port', '0', '--data-dir', newDataDir(), '--allowed-host', 'Backoffice.LAN', '--allowed-host', '192.168.1.20'], 20_000, {
      STABLEPOS_ALLOWED_HOSTS: 'from-env.lan',
    });
    const port = new URL(server.url).port;
    for (const host of [`backoffice.lan:${port}`, `192.168.1.20:${port}`, `localhost:${port}`]) {
      const res = await requestWithHost(server.url, { path: '/health', host });
      expect(res.status, `${host}: ${res.text}`).toBe(200);
    }
    for (const host of [`from-env.lan:${port}`, `attacker.example:${port}`]) {
      const res = await requestWithHost(server.url, { path: '/health', host });
      expect(res.status, `${host}: ${res.text}`).toBe(403);
      expect(res.body.error).toMatchObject({ type: 'permission_error', code: 'host_not_allowed', param: null });
      expect(res.headers.get('request-id')).toMatch(/^req_/);
    }
    expect((await stop(server)).code).toBe(0);
  }, 60_000);

  test('killed with SIGKILL, it leaves no devnet process behind after 5 s, and the next start takes over the devnets\' locks', async () => {
    const dir = newDataDir();
    const server = await serve(['--port', '0', '--data-dir', dir]);
    // Each devnet (ethereum, bsc, and tron's stand-in) is an anvil under its guardian, a Node process of ours.
    const started = descendants(server.child.pid!);
    const anvils = started.filter((p) => /(^|\/)anvil$/.test(p.argv[0]!));
    const guardians = started.filter((p) => p.argv[0] === process.execPath && p.argv.some((a) => a.includes('stablepos-guardian')));
    expect(anvils, JSON.stringify(started)).toHaveLength(3);
    expect(guardians, JSON.stringify(started)).toHaveLength(3);
    const lockFiles = ['ethereum', 'bsc', 'tron'].map((network) => join(dir, 'devnet', `${network}.json.lock`));
    expect(lockFiles.map((f) => existsSync(f))).toEqual([true, true, true]);

    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    const devnetPids = [...anvils, ...guardians].map((p) => p.pid);
    const deadline = Date.now() + 5_000;
    while (devnetPids.some(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(devnetPids.filter(running), `still running 5 s after the app's SIGKILL:\n${groupProcesses(server.child)}`).toEqual([]);

    // The locks stay behind, naming processes that are all gone: the next start takes them over.
    expect(lockFiles.map((f) => existsSync(f))).toEqual([true, true, true]);
    const again = await serve(['--port', '0', '--data-dir', dir]);
    expect((await http(again, 'GET', '/health')).status).toBe(200);
    expect(await stop(again)).toMatchObject({ code: 0, signal: null, leftRunning: false });
    // A clean stop removes them.
    expect(lockFiles.map((f) => existsSync(f))).toEqual([false, false, false]);
  }, 60_000);

  test('a port already in use: exits 1 with one line on stderr instead of hanging', async () => {
    const dir = newDataDir();
    const first = await serve(['--port', '0', '--data-dir', dir]);
    const port = new URL(first.url).port;
    // (Bounded: a process that hangs is ended, with everything it started, and the test fails.)
    const second = await run(['serve', '--port', port, '--data-dir', newDataDir()], 20_000);
    expect(second.code, show(['serve', '--port', port], second)).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(/^stablepos: [^\n]*\n$/);
    expect((await http(first, 'GET', '/health')).status).toBe(200);
    expect((await stop(first)).code).toBe(0);
  }, 60_000);
});

describe('chain flags and devnet pay', () => {
  const XPUB = HDKey.fromMasterSeed(new Uint8Array(32).fill(11)).derive("m/44'/60'/0'").publicExtendedKey;

  test('bad chain flags are usage errors: an unknown network or family, a malformed pair, a URL that is not http(s)', async () => {
    const dataDir = join(sandbox, 'never-created-chains');
    const list = [
      ['serve', '--rpc', 'bitcoin=https://btc.example', '--port', '0', '--data-dir', dataDir],
      ['serve', '--xpub', `bitcoin=${XPUB}`, '--port', '0', '--data-dir', dataDir],
      ['serve', '--rpc', 'https://eth.example', '--port', '0', '--data-dir', dataDir],
      ['serve', '--rpc', 'ethereum=ftp://eth.example', '--port', '0', '--data-dir', dataDir],
      ['serve', '--rpc-bsc', 'not a url', '--port', '0', '--data-dir', dataDir],
      ['devnet', 'pay', 'ps_x', '--network', 'bitcoin', '--currency', 'USDT', '--data-dir', dataDir],
      ['devnet', 'pay', 'ps_x', '--network', 'tron', '--currency', 'USDC', '--data-dir', dataDir],
      ['devnet', 'pay', 'ps_x', '--network', 'bsc', '--token', 'PEPE', '--data-dir', dataDir],
    ];
    const results = await runAll(list);
    results.forEach((r, i) => {
      expect(r.code, show(list[i]!, r)).toBe(2);
      expect(r.stdout, show(list[i]!, r)).toBe('');
      expect(r.stderr, show(list[i]!, r)).toMatch(/^stablepos: [^\n]+\n$/);
    });
    expect(results[0]!.stderr).toContain('no network "bitcoin"; there are ethereum, bsc, base, arbitrum, polygon, tron, solana');
    expect(results[1]!.stderr).toContain('no family "bitcoin"; there are evm, tron, solana');
    expect(results[3]!.stderr).toContain('--rpc ethereum=… must be an absolute http(s) URL');
    expect(results[4]!.stderr).toContain('--rpc-bsc must be an absolute http(s) URL');
    expect(results[5]!.stderr).toContain('--network must be "ethereum" or "bsc" or "base" or "arbitrum" or "polygon" or "tron" or "solana"');
    expect(results[6]!.stderr).toContain('tron offers no USDC: --currency must be "USDT"');
    expect(results[7]!.stderr).toContain('--token must be "DAI"');
    const fromEnv = await run(['serve', '--port', '0', '--data-dir', dataDir], 20_000, { STABLEPOS_RPC_ETHEREUM: 'ftp://eth.example' });
    expect(fromEnv.code, show(['serve (STABLEPOS_RPC_ETHEREUM=ftp://…)'], fromEnv)).toBe(2);
    expect(fromEnv.stderr).toMatch(/^stablepos: STABLEPOS_RPC_ETHEREUM must be an absolute http\(s\) URL/);
    expect(existsSync(dataDir), 'a usage error must not create the data dir').toBe(false);
  }, 60_000);

  test('--rpc NETWORK=URL, --rpc-<network> and STABLEPOS_RPC_<NETWORK> configure live networks; --xpub-<family> the live wallet, which Settings cannot replace', async () => {
    const dir = newDataDir();
    const liveKey = await createKey(dir, 'live');
    // Closed loopback ports: configured, never reached.
    const server = await serve(['--port', '0', '--data-dir', dir, '--rpc', 'ethereum=http://127.0.0.1:9/', '--xpub-evm', XPUB], 20_000, { STABLEPOS_RPC_BSC: 'http://127.0.0.1:9/bsc' });
    const networks = (await http(server, 'GET', '/v1/networks', liveKey)).body.data.items;
    // The flags' networks run; the others need an endpoint, or are off until the shop turns them on (issue 31).
    expect(networks.map((n: any) => [n.network, n.status === 'not_configured' || n.status === 'off' ? n.status : 'configured'])).toEqual([
      ['ethereum', 'configured'], ['bsc', 'configured'], ['base', 'off'], ['arbitrum', 'off'], ['polygon', 'off'], ['tron', 'not_configured'], ['solana', 'not_configured'],
    ]);
    expect((await http(server, 'GET', '/v1/settings/networks', liveKey)).body.data.wallets.evm.xpub).toBe(XPUB);
    const replaced = await http(server, 'PUT', '/v1/settings/wallets/evm', liveKey, { xpub: HDKey.fromMasterSeed(new Uint8Array(32).fill(12)).derive("m/44'/60'/0'").publicExtendedKey });
    expect(replaced.status, replaced.text).toBe(409);
    expect(replaced.body.error.message).toContain('--xpub evm=…, --xpub-evm or STABLEPOS_XPUB_EVM');
    expect((await stop(server)).code).toBe(0);
  }, 60_000);

  test('devnet pay pays a session on the devnet that serve runs for the data dir, through the network\'s family', async () => {
    const dir = newDataDir();
    const testKey = await createKey(dir, 'test');
    const server = await serve(['--port', '0', '--data-dir', dir]);
    const merchantId = (await http(server, 'GET', '/v1/merchant', testKey)).body.data.merchant_id;
    const created = await http(server, 'POST', '/v1/payment/sessions', testKey, { merchant_id: merchantId, amount: { value: '3.25', currency: 'USDT' } });
    expect(created.status, created.text).toBe(200);
    const id: string = created.body.data.session_id;
    const args = ['devnet', 'pay', id, '--network', 'bsc', '--currency', 'USDT', '--data-dir', dir];
    const paid = await run(args, 30_000);
    expect(paid.code, show(args, paid)).toBe(0);
    expect(paid.stdout).toMatch(/^0x[0-9a-f]{64}\n$/);
    // Seen by the watcher (1 s blocks, polled every 100 ms): the payment is the one devnet pay sent.
    const deadline = Date.now() + 15_000;
    let session: any;
    while (Date.now() < deadline) {
      session = (await http(server, 'GET', `/v1/payment/sessions/${id}`, testKey)).body.data;
      if (session.payments.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(session.payments, JSON.stringify(session)).toMatchObject([{ network: 'bsc', currency: 'USDT', tx_hash: paid.stdout.trim(), amount: '3.250000' }]);

    // --token DAI: the devnet's test DAI, watched, never offered: an unmatched deposit, the session untouched.
    const daiArgs = ['devnet', 'pay', id, '--network', 'bsc', '--token', 'DAI', '--amount', '2', '--data-dir', dir];
    const daiPaid = await run(daiArgs, 30_000);
    expect(daiPaid.code, show(daiArgs, daiPaid)).toBe(0);
    let deposits: any[] = [];
    const daiDeadline = Date.now() + 15_000;
    while (Date.now() < daiDeadline) {
      deposits = (await http(server, 'GET', '/v1/deposits?network=bsc', testKey)).body.data.items;
      if (deposits.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(deposits).toMatchObject([{ reason: 'unsupported_token', currency: null, tx_hash: daiPaid.stdout.trim(), amount: '2.000000000000000000', decimals: 18 }]);
    expect((await http(server, 'GET', `/v1/payment/sessions/${id}`, testKey)).body.data.payments).toHaveLength(1);

    // Solana: the session's reference goes into the transfer, the money to the merchant's wallet.
    const second = (await http(server, 'POST', '/v1/payment/sessions', testKey, { merchant_id: merchantId, amount: { value: '1.75', currency: 'USDC' } })).body.data;
    const solArgs = ['devnet', 'pay', second.session_id, '--network', 'solana', '--currency', 'USDC', '--data-dir', dir];
    const solPaid = await run(solArgs, 30_000);
    expect(solPaid.code, show(solArgs, solPaid)).toBe(0);
    expect(solPaid.stdout).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}\n$/);
    const solDeadline = Date.now() + 15_000;
    while (Date.now() < solDeadline) {
      session = (await http(server, 'GET', `/v1/payment/sessions/${second.session_id}`, testKey)).body.data;
      if (session.payments.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(session.payments, JSON.stringify(session)).toMatchObject([{ network: 'solana', currency: 'USDC', tx_hash: solPaid.stdout.trim(), amount: '1.750000' }]);
    expect((await stop(server)).code).toBe(0);
  }, 90_000);
});
