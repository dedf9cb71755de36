import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
// @ts-expect-error plain-JS helper of bin/stablepos.mjs (no declarations)
import { compiledEntry } from '../../bin/compiled.mjs';

// `stablepos` runs the core compiled by bin/compiled.mjs: it must keep each module's own
// import.meta.url (the core finds its migrations beside its code) and rebuild after a change.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
mkdirSync(join(repoRoot, 'test-artifacts'), { recursive: true });
const dir = mkdtempSync(join(repoRoot, 'test-artifacts', 'compiled-entry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const compile = (entry: string): Promise<string> => compiledEntry(relative(repoRoot, entry)) as Promise<string>;

test('each module keeps its own import.meta.url, and a changed source is rebuilt', async () => {
  const entry = join(dir, 'entry.ts');
  mkdirSync(join(dir, 'nested'));
  writeFileSync(join(dir, 'nested', 'where.ts'), 'export const where: string = import.meta.url;\n');
  writeFileSync(entry, "import { where } from './nested/where.js';\nexport const value = 1;\nexport const urls = [import.meta.url, where];\n");

  const first = await compile(entry);
  const a = (await import(`${first}?v=1`)) as { value: number; urls: string[] };
  expect(a.value).toBe(1);
  expect(a.urls).toEqual([pathToFileURL(entry).href, pathToFileURL(join(dir, 'nested', 'where.ts')).href]);
  expect(first).toContain('node_modules/.cache/stablepos/');

  // Unchanged: the same file, not rebuilt.
  const builtAt = statSync(fileURLToPath(first)).mtimeMs;
  await new Promise((r) => setTimeout(r, 20));
  expect(await compile(entry)).toBe(first);
  expect(statSync(fileURLToPath(first)).mtimeMs).toBe(builtAt);

  writeFileSync(entry, "import { where } from './nested/where.js';\nexport const value = 22;\nexport const urls = [import.meta.url, where];\n");
  const b = (await import(`${await compile(entry)}?v=2`)) as { value: number };
  expect(b.value).toBe(22);
});
