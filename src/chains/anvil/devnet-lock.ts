import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * An exclusive lock on a devnet's state file, so that two anvils never write it: `<state file>.lock`,
 * holding the processes that may write the file (the app, its guardian, anvil). It is held while any
 * of them lives: after a crash of the app, anvil may still be dumping its chain for a few seconds.
 * A lock whose processes are all gone is stale and taken over.
 *
 * A pid alone could name another process after a reboot (pids are reused, and a lock left behind by a
 * power cut would then block the devnet for good). On Linux each pid is therefore recorded with its
 * start time and the boot id, and a process counts only if both match; a zombie counts as gone. Other
 * systems check the pid alone.
 */

export interface LockedProcess {
  role: 'app' | 'guardian' | 'anvil';
  pid: number;
  /** Start time in clock ticks since boot (/proc/<pid>/stat), where the system tells it. */
  start?: string;
}

interface LockContent {
  /** Tells our lock from another holder's, even one with a reused pid. */
  id: string;
  /** Kernel boot id (Linux): processes of an earlier boot are all gone. */
  boot?: string;
  processes: LockedProcess[];
  since: string;
}

export interface StateFileLock {
  readonly file: string;
  /** Adds processes that may write the state file (the guardian, anvil) as soon as they exist. */
  add(processes: readonly { role: LockedProcess['role']; pid: number }[]): void;
  /** Removes the lock, if it is still ours. Idempotent. */
  release(): void;
}

export interface LockOptions {
  /** How long to wait for a live holder to finish (an old devnet still dumping) before failing. */
  waitMs: number;
  pollMs?: number;
  /** Names the devnet in the error message. */
  what?: string;
}

/**
 * Takes the lock of `stateFile` for this process, waiting up to `waitMs` while a live holder has it.
 * @throws Error naming the holder's processes and the lock file when it is still held after `waitMs`.
 */
export async function lockStateFile(stateFile: string, options: LockOptions): Promise<StateFileLock> {
  const file = `${stateFile}.lock`;
  const mine: LockContent = {
    id: randomUUID(),
    ...(bootId() !== undefined && { boot: bootId() }),
    processes: [identify('app', process.pid)],
    since: new Date().toISOString(),
  };
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    if (createExclusive(file, JSON.stringify(mine))) break;
    const held = readLock(file);
    if (held === 'missing') continue; // released in between: try again at once
    if (held === 'unreadable' || !held.content.processes.some((p) => isAlive(p, held.content.boot))) {
      takeOverStale(file, held === 'unreadable' ? undefined : held.raw);
      continue;
    }
    if (Date.now() >= deadline) {
      const alive = held.content.processes.filter((p) => isAlive(p, held.content.boot)).map((p) => `${p.role} pid ${p.pid}`);
      throw new Error(
        `${options.what ?? 'the devnet'}'s state file ${stateFile} is in use by ${alive.join(', ')} (locked since ${held.content.since}; ` +
          `waited ${options.waitMs} ms): is another "stablepos serve" running on this data dir? Stop it first; ` +
          `if no such process exists, delete ${file}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }

  let released = false;
  const stillMine = (): boolean => {
    const held = readLock(file);
    return typeof held === 'object' && held.content.id === mine.id;
  };
  const rewrite = () => {
    // Replaced whole (rename is atomic): a reader never sees half a lock.
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(tmp, JSON.stringify(mine));
    renameSync(tmp, file);
  };
  return {
    file,
    add(processes) {
      if (released || !stillMine()) return;
      mine.processes.push(...processes.map((p) => identify(p.role, p.pid)));
      rewrite();
    },
    release() {
      if (released) return;
      released = true;
      if (!stillMine()) return;
      // A guardian or anvil that outlived its stop (killed from outside, stuck) may still write the
      // file: the lock stays, held by them alone, and goes stale when they end. This process is
      // struck off it, so that it can start that devnet again itself afterwards.
      const others = mine.processes.filter((p) => p.pid !== process.pid && isAlive(p, mine.boot));
      if (others.length === 0) {
        unlinkSync(file);
        return;
      }
      mine.processes = others;
      rewrite();
    },
  };
}

/**
 * Creates `file` with `content` unless it exists. Written to a temporary file first and linked into
 * place, so the lock never exists half-written (a reader would take an empty lock for a stale one).
 */
function createExclusive(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(tmp, content);
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A file system without hard links (FAT): exclusive creation, written right after.
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    unlinkSync(tmp);
  }
}

function readLock(file: string): { raw: string; content: LockContent } | 'missing' | 'unreadable' {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  try {
    const content = JSON.parse(raw) as LockContent;
    if (typeof content.id !== 'string' || !Array.isArray(content.processes)) return 'unreadable';
    return { raw, content };
  } catch {
    return 'unreadable';
  }
}

/**
 * Removes a stale lock without removing a fresh one another start may have put in its place since we
 * read it: the lock is first renamed aside (only one taker can), then compared with what was judged
 * stale; a fresh lock caught by mistake is linked back (unless yet another one exists by then).
 */
function takeOverStale(file: string, staleRaw: string | undefined): void {
  const aside = `${file}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // another start took it over
    throw err;
  }
  try {
    const raw = readFileSync(aside, 'utf8');
    if (staleRaw !== undefined && raw !== staleRaw) {
      try {
        linkSync(aside, file);
      } catch {
        // a newer lock is in place already: the next round reads that one
      }
    }
  } finally {
    unlinkSync(aside);
  }
}

function identify(role: LockedProcess['role'], pid: number): LockedProcess {
  const stat = procStat(pid);
  const start = typeof stat === 'object' ? stat.start : undefined;
  return { role, pid, ...(start !== undefined && { start }) };
}

function isAlive(p: LockedProcess, boot: string | undefined): boolean {
  const now = bootId();
  if (boot !== undefined && now !== undefined && boot !== now) return false;
  const stat = procStat(p.pid);
  if (stat === 'gone') return false;
  if (stat) return stat.state !== 'Z' && stat.state !== 'X' && (p.start === undefined || p.start === stat.start);
  try {
    process.kill(p.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}

let cachedBootId: string | null | undefined;
function bootId(): string | undefined {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId ?? undefined;
}

/**
 * State and start time of a process from /proc (Linux); 'gone' when /proc exists but the process does
 * not; undefined where there is no /proc.
 */
function procStat(pid: number): { state: string; start: string } | 'gone' | undefined {
  if (bootId() === undefined) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 'gone';
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  // Field 3 is the state, field 22 the start time.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}
