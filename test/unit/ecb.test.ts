import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ecbPublicationTime, ecbUsdPrices, EcbParseError, parseEcbDaily } from '../../src/domain/ecb.js';
import { FIAT_CURRENCIES } from '../../src/domain/currencies.js';
import { formatRate, UsdPriceSource, type UsdPrice } from '../../src/domain/rates.js';
import type { Currency } from '../../src/domain/currencies.js';

const recorded = readFileSync(new URL('../fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');

const doc = (cubes: string, time = "time='2024-06-14'") => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube><Cube ${time}>${cubes}</Cube></Cube>
</gesmes:Envelope>`;

describe('parseEcbDaily', () => {
  test('reads the recorded daily document: its date, 16:00 Frankfurt time, 30 rates per EUR', () => {
    const daily = parseEcbDaily(recorded);
    expect(daily.date).toBe('2024-06-14');
    expect(daily.asOf.toISOString()).toBe('2024-06-14T14:00:00.000Z'); // 16:00 CEST
    expect(daily.perEur.size).toBe(30);
    expect(formatRate(daily.perEur.get('USD')!)).toBe('1.0686');
    expect(formatRate(daily.perEur.get('GBP')!)).toBe('0.8438');
    expect(daily.perEur.has('VND')).toBe(false);
  });

  test('publication time is 16:00 CET in winter, CEST in summer', () => {
    expect(ecbPublicationTime('2024-01-15').toISOString()).toBe('2024-01-15T15:00:00.000Z');
    expect(ecbPublicationTime('2024-07-15').toISOString()).toBe('2024-07-15T14:00:00.000Z');
  });

  test('accepts double quotes, comments and no XML declaration', () => {
    const daily = parseEcbDaily(`<!-- c --><Envelope><Cube><Cube time="2024-06-14"><Cube currency="USD" rate="1.07"/></Cube></Cube></Envelope>`);
    expect(formatRate(daily.perEur.get('USD')!)).toBe('1.07');
  });

  test.each([
    ['an empty document', ''],
    ['plain text', 'Service unavailable'],
    ['an HTML error page', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['a truncated document', recorded.slice(0, recorded.length / 2)],
    ['a document cut before its end tag', recorded.replace('</gesmes:Envelope>', '')],
    ['no Cube', doc('').replace(/<Cube>.*<\/Cube>/s, '')],
    ['an empty day', doc('')],
    ['no date', doc("<Cube currency='USD' rate='1.07'/>", '')],
    ['a bad date', doc("<Cube currency='USD' rate='1.07'/>", "time='2024-02-30'")],
    ['a date that is not YYYY-MM-DD', doc("<Cube currency='USD' rate='1.07'/>", "time='14/06/2024'")],
    ['two days', doc("<Cube currency='USD' rate='1.07'/></Cube><Cube time='2024-06-13'><Cube currency='USD' rate='1.07'/>")],
    ['a negative rate', doc("<Cube currency='USD' rate='-1.07'/>")],
    ['a zero rate', doc("<Cube currency='USD' rate='0'/>")],
    ['an exponent', doc("<Cube currency='USD' rate='1e2'/>")],
    ['a comma', doc("<Cube currency='USD' rate='1,07'/>")],
    ['an empty rate', doc("<Cube currency='USD' rate=''/>")],
    ['spaces in a rate', doc("<Cube currency='USD' rate=' 1.07'/>")],
    ['13 decimals', doc("<Cube currency='USD' rate='1.0000000000001'/>")],
    ['a lower-case code', doc("<Cube currency='usd' rate='1.07'/>")],
    ['a duplicate currency', doc("<Cube currency='USD' rate='1.07'/><Cube currency='USD' rate='1.08'/>")],
    ['a missing rate attribute', doc("<Cube currency='USD'/>")],
    ['an extra attribute', doc("<Cube currency='USD' rate='1.07' extra='1'/>")],
    ['a repeated attribute', doc("<Cube currency='USD' rate='1.07' rate='1.08'/>")],
    ['no USD', doc("<Cube currency='GBP' rate='0.84'/>")],
    ['text among the rates', doc("<Cube currency='USD' rate='1.07'/>oops")],
    ['an unquoted attribute', doc('<Cube currency=USD rate=1.07/>')],
    ['mismatched tags', doc("<Cube currency='USD' rate='1.07'></Cub>")],
    ['an entity', doc("<Cube currency='USD' rate='1.07'/>&amp;")],
    ['a DOCTYPE', `<!DOCTYPE x [<!ENTITY e "1">]>${doc("<Cube currency='USD' rate='1.07'/>")}`],
    ['two roots', `${doc("<Cube currency='USD' rate='1.07'/>")}<Envelope/>`],
  ])('refuses %s', (_what, xml) => {
    expect(() => parseEcbDaily(xml)).toThrow(EcbParseError);
  });
});

describe('USD prices through EUR', () => {
  const daily = parseEcbDaily(recorded);
  const prices = ecbUsdPrices(daily, 4 * 86_400_000);
  const at = (ms: number) => new UsdPriceSource('ecb', (c) => prices.get(c) ?? par(c), () => ms);
  const par = (c: Currency): UsdPrice | null =>
    c === 'USD' || c === 'USDT' || c === 'USDC' ? { num: 1n, den: 1n, source: 'par', asOf: new Date(0), maxAgeMs: null } : null;
  const fresh = at(daily.asOf.getTime() + 3600_000);

  test('EUR is usdPerEur; every other currency usdPerEur / xPerEur; VND is absent', () => {
    expect(formatRate(fresh.rate('EUR', 'USD')!.scaled)).toBe('1.0686');
    expect(formatRate(fresh.rate('USD', 'EUR')!.scaled)).toBe('0.935803855511'); // 1 / 1.0686 = 0.9358038555118…, rounded down
    expect(formatRate(fresh.rate('EUR', 'GBP')!.scaled)).toBe('0.8438'); // the EUR leg cancels exactly
    expect(formatRate(fresh.rate('EUR', 'JPY')!.scaled)).toBe('168.18');
    expect(formatRate(fresh.rate('GBP', 'USDT')!.scaled)).toBe('1.266413842142'); // 1.0686 / 0.8438
    for (const c of FIAT_CURRENCIES) if (c !== 'VND') expect(prices.has(c) || c === 'USD', c).toBe(true);
    expect(prices.has('VND')).toBe(false);
    const vnd = fresh.lookup('EUR', 'VND');
    expect(vnd.rate).toBeUndefined();
    expect(vnd.unavailable).toMatchObject({ reason: 'missing', currency: 'VND' });
    expect(vnd.unavailable!.message).toMatch(/No EUR→VND rate/);
  });

  test('a pair carries its source and the date of its older leg; par legs do not name a source', () => {
    const r = fresh.rate('EUR', 'USDT')!;
    expect(r.source).toBe('ecb');
    expect(r.asOf).toEqual(daily.asOf);
    expect(fresh.rate('USD', 'USDC')!.source).toBe('par');
  });

  test('older than the max age, a price is stale and refused with its age', () => {
    const old = at(daily.asOf.getTime() + 4 * 86_400_000 + 1000);
    expect(old.rate('EUR', 'USDT')).toBeNull();
    const u = old.lookup('EUR', 'USDT').unavailable!;
    expect(u).toMatchObject({ reason: 'stale', currency: 'EUR', source: 'ecb', asOf: daily.asOf, maxAgeMs: 4 * 86_400_000 });
    expect(u.message).toMatch(/ecb rate for EUR is stale .*4 d 0 h old; at most 4 d 0 h/);
    // exactly at the limit it is still usable; never-stale legs are unaffected
    expect(at(daily.asOf.getTime() + 4 * 86_400_000).rate('EUR', 'USDT')).not.toBeNull();
    expect(old.rate('USD', 'USDT')).not.toBeNull();
  });
});
