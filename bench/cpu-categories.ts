/**
 * Where a V8 CPU profile's time went, by the parts of the stack a sale's cost is argued about: our
 * code, Fastify, SQLite, crypto, the garbage collector, Node's runtime and the rest. Shared by the
 * `sessions` section (which profiles the core itself) and bench/profile-summary.ts (a --cpu-prof file).
 *
 * The rules, in the order they are applied to each sample's node (its self time):
 * - `(idle)` is not busy time and counts nowhere; `(garbage collector)` is GC; `(program)` (V8 and
 *   native code outside any JS frame) and `runMicrotasks` are the Node runtime.
 * - A frame with a URL is placed by the file its code came from. In a server bundle
 *   (node_modules/.cache/stablepos/*.mjs, bin/compiled.mjs) that file is read off the `// <path>`
 *   comment esbuild writes before each module's code; under tsx the URL is the file itself.
 *   src/ is our code (bench/ is shown apart), node:internal/crypto/… and the crypto packages are
 *   crypto, node:… is the Node runtime, packages go by name (FASTIFY, SQLITE, CRYPTO below).
 * - A native frame (no URL: a C++ binding such as better-sqlite3's `run`, `writev`, `randomFillSync`'s)
 *   takes the category of its nearest ancestor with a URL, so SQLite's C time under drizzle counts as
 *   SQLite. One exception: better-sqlite3's statement and database methods (SQLITE_NATIVE_METHODS)
 *   called straight from our code (a repository calling `stmt.run()`) are SQLite work, not ours.
 * - Samples inside node:inspector (the profiler's own Profiler.start/stop calls, when the profile is
 *   taken from inside the process) are the measurement, not the server: left out like `(idle)`.
 * - Anything else (other packages, a native frame with no ancestor with a URL, `(root)`) is "other",
 *   so the shares add up to 100 % of the busy time.
 */

/** The categories, in the order the report prints them. */
export const CPU_CATEGORIES = ['ours', 'bench', 'fastify', 'sqlite', 'crypto', 'gc', 'node', 'other'] as const;
export type CpuCategory = (typeof CPU_CATEGORIES)[number];

export const CPU_CATEGORY_LABELS: Record<CpuCategory, string> = {
  ours: 'our code (src/)',
  bench: 'bench harness (bench/)',
  fastify: 'Fastify',
  sqlite: 'SQLite (better-sqlite3, drizzle)',
  crypto: 'crypto',
  gc: 'GC',
  node: 'Node runtime',
  other: 'other',
};

/**
 * Fastify and what it runs on every request: the packages the issue names, and Fastify's own runtime
 * dependencies (its logger stub, warning, clone, cache, queue, query-string and content-type helpers),
 * which exist only because Fastify does.
 */
const FASTIFY = new Set([
  'fastify', 'find-my-way', 'fast-json-stringify', 'ajv', 'ajv-formats', 'secure-json-parse', 'avvio', 'fast-uri',
  'light-my-request', 'pino', '@sinclair/typebox',
  'abstract-logging', 'process-warning', 'rfdc', 'toad-cache', 'fastq', 'reusify', 'fast-querystring',
  'fast-decode-uri-component', 'safe-regex2', 'ret', 'fast-content-type-parse', 'json-schema-ref-resolver',
  'fast-deep-equal', 'json-schema-traverse', '@lukeed/ms', 'ipaddr.js',
]);
const SQLITE = new Set(['better-sqlite3', 'drizzle-orm']);
const CRYPTO = new Set(['secp256k1']);
const CRYPTO_SCOPES = ['@noble/', '@scure/'];

/** better-sqlite3's native Statement and Database methods: SQLite work even when our code calls them directly. */
export const SQLITE_NATIVE_METHODS = new Set(['run', 'get', 'all', 'iterate', 'exec', 'prepare', 'pragma']);

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, as V8 reports it. */
  lineNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

/** The parts of a V8 `.cpuprofile` (Profiler.stop's `profile`) read here. */
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  /** µs since the previous sample, one per sample. */
  timeDeltas: number[];
}

/**
 * Which module of a bundle each line belongs to: esbuild writes `// <path relative to the build's
 * working directory>` at column 0 before each module's code. Read once per bundle; a lookup is a
 * binary search.
 */
export class BundleMap {
  private constructor(
    /** 1-based line of each module's comment, ascending. */
    private readonly lines: number[],
    private readonly files: string[],
  ) {}

  static fromText(text: string): BundleMap {
    const lines: number[] = [];
    const files: string[] = [];
    const comment = /^\/\/ ((?:[\w@.-]+\/)*[\w@.-]+\.(?:[cm]?[jt]sx?|json|node))$/;
    text.split('\n').forEach((line, i) => {
      const m = comment.exec(line.trimEnd());
      if (m?.[1]) {
        lines.push(i + 1);
        files.push(m[1]);
      }
    });
    return new BundleMap(lines, files);
  }

  /** How many modules the bundle holds (comments found). */
  get modules(): number {
    return this.lines.length;
  }

  /** The source file of 1-based bundle line `line`, or undefined before the first module (esbuild's helpers). */
  fileAt(line: number): string | undefined {
    let lo = 0;
    let hi = this.lines.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.lines[mid] as number) <= line) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? undefined : this.files[found];
  }
}

/**
 * The file name of a bundle bin/compiled.mjs wrote (`bench_servers_core.mjs`), from a profile URL or a
 * path, or undefined for any other file. Bundles are known by name: node_modules is a symlink in a
 * git worktree, and the profile's URL is the real path.
 */
export function bundleName(urlOrPath: string): string | undefined {
  // node_modules/.cache/stablepos/<checkout's hash>/<name>.mjs (bin/compiled.mjs keeps each checkout's apart).
  return /\/node_modules\/\.cache\/stablepos\/(?:[0-9a-f]+\/)?([^/]+\.mjs)$/.exec(urlOrPath)?.[1];
}

/** Where a frame's code came from, shortened: `src/…`, `bench/…`, `node_modules/<pkg>/…`, `node:…`, or the URL. */
export interface FrameSource {
  file: string;
  /** 1-based line in `file`, or in the bundle when `inBundle` (a bundle keeps no line of its sources). */
  line: number;
  inBundle: boolean;
}

export interface SourceOptions {
  /** file:///…/ of the repository, to shorten our own files' URLs (under tsx). */
  repoRoot: string;
  /** A bundle's line map by its file name (bundleName); a bundle missing here is placed in "other". */
  bundles: ReadonlyMap<string, BundleMap>;
}

export function frameSource(frame: CallFrame, options: SourceOptions): FrameSource {
  const line = frame.lineNumber + 1;
  const name = bundleName(frame.url);
  if (name) return { file: options.bundles.get(name)?.fileAt(line) ?? frame.url, line, inBundle: true };
  const nm = frame.url.lastIndexOf('/node_modules/');
  if (nm >= 0) return { file: frame.url.slice(nm + 1), line, inBundle: false };
  if (frame.url.startsWith(options.repoRoot)) return { file: frame.url.slice(options.repoRoot.length), line, inBundle: false };
  return { file: frame.url, line, inBundle: false };
}

/** The category of a source file as frameSource shortens it. */
export function categoryOfFile(file: string): CpuCategory {
  if (file.startsWith('src/')) return 'ours';
  if (file.startsWith('bench/')) return 'bench';
  if (file.startsWith('node:internal/crypto/') || file === 'node:crypto') return 'crypto';
  if (file.startsWith('node:')) return 'node';
  const nm = file.lastIndexOf('node_modules/');
  const pkg = nm < 0 ? undefined : /^(?:@[^/]+\/)?[^/]+/.exec(file.slice(nm + 'node_modules/'.length))?.[0];
  if (!pkg) return 'other';
  if (pkg.startsWith('@fastify/') || FASTIFY.has(pkg)) return 'fastify';
  if (SQLITE.has(pkg)) return 'sqlite';
  if (CRYPTO.has(pkg) || CRYPTO_SCOPES.some((scope) => pkg.startsWith(scope))) return 'crypto';
  return 'other';
}

/** One function's self time, for the top-N list. */
export interface FunctionTime {
  /** `name  file:line`; a native frame is `name [native]` at its nearest ancestor with a URL. */
  label: string;
  category: CpuCategory;
  selfUs: number;
}

export interface CpuBreakdown {
  /** Busy µs (every sample but `(idle)`) per category; they add up to busyUs. */
  byCategory: Record<CpuCategory, number>;
  busyUs: number;
  idleUs: number;
  /** µs in node:inspector's own calls (taking the profile), left out of busyUs too. */
  profilerUs: number;
  /** Samples taken (idle included). */
  samples: number;
  /** Self time per function, largest first. */
  functions: FunctionTime[];
}

const SPECIAL: Record<string, CpuCategory | 'idle'> = {
  '(idle)': 'idle',
  '(garbage collector)': 'gc',
  '(program)': 'node',
  runMicrotasks: 'node',
  '(root)': 'other',
};

/** Self time of every sample by category (the rules at the top of this file), and per function. */
export function categoriseProfile(profile: CpuProfile, options: SourceOptions): CpuBreakdown {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n);

  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const byCategory = Object.fromEntries(CPU_CATEGORIES.map((c) => [c, 0])) as Record<CpuCategory, number>;
  const byFunction = new Map<string, FunctionTime>();
  let idleUs = 0;
  let profilerUs = 0;
  const isProfiler = (n: ProfileNode) => n.callFrame.url.startsWith('node:inspector');
  const underProfiler = (n: ProfileNode) => {
    for (let cur: ProfileNode | undefined = n; cur; cur = parentOf.get(cur.id)) if (isProfiler(cur)) return true;
    return false;
  };
  const sourceLabel = (s: FrameSource) => (s.inBundle ? `${s.file} (bundle line ${s.line})` : `${s.file}:${s.line}`);
  for (const [id, us] of selfUs) {
    const node = nodes.get(id);
    if (!node) continue;
    const { functionName, url } = node.callFrame;
    let category: CpuCategory;
    let label: string;
    const special = url ? undefined : SPECIAL[functionName];
    if (special === 'idle') {
      idleUs += us;
      continue;
    } else if (underProfiler(node)) {
      profilerUs += us;
      continue;
    } else if (special) {
      category = special;
      label = functionName;
    } else if (url) {
      const source = frameSource(node.callFrame, options);
      category = categoryOfFile(source.file);
      label = `${functionName || '(anonymous)'}  ${sourceLabel(source)}`;
    } else {
      // Native: the nearest ancestor with a URL decides, but better-sqlite3's methods called from our code are SQLite's.
      let ancestor = parentOf.get(id);
      while (ancestor && !ancestor.callFrame.url) ancestor = parentOf.get(ancestor.id);
      if (!ancestor) {
        category = 'other';
        label = `${functionName} [native]`;
      } else {
        const source = frameSource(ancestor.callFrame, options);
        category = categoryOfFile(source.file);
        if (category === 'ours' && SQLITE_NATIVE_METHODS.has(functionName)) category = 'sqlite';
        label = `${functionName} [native]  under ${sourceLabel(source)}`;
      }
    }
    byCategory[category] += us;
    const fn = byFunction.get(label) ?? { label, category, selfUs: 0 };
    fn.selfUs += us;
    byFunction.set(label, fn);
  }
  const busyUs = CPU_CATEGORIES.reduce((sum, c) => sum + byCategory[c], 0);
  const functions = [...byFunction.values()].sort((a, b) => b.selfUs - a.selfUs);
  return { byCategory, busyUs, idleUs, profilerUs, samples: profile.samples.length, functions };
}
