/**
 * The OpenAPI document served at /docs/json lists the error codes too: one shared error schema per
 * status (`#/components/schemas/Error409`), its `code` and `type` narrowed to that status's
 * (docs/api.md, "The OpenAPI document"). This keeps those lists, ERROR_CODES and docs/errors.md
 * telling a client the same thing.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { documentedCodes, readErrorsDoc } from '../helpers/errors-doc.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let doc: any;

beforeAll(async () => {
  t = await startTestCore();
  doc = await (await fetch(`${t.url}/docs/json`)).json();
});
afterAll(async () => t.stop());

/** status → its codes (sorted), from the document's `ErrorNNN` schemas. */
function codesByStatusInOpenApi(): Record<number, string[]> {
  const byStatus: Record<number, string[]> = {};
  for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
    const status = /^Error(\d{3})$/.exec(name)?.[1];
    if (status) byStatus[Number(status)] = [...schema.properties.error.properties.code.enum].sort();
  }
  return byStatus;
}

function codesByStatus(entries: { code: string; status: number | undefined }[]): Record<number, string[]> {
  const byStatus: Record<number, string[]> = {};
  for (const { code, status } of entries) (byStatus[status ?? 0] ??= []).push(code);
  for (const list of Object.values(byStatus)) list.sort();
  return byStatus;
}

test('the document\'s error schemas list exactly the codes of ERROR_CODES, each under its status, with its type', () => {
  const fromCodes = codesByStatus(Object.entries(ERROR_CODES).map(([code, spec]) => ({ code, status: spec.status })));
  expect(codesByStatusInOpenApi()).toEqual(fromCodes);
  for (const [code, spec] of Object.entries(ERROR_CODES)) {
    expect(doc.components.schemas[`Error${spec.status}`].properties.error.properties.type.enum, code).toContain(spec.type);
  }
});

test('the document\'s error codes are those docs/errors.md documents, under the same statuses', () => {
  expect(codesByStatusInOpenApi()).toEqual(codesByStatus(documentedCodes(readErrorsDoc())));
});
