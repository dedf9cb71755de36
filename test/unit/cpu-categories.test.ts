import { describe, expect, test } from 'vitest';
import { BundleMap, bundleName, categoriseProfile, categoryOfFile, CPU_CATEGORIES, type CpuProfile, type ProfileNode } from '../../bench/cpu-categories.js';

// The bench's CPU-share table (bench/cpu-categories.ts): a synthetic bundle as esbuild writes it and
// a synthetic profile whose every node's category is known.

const BUNDLE = [
  'import { createRequire } from "node:module";', // 1: esbuild's helpers, before any module
  'var __defProp = Object.defineProperty;', // 2
  '', // 3
  '// node_modules/@noble/curves/esm/ed25519.js', // 4
  'function getPublicKey(k) {', // 5
  '  return k;', // 6
  '}', // 7
  '', // 8
  '// src/services/session-service.ts', // 9
  'async function createSession() {', // 10
  '  // src/not-a-module-comment.ts is indented: code, not a module', // 11
  '}', // 12
  '// bench/servers/core.ts', // 13
  'await start();', // 14
].join('\n');

const REPO = 'file:///work/stablepos/';
// bin/compiled.mjs writes each checkout's bundles in a folder named by a hash of its path.
const BUNDLE_URL = 'file:///work/main/node_modules/.cache/stablepos/558dbe260b59/bench_servers_core.mjs';
const bundles = new Map([['bench_servers_core.mjs', BundleMap.fromText(BUNDLE)]]);
const options = { repoRoot: REPO, bundles };

describe('BundleMap', () => {
  test('maps a bundle line to the module whose comment precedes it', () => {
    const map = BundleMap.fromText(BUNDLE);
    expect(map.modules).toBe(3);
    expect(map.fileAt(1)).toBeUndefined();
    expect(map.fileAt(5)).toBe('node_modules/@noble/curves/esm/ed25519.js');
    expect(map.fileAt(10)).toBe('src/services/session-service.ts');
    expect(map.fileAt(11)).toBe('src/services/session-service.ts');
    expect(map.fileAt(14)).toBe('bench/servers/core.ts');
  });
});

test('a bundle is known by its file name, in a checkout\'s folder of the cache or at its root', () => {
  expect(bundleName(BUNDLE_URL)).toBe('bench_servers_core.mjs');
  expect(bundleName('/work/wt-x/node_modules/.cache/stablepos/bench_servers_core.mjs')).toBe('bench_servers_core.mjs');
  expect(bundleName('file:///work/main/node_modules/fastify/lib/route.js')).toBeUndefined();
});

describe('categoryOfFile', () => {
  test.each([
    ['src/db/sqlite-repository.ts', 'ours'],
    ['bench/servers/core.ts', 'bench'],
    ['node_modules/fastify/lib/route.js', 'fastify'],
    ['node_modules/@fastify/rate-limit/index.js', 'fastify'],
    ['node_modules/find-my-way/index.js', 'fastify'],
    ['node_modules/@sinclair/typebox/build/cjs/value/check.js', 'fastify'],
    ['node_modules/drizzle-orm/sqlite-core/session.js', 'sqlite'],
    ['node_modules/better-sqlite3/lib/methods/transaction.js', 'sqlite'],
    ['node_modules/viem/node_modules/@noble/hashes/esm/sha3.js', 'crypto'],
    ['node_modules/@scure/bip32/index.js', 'crypto'],
    ['node:internal/crypto/random', 'crypto'],
    ['node:internal/streams/writable', 'node'],
    ['node:events', 'node'],
    ['node_modules/viem/_esm/utils/encoding/toHex.js', 'other'],
    ['file:///usr/lib/something.js', 'other'],
  ])('%s is %s', (file, category) => {
    expect(categoryOfFile(file)).toBe(category);
  });
});

/** A profile from a tree of [id, functionName, url, line, children] and self µs per node id. */
function profileOf(tree: [number, string, string, number, number[]][], selfUs: Record<number, number>): CpuProfile {
  const nodes: ProfileNode[] = tree.map(([id, functionName, url, lineNumber, children]) => ({ id, callFrame: { functionName, url, lineNumber }, children }));
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  // Each node's self time as 10 µs samples, interleaved as a sampler would see them.
  for (const [id, us] of Object.entries(selfUs)) for (let t = 0; t < us; t += 10) {
    samples.push(Number(id));
    timeDeltas.push(10);
  }
  return { nodes, samples, timeDeltas };
}

const OURS = `${REPO}src/db/sqlite-repository.ts`;
const DRIZZLE = 'file:///work/main/node_modules/drizzle-orm/better-sqlite3/session.js';
const PROFILE = profileOf(
  [
    [1, '(root)', '', -1, [2, 3, 4, 5, 6, 13, 18]],
    [2, '(idle)', '', -1, []],
    [3, '(garbage collector)', '', -1, []],
    [4, '(program)', '', -1, []],
    [5, 'processTicksAndRejections', 'node:internal/process/task_queues', 94, [7]],
    [6, 'writev', '', -1, []], // native with no ancestor with a URL
    [7, 'runMicrotasks', '', -1, [8]],
    [8, 'createSession', BUNDLE_URL, 9, [9, 10, 11]], // bundle line 10: session-service.ts
    [9, 'getPublicKey', BUNDLE_URL, 4, []], // bundle line 5: @noble/curves
    [10, 'insert', OURS, 40, [12, 14, 15]],
    [11, 'execute', DRIZZLE, 100, [16]],
    [12, 'run', '', -1, []], // better-sqlite3's native run, called straight from our repository
    [13, 'init', BUNDLE_URL, 0, []], // esbuild's helpers
    [14, 'randomFillSync', '', -1, []], // a native called from our code that is not SQLite's
    [15, 'anonymous', '', -1, [17]], // native under native under ours
    [16, 'all', '', -1, []], // SQLite's C time under drizzle
    [17, 'get', '', -1, []],
    [18, 'post', 'node:inspector/promises', 10, [19]], // the profiler's own call
    [19, 'dispatch', '', -1, []],
  ],
  { 2: 500, 3: 80, 4: 30, 5: 20, 6: 10, 7: 10, 8: 100, 9: 300, 10: 50, 11: 40, 12: 200, 13: 10, 14: 60, 15: 20, 16: 70, 17: 30, 18: 10, 19: 40 },
);

describe('categoriseProfile', () => {
  const result = categoriseProfile(PROFILE, options);

  test('puts each node\'s self time in its category, natives under their nearest ancestor with a URL', () => {
    expect(result.byCategory).toEqual({
      ours: 100 + 50 + 60 + 20, // createSession (mapped through the bundle), insert, randomFillSync and anonymous under ours
      bench: 0,
      fastify: 0,
      sqlite: 40 + 200 + 70 + 30, // drizzle, `run` called by ours (by name), `all` under drizzle, `get` under a native under ours
      crypto: 300, // getPublicKey, mapped through the bundle
      gc: 80,
      node: 30 + 20 + 10, // (program), processTicksAndRejections, runMicrotasks
      other: 10 + 10, // writev with no ancestor with a URL; esbuild's helpers
    });
  });

  test('leaves idle and the profiler\'s own calls out, and the shares add up to 100 % of the busy time', () => {
    expect(result.idleUs).toBe(500);
    expect(result.profilerUs).toBe(50);
    expect(result.samples).toBe(PROFILE.samples.length);
    const total = CPU_CATEGORIES.reduce((sum, c) => sum + result.byCategory[c], 0);
    expect(result.busyUs).toBe(total);
    expect(result.busyUs).toBe(PROFILE.timeDeltas.reduce((a, b) => a + b, 0) - 500 - 50);
  });

  test('names functions with their source file, and natives with where they were called from', () => {
    const top = result.functions.slice(0, 3).map((f) => [f.label, f.category, f.selfUs]);
    expect(top).toEqual([
      ['getPublicKey  node_modules/@noble/curves/esm/ed25519.js (bundle line 5)', 'crypto', 300],
      ['run [native]  under src/db/sqlite-repository.ts:41', 'sqlite', 200],
      ['createSession  src/services/session-service.ts (bundle line 10)', 'ours', 100],
    ]);
  });

  test('a native whose nearest ancestor with a URL is ours counts as ours unless it is a better-sqlite3 method', () => {
    // `get` sits under a native under ours: its nearest ancestor with a URL is ours, and it is one of better-sqlite3's names.
    const get = result.functions.find((f) => f.label.startsWith('get [native]'));
    expect(get?.category).toBe('sqlite');
    const anonymous = result.functions.find((f) => f.label.startsWith('anonymous [native]'));
    expect(anonymous?.category).toBe('ours');
  });
});
