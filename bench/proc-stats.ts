import { readFileSync } from 'node:fs';

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
