/**
 * Reads a V8 .cpuprofile (from BENCH_CPU_PROF=<dir> npm run bench) and prints where the time went:
 * the busy time by category (our code, Fastify, SQLite, crypto, GC, …, as the sessions section
 * prints it: bench/cpu-categories.ts), self time per package or source file, self time per function,
 * and inclusive time of our own functions (src/) and the libraries on the request path. Frames of a
 * server bundle (node_modules/.cache/stablepos/*.mjs) are mapped to their source files through the
 * bundle's module comments, read from the bundle as it is now: rebuilt since the profile (sources
 * changed), its lines no longer match. Enough to see what to fix without opening DevTools.
 *
 *   node bin/run-ts.mjs bench/profile-summary.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BundleMap,
  bundleName,
  categoriseProfile,
  CPU_CATEGORIES,
  CPU_CATEGORY_LABELS,
  type CpuProfile,
  frameSource,
  type ProfileNode,
  type SourceOptions,
} from './cpu-categories.js';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bin/run-ts.mjs bench/profile-summary.ts <file.cpuprofile> [rows]\n');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const bundles = new Map<string, BundleMap>();
for (const n of profile.nodes) {
  const name = bundleName(n.callFrame.url);
  if (!name || bundles.has(name)) continue;
  try {
    bundles.set(name, BundleMap.fromText(readFileSync(fileURLToPath(n.callFrame.url), 'utf8')));
  } catch (err) {
    process.stderr.write(`cannot read the bundle ${n.callFrame.url} (its frames count as "other"): ${(err as Error).message}\n`);
  }
}
/** file:///…/stablepos/ — profile URLs of our own files start with it (under tsx). */
const options: SourceOptions = { repoRoot: new URL('..', import.meta.url).href, bundles };

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

/** `node_modules/<package>` for a package's files, the file itself otherwise. */
const packageOf = (source: string) => /^(?:.*\/)?(node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source;
const fnKey = (n: ProfileNode) => {
  const s = frameSource(n.callFrame, options);
  return `${n.callFrame.functionName || '(anonymous)'}  ${s.file}${s.inBundle ? ` (bundle line ${s.line})` : `:${s.line}`}`;
};
const groupKey = (n: ProfileNode) => (n.callFrame.url ? packageOf(frameSource(n.callFrame, options).file) : n.callFrame.functionName);

// Time per sampled node (µs), then rolled up.
const timeOf = new Map<number, number>();
profile.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...timeOf.values()].reduce((a, b) => a + b, 0);

const selfByGroup = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
for (const [id, t] of timeOf) {
  const node = nodes.get(id) as ProfileNode;
  add(selfByGroup, groupKey(node), t);
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

function print(title: string, entries: [string, number][], whole: number, keep: (k: string) => boolean = () => true): void {
  process.stdout.write(`\n${title}\n`);
  const top = entries.filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, rows);
  for (const [k, t] of top) process.stdout.write(`${((100 * t) / whole).toFixed(1).padStart(6)}%  ${k}\n`);
}

const breakdown = categoriseProfile(profile, options);
process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled (includes start-up with --cpu-prof), ${(breakdown.busyUs / 1e6).toFixed(1)} s busy\n`);
print('busy time by category (bench/cpu-categories.ts; natives under their caller, idle left out)', CPU_CATEGORIES.map((c) => [CPU_CATEGORY_LABELS[c], breakdown.byCategory[c]]), breakdown.busyUs);
print('self time by package / file (% of all samples)', [...selfByGroup], total);
print('self time by function (% of busy time; natives under their caller)', breakdown.functions.map((f) => [f.label, f.selfUs]), breakdown.busyUs);
print('inclusive time, our code and request-path libraries (% of all samples)', [...inclusive], total, (k) =>
  /\s(src\/|node_modules\/(drizzle-orm|better-sqlite3|fastify|@fastify|@noble|@scure|viem)\/)/.test(k),
);
