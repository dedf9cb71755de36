/**
 * docs/errors.md lists every error an integrator can get. It is written by hand, so this keeps it
 * complete and true against `ERROR_CODES` (src/domain/errors.ts): a new code without a section, a
 * section for a code that is gone, or a status or type that differs fails here.
 */
import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { documentedCodes, documentedTypes, readErrorsDoc } from '../helpers/errors-doc.js';

const doc = readErrorsDoc();
const sections = documentedCodes(doc);
const codes: Record<string, { status: number; type: string }> = ERROR_CODES;

describe('docs/errors.md against ERROR_CODES', () => {
  test('every code has a section', () => {
    const documented = new Set(sections.map((s) => s.code));
    expect(Object.keys(codes).filter((code) => !documented.has(code)), 'codes without a "### `code`" section under "## Codes"').toEqual([]);
  });

  test('every section is a code that exists, documented once', () => {
    expect(sections.map((s) => s.code).filter((code) => !(code in codes)), 'sections for codes that ERROR_CODES does not have').toEqual([]);
    const seen = sections.map((s) => s.code);
    expect(seen.filter((code, i) => seen.indexOf(code) !== i), 'codes documented twice').toEqual([]);
  });

  test('each section opens with the status and type ERROR_CODES gives the code', () => {
    for (const { code, status, type } of sections.filter((s) => s.code in codes)) {
      expect({ status, type }, `"### \`${code}\`": its first line must be "Status: ${codes[code]!.status} · Type: ${codes[code]!.type}"`).toEqual(codes[code]);
    }
  });

  test('each section has an example body in the contract\'s shape, of its own code and type', () => {
    for (const { code, examples } of sections.filter((s) => s.code in codes)) {
      expect(examples.length, `"### \`${code}\`" has no \`\`\`json example`).toBeGreaterThan(0);
      for (const example of examples) {
        expect(example, `"### \`${code}\`" example`).toEqual({
          error: { type: codes[code]!.type, code, message: expect.any(String), param: expect.toSatisfy((p) => p === null || typeof p === 'string') },
        });
      }
    }
  });

  test('the types table names every type once, with the statuses its codes have', () => {
    const expected = new Map<string, Set<number>>();
    for (const { status, type } of Object.values(codes)) expected.set(type, (expected.get(type) ?? new Set()).add(status));
    const rows = documentedTypes(doc);
    expect(rows.map((r) => r.type).sort()).toEqual([...expected.keys()].sort());
    for (const { type, statuses } of rows) expect(statuses, `statuses of ${type}`).toEqual([...expected.get(type)!].sort((a, b) => a - b));
  });
});

describe('the parser reads what it should', () => {
  const page = [
    '## Types, and whether to retry',
    '| `api_error` | 500, 503 | ours | yes |',
    '### `Retry-After`',
    '## Codes',
    '### `internal_error`',
    '',
    'Status: 500 · Type: api_error',
    '```json',
    '{"error":{"type":"api_error","code":"internal_error","message":"x","param":null}}',
    '```',
    '### `rate_unavailable`',
    'It happens when… Status: 503 · Type: api_error',
    '### Not a code',
    'Status: 400 · Type: invalid_request_error',
  ].join('\n');

  test('codes come from "### `code`" headings under "## Codes" only, with their first line and examples', () => {
    expect(documentedCodes(page)).toEqual([
      { code: 'internal_error', status: 500, type: 'api_error', examples: [{ error: { type: 'api_error', code: 'internal_error', message: 'x', param: null } }] },
      // A status written anywhere but on the section's first line does not count.
      { code: 'rate_unavailable', status: undefined, type: undefined, examples: [] },
    ]);
    expect(documentedTypes(page)).toEqual([{ type: 'api_error', statuses: [500, 503] }]);
  });
});
