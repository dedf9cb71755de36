/**
 * CSV injection (OWASP): every text cell of both CSV exports that a spreadsheet could run as a
 * formula (starting with =, +, -, @, tab or CR) comes out with a leading `'`; plain decimal numbers
 * such as a debit's `-1.50` stay numbers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

/** Each of OWASP's formula triggers, with the classic payloads. */
const DANGEROUS = ['=1+1', '+1+1', "-1+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)*cmd|\' /C calc\'!A0', '\t=1+1', '\r=1+1', '=HYPERLINK("http://evil.example","x")'];

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

/** Rows as objects keyed by the header line. */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t?.stop();
});

describe('GET /v1/payment/sessions.csv', () => {
  test('description and client_reference_id starting with a formula trigger come out quoted with a leading \'', async () => {
    const made = new Map<string, string>();
    for (const payload of DANGEROUS) {
      const res = await t.api('POST', '/v1/payment/sessions', {
        body: shapeA(t.merchantId, '9.99', 'USD', { description: payload, client_reference_id: payload }),
      });
      expect(res.status, res.text).toBe(200);
      made.set(res.body.data.session_id, payload);
    }
    const csv = await t.api('GET', '/v1/payment/sessions.csv?amount=9.99');
    expect(csv.status).toBe(200);
    const rows = records(csv.text);
    expect(rows.map((r) => r.session_id).sort()).toEqual([...made.keys()].sort());
    for (const row of rows) {
      const payload = made.get(row.session_id!)!;
      expect(row.description, JSON.stringify(payload)).toBe(`'${payload}`);
      expect(row.client_reference_id, JSON.stringify(payload)).toBe(`'${payload}`);
      expect(row.amount).toBe('9.99');
    }
  });

  test('a description that is a plain decimal number, negative included, stays a number; ordinary text is untouched', async () => {
    for (const description of ['-1.50', '42', 'Table 4 - terrace', 'a=b']) {
      await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '8.88', 'USD', { description }) });
    }
    const rows = records((await t.api('GET', '/v1/payment/sessions.csv?amount=8.88')).text);
    expect(rows.map((r) => r.description).sort()).toEqual(['-1.50', '42', 'Table 4 - terrace', 'a=b'].sort());
  });
});

describe('GET /v1/balance/transactions.csv', () => {
  test('text cells starting with a formula trigger get a leading \'; negative amounts stay numbers', async () => {
    // Ledger entries come from payments on a chain; written here through the ledger service on the
    // same data dir (as the CLI writes while the app runs), with descriptions no chain would give.
    const s = await createServices(resolveConfig({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }));
    try {
      await s.tx(async () => {
        for (const [i, description] of DANGEROUS.entries()) {
          await s.ledger.postInTransaction({
            merchantId: t.merchantId,
            livemode: false,
            type: 'adjustment',
            currency: 'EUR',
            amountMinor: -150n - BigInt(i),
            feeMinor: 0n,
            sourceId: `${DANGEROUS[(i + 1) % DANGEROUS.length]}`,
            description,
          });
        }
      });
    } finally {
      await s.close();
    }
    const csv = await t.api('GET', '/v1/balance/transactions.csv?type=adjustment');
    expect(csv.status).toBe(200);
    const rows = records(csv.text).reverse(); // newest first in the export
    expect(rows).toHaveLength(DANGEROUS.length);
    rows.forEach((row, i) => {
      expect(row.description, JSON.stringify(DANGEROUS[i])).toBe(`'${DANGEROUS[i]}`);
      expect(row.source).toBe(`'${DANGEROUS[(i + 1) % DANGEROUS.length]}`);
      expect(row.amount).toBe(`-1.${50 + i}`);
      expect(row.net).toBe(`-1.${50 + i}`);
      expect(row.fee).toBe('0.00');
    });
  });
});
