/**
 * Reads a V8 .cpuprofile (from BENCH_CPU_PROF=<dir> npm run bench) and prints where the time went:
 * self time per package or source file, self time per function, and inclusive time of our own
 * functions (src/) and the libraries on the request path. Enough to see what to fix without
 * opening DevTools.
 *
 *   node bin/run-ts.mjs bench/profile-summary.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bin/run-ts.mjs bench/profile-summary.ts <file.cpuprofile> [rows]\n');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

/** file:///…/stablepos/ — profile URLs of our own files start with it. */
const repoRoot = new URL('..', import.meta.url).href;

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

/** Shortens paths: `nm:<package>[/file]` for node_modules, a repo-relative path for our files. */
function where(url: string, withFile = false): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(url);
  if (pkg) return `nm:${pkg[1]}${withFile ? (pkg[2] ?? '') : ''}`;
  return url.startsWith(repoRoot) ? url.slice(repoRoot.length) : url;
}
const fnKey = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}  ${where(n.callFrame.url, true)}:${n.callFrame.lineNumber + 1}`;
const groupKey = (n: ProfileNode) => (n.callFrame.url ? where(n.callFrame.url) : n.callFrame.functionName);

// Time per sampled node (µs), then rolled up three ways.
const timeOf = new Map<number, number>();
profile.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...timeOf.values()].reduce((a, b) => a + b, 0);

const selfByGroup = new Map<string, number>();
const selfByFn = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
for (const [id, t] of timeOf) {
  const node = nodes.get(id) as ProfileNode;
  add(selfByGroup, groupKey(node), t);
  add(selfByFn, fnKey(node), t);
  // Each function once per stack, so recursion does not count twice.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur)) {
    const k = fnKey(nodes.get(cur) as ProfileNode);
    if (!seen.has(k)) {
      seen.add(k);
      add(inclusive, k, t);
    }
  }
}

function print(title: string, m: Map<string, number>, keep: (k: string) => boolean = () => true): void {
  process.stdout.write(`\n${title}\n`);
  const top = [...m].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, rows);
  for (const [k, t] of top) process.stdout.write(`${((100 * t) / total).toFixed(1).padStart(6)}%  ${k}\n`);
}

process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled (includes start-up)\n`);
print('self time by package / file', selfByGroup);
print('self time by function', selfByFn);
print('inclusive time, our code and request-path libraries', inclusive, (k) => /\s(src\/|nm:(drizzle-orm|better-sqlite3|fastify|@fastify|@noble|@scure|viem))/.test(k));
