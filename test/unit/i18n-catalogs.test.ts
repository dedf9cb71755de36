/**
 * The Spanish catalog is complete: for every English text, a Spanish one with the same placeholders,
 * and every plural in each language's own plural forms (Spanish has one, many, other; English one, other).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { resources } from '../../renderer/src/i18n/resources.js';

const dir = new URL('../../renderer/src/i18n/', import.meta.url);
const LANGUAGES = ['en', 'es'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else throw new Error(`${prefix}: not a text (${JSON.stringify(value)})`);
  return out;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|\$t\(([^)]+)\)|<(\d+|\w+)>/g)].map((m) => m[0].replace(/\s/g, '')).sort();

function catalog(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, dir), 'utf8')));
}

const namespaces = readdirSync(new URL('en/', dir)).map((f) => f.replace(/\.json$/, '')).sort();

test('every catalog file is loaded, in both languages', () => {
  for (const language of LANGUAGES) {
    expect(readdirSync(new URL(`${language}/`, dir)).map((f) => f.replace(/\.json$/, '')).sort()).toEqual(namespaces);
    expect(Object.keys(resources[language]).sort()).toEqual(namespaces);
  }
});

describe.each(namespaces)('namespace %s', (namespace) => {
  const en = catalog('en', namespace);
  const es = catalog('es', namespace);
  const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
  const bases = (c: Map<string, string>) => new Set([...c.keys()].map((k) => k.replace(PLURAL_SUFFIX, '')));

  test('Spanish has every English key and no other', () => {
    expect([...bases(es)].sort()).toEqual([...bases(en)].sort());
  });

  test('plurals have each language\'s own forms', () => {
    for (const [language, c] of [['en', en], ['es', es]] as const) {
      const plural = new Map<string, string[]>();
      for (const key of c.keys()) {
        const m = PLURAL_SUFFIX.exec(key);
        if (m) plural.set(key.slice(0, m.index), [...(plural.get(key.slice(0, m.index)) ?? []), m[1]!]);
      }
      for (const [base, forms] of plural) expect({ base, forms: forms.sort() }).toEqual({ base, forms: pluralForms(language) });
    }
  });

  test('no text is empty, and the Spanish uses the English placeholders', () => {
    for (const [key, text] of [...en, ...es]) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    for (const [key, text] of es) {
      const english = en.get(key) ?? en.get(key.replace(PLURAL_SUFFIX, '_other'));
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(english ?? '') });
    }
  });
});
