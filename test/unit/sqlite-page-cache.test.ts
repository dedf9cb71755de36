import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/db/sqlite/open-database.js';

// The app's SQLite connection keeps a 2 MB page cache, SQLite's default, not the 16 MB better-sqlite3
// is built with: a core creating sessions fills the cache within tens of thousands of them and keeps
// it for its life (docs/development.md, Benchmarks, the memory paragraph).
test('the connection the core opens has a 2 MB page cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stablepos-page-cache-'));
  const db = openDatabase(join(dir, 'db.sqlite'));
  try {
    expect(db.$client.pragma('cache_size', { simple: true })).toBe(-2000);
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
