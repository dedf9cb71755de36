/**
 * Processes as Linux shows them in /proc: whether one still runs, and what a process has started, so a
 * test can check by pid that nothing outlived what started it.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** State (R, S, Z, …) and parent pid of a process from /proc; undefined once it is gone. */
function procStat(pid: number): { state: string; ppid: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces, so split after its closing parenthesis.
  const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: state!, ppid: Number(ppid) };
}

/** Whether a process still runs (a zombie has ended: it only waits to be reaped). */
export const running = (pid: number): boolean => {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
};

/** Every process descended from `root`, with its arguments, read from /proc. */
export function descendants(root: number): { pid: number; argv: string[] }[] {
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) childrenOf.set(stat.ppid, [...(childrenOf.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found: { pid: number; argv: string[] }[] = [];
  const queue = [...(childrenOf.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // ended meanwhile
    }
    found.push({ pid, argv });
    queue.push(...(childrenOf.get(pid) ?? []));
  }
  return found;
}
