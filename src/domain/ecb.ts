import { type Currency, FIAT_CURRENCIES } from './currencies.js';
import { parseRate, RATE_ONE, type UsdPrice } from './rates.js';

/**
 * The European Central Bank's daily euro foreign exchange reference rates
 * (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml): units of each currency per 1 EUR,
 * published on TARGET working days at about 16:00 CET.
 */
export const ECB_SOURCE = 'ecb';
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export interface EcbDaily {
  /** Publication date, `YYYY-MM-DD`. */
  readonly date: string;
  /** 16:00 Frankfurt time on that date: when the rates were set. */
  readonly asOf: Date;
  /** Units of the currency per 1 EUR, scaled by 10^12, keyed by ISO code (every code the ECB sent). */
  readonly perEur: ReadonlyMap<string, bigint>;
}

export class EcbParseError extends Error {
  constructor(message: string) {
    super(`ECB reference rates: ${message}`);
    this.name = 'EcbParseError';
  }
}

/** Longest document accepted: the daily file is about 1.5 kB. */
const MAX_LENGTH = 64 * 1024;
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:'([^'<&]*)'|"([^"<&]*)")/gy;

interface Element {
  name: string;
  attributes: Map<string, string>;
  children: Element[];
  text: string;
}

/** The rate text as the ECB writes it: digits, optionally a point and digits (no sign or exponent). */
const RATE_TEXT = /^\d+(?:\.\d+)?$/;

/**
 * Parses the daily reference-rate document strictly: well-formed nesting; exactly one dated
 * `<Cube time='YYYY-MM-DD'>` inside one `<Cube>`; inside it only `<Cube currency='XXX' rate='d.dddd'/>`
 * with a three-letter code, a positive decimal, no duplicates, and USD among them (every USD price
 * is derived through it). Anything else (truncated, garbage, an HTML error page) throws EcbParseError.
 */
export function parseEcbDaily(xml: string): EcbDaily {
  if (xml.length > MAX_LENGTH) throw new EcbParseError(`the document is longer than ${MAX_LENGTH} characters`);
  const root = parseXml(xml);
  if (root.name.split(':').pop() !== 'Envelope') throw new EcbParseError(`the root element is <${root.name}>, not an Envelope`);
  const outer = root.children.filter((e) => e.name === 'Cube');
  if (outer.length !== 1) throw new EcbParseError(`expected one <Cube> in the envelope, found ${outer.length}`);
  const cube = outer[0] as Element;
  if (cube.attributes.size !== 0) throw new EcbParseError('the outer <Cube> has attributes');
  if (cube.text !== '') throw new EcbParseError('text inside <Cube>');
  if (cube.children.length !== 1) throw new EcbParseError(`expected one dated <Cube time=…>, found ${cube.children.length}`);
  const day = cube.children[0] as Element;
  const date = day.attributes.get('time');
  if (day.name !== 'Cube' || date === undefined || day.attributes.size !== 1) throw new EcbParseError('expected <Cube time=\'YYYY-MM-DD\'>');
  if (!isCalendarDate(date)) throw new EcbParseError(`the date "${date}" is not a YYYY-MM-DD calendar date`);
  if (day.text !== '') throw new EcbParseError(`text inside the ${date} cube`);
  if (day.children.length === 0) throw new EcbParseError(`no rates for ${date}`);
  const perEur = new Map<string, bigint>();
  for (const entry of day.children) {
    const currency = entry.attributes.get('currency');
    const rate = entry.attributes.get('rate');
    if (entry.name !== 'Cube' || currency === undefined || rate === undefined || entry.attributes.size !== 2 || entry.children.length !== 0 || entry.text !== '') {
      throw new EcbParseError(`expected <Cube currency='XXX' rate='…'/> inside the ${date} cube`);
    }
    if (!/^[A-Z]{3}$/.test(currency)) throw new EcbParseError(`"${currency}" is not a currency code`);
    const scaled = RATE_TEXT.test(rate) ? parseRate(rate) : null;
    if (scaled === null) throw new EcbParseError(`${currency} has an invalid rate "${rate}"`);
    if (perEur.has(currency)) throw new EcbParseError(`${currency} appears twice`);
    perEur.set(currency, scaled);
  }
  if (!perEur.has('USD')) throw new EcbParseError('no USD rate, so no USD price can be derived');
  return { date, asOf: ecbPublicationTime(date), perEur };
}

/**
 * USD prices (exact fractions) of our currencies from one ECB document: EUR is `usdPerEur`, any other
 * currency X is `usdPerEur / xPerEur`. USD itself is left to the 1:1 `par` leg. Currencies the ECB does
 * not publish (VND) are absent: they come from the manual table or not at all.
 */
export function ecbUsdPrices(daily: EcbDaily, maxAgeMs: number | null): Map<Currency, UsdPrice> {
  const usd = daily.perEur.get('USD') as bigint;
  const common = { source: ECB_SOURCE, asOf: daily.asOf, maxAgeMs };
  const out = new Map<Currency, UsdPrice>([['EUR', { num: usd, den: RATE_ONE, ...common }]]);
  for (const code of FIAT_CURRENCIES) {
    const perEur = daily.perEur.get(code);
    if (code === 'USD' || code === 'EUR' || perEur === undefined) continue;
    out.set(code, { num: usd, den: perEur, ...common });
  }
  return out;
}

/** 16:00 in Frankfurt (CET, or CEST in summer) on an ECB publication date. */
export function ecbPublicationTime(date: string): Date {
  const cet = Date.parse(`${date}T15:00:00Z`); // 16:00 at UTC+1
  try {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(cet));
    return new Date(cet - (hour - 16) * 3_600_000);
  } catch {
    return new Date(cet); // a runtime without time-zone data: CET all year, at most an hour late
  }
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

/**
 * A deliberately small XML reader for this one document: elements, attributes in quotes, text,
 * comments, an XML declaration. No DOCTYPE, entities, CDATA or processing instructions: such a
 * document is not the ECB's and is refused.
 */
function parseXml(xml: string): Element {
  let i = 0;
  const skipProlog = /^\uFEFF?\s*(<\?xml\s[^<>]*\?>)?/.exec(xml);
  i = skipProlog ? skipProlog[0].length : 0;
  const stack: Element[] = [];
  let root: Element | undefined;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text.includes('>') || text.includes('&')) throw new EcbParseError('stray markup in text');
    if (text.trim() !== '') {
      const parent = stack[stack.length - 1];
      if (!parent) throw new EcbParseError('text outside the root element');
      parent.text += text;
    }
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end === -1) throw new EcbParseError('an unterminated comment');
      i = end + 3;
      continue;
    }
    if (xml[lt + 1] === '!' || xml[lt + 1] === '?') throw new EcbParseError('unexpected declaration or instruction');
    if (xml[lt + 1] === '/') {
      const m = /^<\/([^\s>]+)\s*>/.exec(xml.slice(lt, lt + 200));
      const open = stack.pop();
      if (!m || !open || open.name !== m[1]) throw new EcbParseError(`mismatched closing tag near offset ${lt}`);
      i = lt + m[0].length;
      continue;
    }
    const nameMatch = /^<([^\s/>]+)/.exec(xml.slice(lt, lt + 200));
    if (!nameMatch || !NAME.test(nameMatch[1] as string)) throw new EcbParseError(`a malformed tag near offset ${lt}`);
    const element: Element = { name: nameMatch[1] as string, attributes: new Map(), children: [], text: '' };
    let j = lt + nameMatch[0].length;
    ATTRIBUTE.lastIndex = j;
    for (let a = ATTRIBUTE.exec(xml); a; a = ATTRIBUTE.exec(xml)) {
      const name = a[1] as string;
      if (element.attributes.has(name)) throw new EcbParseError(`attribute ${name} repeated on <${element.name}>`);
      if (!name.startsWith('xmlns')) element.attributes.set(name, (a[2] ?? a[3]) as string);
      j = ATTRIBUTE.lastIndex;
    }
    const close = /^\s*(\/?)>/.exec(xml.slice(j, j + 200));
    if (!close) throw new EcbParseError(`a malformed tag <${element.name}> near offset ${lt}`);
    i = j + close[0].length;
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new EcbParseError('more than one root element');
    else root = element;
    if (close[1] !== '/') stack.push(element);
  }
  if (!root) throw new EcbParseError('no root element (empty or not XML)');
  if (stack.length > 0) throw new EcbParseError(`the document ends inside <${(stack[stack.length - 1] as Element).name}> (truncated)`);
  return root;
}
