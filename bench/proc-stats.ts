import { readdirSync, readFileSync } from 'node:fs';

// Figures about another process as the kernel sees them, read from /proc from outside, so measuring
// disturbs nothing in the server (no allocation, no GC, no event-loop turn). Linux only, as the
// bench is.

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch (err) {
    throw new Error(`cannot read /proc/${pid}/${file} (the bench needs Linux, and the process alive): ${(err as Error).message}`);
  }
}

export interface ProcMemory {
  /** Resident set size now, MB (MiB). */
  rssMb: number;
  /** Highest RSS the process has reached so far, MB (MiB). */
  peakRssMb: number;
}

/** /proc/<pid>/status VmRSS and VmHWM. */
export function readProcMemory(pid: number): ProcMemory {
  const status = readProc(pid, 'status');
  const kb = (field: string): number => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
    if (!m?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(m[1]);
  };
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

/** USER_HZ: the unit of /proc/<pid>/stat times, 100 on every Linux ABI Node runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds the process has used, user + system, all threads (JS, GC, libuv pool). Unlike req/s it
 * hardly moves when other processes share the machine, so CPU per request compares across runs.
 */
export function readProcCpuSeconds(pid: number): number {
  return cpuSecondsOfStat(readProc(pid, 'stat'));
}

/**
 * CPU seconds of the process's main thread alone (its task whose id is the pid): the thread a CPU
 * profile taken from inside samples, where JavaScript and the collector's main-thread pauses run.
 */
export function readProcMainThreadCpuSeconds(pid: number): number {
  return cpuSecondsOfStat(readProc(pid, `task/${pid}/stat`));
}

function cpuSecondsOfStat(stat: string): number {
  // Fields after the command name, which is in parentheses and may itself hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, i.e. 11 and 12 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The whole machine's CPU time so far, in ticks: all of it, and the part not idle (nor waiting on I/O). */
export interface MachineCpu {
  total: number;
  busy: number;
}

/** /proc/stat's first line (every CPU together). */
export function readMachineCpu(): MachineCpu {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { total, busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0) };
}

/**
 * CPU seconds used so far by every live process whose command is `command` (its server processes: a
 * PostgreSQL cluster's postmaster and backends are all "postgres"). A process that ended between two
 * readings takes its time with it: for processes that live through the measurement (pooled connections).
 */
export function readCommandCpuSeconds(command: string): number {
  let seconds = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command) seconds += cpuSecondsOfStat(stat);
  }
  return seconds;
}
