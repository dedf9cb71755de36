import { describe, expect, test } from 'vitest';
import { csvField } from '../../src/http/csv.js';

describe('csvField', () => {
  test('a cell a spreadsheet could run as a formula gets a leading \', then RFC 4180 quoting', () => {
    expect(csvField("-1+cmd|' /C calc'!A0")).toBe("'-1+cmd|' /C calc'!A0");
    expect(csvField('-1.50+1')).toBe("'-1.50+1");
    expect(csvField('-1.5e3')).toBe("'-1.5e3");
    expect(csvField('-')).toBe("'-");
    expect(csvField('-.5')).toBe("'-.5");
    expect(csvField('+1.50')).toBe("'+1.50");
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('@A1')).toBe("'@A1");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
  });

  test('plain decimal numbers, negative ones included, and ordinary text are left as they are', () => {
    for (const plain of ['-1.50', '-1', '0.000001', '12', 'Table 4', 'a-b', '1-1', '']) expect(csvField(plain), plain).toBe(plain);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});
