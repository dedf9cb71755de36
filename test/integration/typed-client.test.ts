/**
 * A client generated from the served document works: openapi-typescript turns /docs/json into types
 * (in a temp dir), the TypeScript compiler checks a committed client program against them
 * (test/fixtures/typed-client/session-life.ts, openapi-fetch), and the program runs a session's life
 * against a real core.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const PROGRAM = fileURLToPath(new URL('../fixtures/typed-client/session-life.ts', import.meta.url));

let t: TestCore;
let dir: string;
beforeAll(async () => {
  t = await startTestCore();
  dir = mkdtempSync(join(tmpdir(), 'stablepos-typed-client-'));
});
afterAll(async () => {
  await t?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The compiler's complaints about `file`, with `stablepos-api` resolved to the generated types. */
function typeErrors(file: string, generated: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    noEmit: true,
    paths: { 'stablepos-api': [generated] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

test('types generated from /docs/json type-check a client program, which runs a session\'s life against the app', async () => {
  const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as OpenAPI3;
  const generated = join(dir, 'stablepos-api.d.ts');
  writeFileSync(generated, astToString(await openapiTS(doc)));

  expect(typeErrors(PROGRAM, generated)).toEqual([]);

  // Imported by a path the compiler does not follow: the project's own type-check never sees `stablepos-api`.
  const { sessionLife } = (await import(/* @vite-ignore */ PROGRAM)) as { sessionLife: (baseUrl: string, apiKey: string, merchantId: string) => Promise<unknown> };
  const life = await sessionLife(t.url, t.testKey, t.merchantId);
  expect(life).toEqual({
    created: { id: expect.stringMatching(/^ps_/), status: 'PENDING', currency: 'USD', exception: null, resolvedBy: null },
    read: 'PENDING',
    listed: true,
    canceled: 'CANCELED',
    cancelAgain: { status: 409, code: 'invalid_state' },
    replayed: true,
  });
}, 60_000); // the compiler alone takes several seconds here: a budget, not a measure
