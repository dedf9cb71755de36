/**
 * The lock on a devnet's state file: held while any process it names lives (pid, start time and boot
 * checked through /proc), waited for, refused with a clear message, taken over when stale, and kept by
 * a guardian or anvil that outlives the app's stop. Real files in a temporary folder, real processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { lockStateFile } from '../../src/chains/anvil/devnet-lock.js';

let dir: string;
let files = 0;
const children = new Set<ChildProcess>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-lock-'));
});
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const newStateFile = () => join(dir, `chain-${++files}.json`);
const lockContent = (stateFile: string) => JSON.parse(readFileSync(`${stateFile}.lock`, 'utf8'));

/** A Node process that runs until killed (a stand-in for an anvil still dumping). */
function longRunning(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.add(child);
  return new Promise((resolve) => child.stdout!.once('data', () => resolve(child)));
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const ownStart = () => {
  const stat = readFileSync(`/proc/${process.pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

test('a lock held by a live process is waited for, then refused with the holder and the lock file named', async () => {
  const stateFile = newStateFile();
  const first = await lockStateFile(stateFile, { waitMs: 0 });
  expect(lockContent(stateFile).processes).toEqual([{ role: 'app', pid: process.pid, start: ownStart() }]);

  const second = lockStateFile(stateFile, { waitMs: 300, pollMs: 20, what: 'the ethereum devnet' });
  await expect(second).rejects.toThrow(`the ethereum devnet's state file ${stateFile} is in use by app pid ${process.pid}`);
  await expect(second).rejects.toThrow(`delete ${stateFile}.lock`);
  first.release();
  expect(existsSync(`${stateFile}.lock`)).toBe(false);
});

test('a start waiting on a live lock gets it as soon as the holder releases it', async () => {
  const stateFile = newStateFile();
  const first = await lockStateFile(stateFile, { waitMs: 0 });
  const second = lockStateFile(stateFile, { waitMs: 10_000, pollMs: 20 });
  await new Promise((r) => setTimeout(r, 100));
  first.release();
  const lock = await second;
  expect(lockContent(stateFile).processes.map((p: { pid: number }) => p.pid)).toEqual([process.pid]);
  lock.release();
});

test('a stale lock (its processes gone, an earlier boot, a reused pid, or unreadable) is taken over at once', async () => {
  const gone = await deadPid();
  const stale = [
    { id: 'old', processes: [{ role: 'app', pid: gone }, { role: 'anvil', pid: await deadPid() }], since: '2020-01-01T00:00:00.000Z' },
    // Our own pid, alive, but of another boot or started at another time: not the process that locked.
    { id: 'old', boot: 'an-earlier-boot', processes: [{ role: 'app', pid: process.pid, start: ownStart() }], since: '2020-01-01T00:00:00.000Z' },
    { id: 'old', boot: bootId(), processes: [{ role: 'anvil', pid: process.pid, start: '1' }], since: '2020-01-01T00:00:00.000Z' },
  ];
  for (const content of [...stale.map((c) => JSON.stringify(c)), '', '{"processes": ']) {
    const stateFile = newStateFile();
    writeFileSync(`${stateFile}.lock`, content);
    const lock = await lockStateFile(stateFile, { waitMs: 0 });
    expect(lockContent(stateFile).id, content).not.toBe('old');
    expect(lockContent(stateFile).processes, content).toEqual([{ role: 'app', pid: process.pid, start: ownStart() }]);
    lock.release();
  }
});

test('a devnet process still alive after the app released the lock keeps it until it ends', async () => {
  const stateFile = newStateFile();
  const dumping = await longRunning();
  const lock = await lockStateFile(stateFile, { waitMs: 0 });
  lock.add([{ role: 'anvil', pid: dumping.pid! }]);
  lock.release();
  // The app is struck off; anvil, still alive, holds the lock alone.
  expect(lockContent(stateFile).processes.map((p: { role: string }) => p.role)).toEqual(['anvil']);
  await expect(lockStateFile(stateFile, { waitMs: 200, pollMs: 20 })).rejects.toThrow(`in use by anvil pid ${dumping.pid}`);

  const waiting = lockStateFile(stateFile, { waitMs: 10_000, pollMs: 20 });
  dumping.kill('SIGTERM');
  const again = await waiting;
  expect(lockContent(stateFile).processes.map((p: { role: string }) => p.role)).toEqual(['app']);
  again.release();
  expect(existsSync(`${stateFile}.lock`)).toBe(false);
});

test('release never removes a lock that is no longer ours', async () => {
  const stateFile = newStateFile();
  const lock = await lockStateFile(stateFile, { waitMs: 0 });
  const other = JSON.stringify({ id: 'someone-else', processes: [{ role: 'app', pid: process.pid }], since: new Date().toISOString() });
  writeFileSync(`${stateFile}.lock`, other);
  lock.add([{ role: 'anvil', pid: process.pid }]);
  lock.release();
  expect(readFileSync(`${stateFile}.lock`, 'utf8')).toBe(other);
});
