/**
 * Every operation's `operationId`, derived from its method and path alone, so it never depends on the
 * order routes are registered in and a new route gets one without anyone choosing it. Stripe's verbs:
 *
 * | shape | verb | e.g. |
 * |---|---|---|
 * | `GET /things` (plural) · `GET /thing` | list · get | `listPaymentSessions`, `getBalance` |
 * | `GET /things.csv` | export | `exportPaymentSessionsCsv` |
 * | `POST /things` (plural) | create + singular | `createPaymentSession` |
 * | `POST /things/action` | action + singular | `createCheckoutSession`, `quoteConversion` |
 * | `GET`/`PATCH`/`PUT`/`DELETE /things/{id}` | get · update · set · delete + singular | `getRefund`, `deleteUser` |
 * | `POST /things/{id}/verb_rest` | verb + singular + rest | `cancelPaymentSession`, `rotateWebhookEndpointSecret` |
 * | `GET /things/{id}/part` | list (plural part) · get | `listWebhookEndpointDeliveries`, `getPaymentSessionStream` |
 * | `…/things/current` | verb + Current + singular | `getCurrentUiSession` |
 * | `PATCH`/`PUT`/`DELETE /thing` | update · set · delete | `updateMerchant`, `setDisplay` |
 *
 * The version prefix (`/v1`, `/api/v1`) is left out. A route may still set `operationId` in its schema.
 */
export function operationIdOf(method: string, path: string): string {
  const m = method.toUpperCase();
  const segments = withoutVersion(path.split('/').filter(Boolean));
  const last = segments.at(-1) ?? '';
  const before = segments.slice(0, -1);

  if (isParam(last)) return camel(ITEM_VERBS[m] ?? lower(m), nouns(before, true));
  if (last === 'current') return camel(ITEM_VERBS[m] ?? lower(m), 'Current' + nouns(before, true));

  if (before.length > 0 && isParam(before.at(-1)!)) {
    // An action on one object (POST …/{id}/cancel) or a part of it (GET …/{id}/deliveries).
    const owner = nouns(before.slice(0, -1), true);
    if (m === 'POST') {
      const [verb = '', ...rest] = words(last);
      return camel(verb, owner + rest.map(capital).join(''));
    }
    return camel(m === 'GET' && isPlural(last) ? 'list' : ITEM_VERBS[m] ?? lower(m), owner + pascal(last));
  }

  const [base = '', extension] = last.split('.');
  const all = [...before, base];
  switch (m) {
    case 'GET':
      if (extension !== undefined) return camel('export', nouns(all, false) + capital(extension));
      return camel(isPlural(base) ? 'list' : 'get', nouns(all, false));
    case 'POST': {
      if (isPlural(base)) return camel('create', nouns(all, true));
      // An action on a collection: POST /conversions/quote, POST /checkout/sessions/create.
      const [verb = '', ...rest] = words(base);
      return camel(verb, nouns(before, true) + rest.map(capital).join(''));
    }
    default:
      return camel(ITEM_VERBS[m] ?? lower(m), nouns(all, false));
  }
}

const ITEM_VERBS: Record<string, string> = { GET: 'get', PATCH: 'update', PUT: 'set', DELETE: 'delete', POST: 'update' };

/** `/v1/…` and `/api/v1/…` are one API: the prefix names no resource. */
function withoutVersion(segments: string[]): string[] {
  let i = 0;
  if (segments[i] === 'api') i++;
  if (segments[i] === 'v1') i++;
  return segments.slice(i);
}

const isParam = (segment: string) => segment.startsWith('{') || segment.startsWith(':');

/** `sessions`, `deliveries`, `api_keys`; not `status`, `address`. */
const isPlural = (word: string) => /s$/.test(word) && !/(ss|us)$/.test(word);

const singular = (word: string) => (/ies$/.test(word) ? word.slice(0, -3) + 'y' : isPlural(word) ? word.slice(0, -1) : word);

const words = (segment: string) => segment.split(/[_\-.]/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const lower = (word: string) => word.toLowerCase();
const pascal = (segment: string) => words(segment).map(capital).join('');
const camel = (verb: string, rest: string) => lower(verb) + rest;

/** The static segments as one PascalCase noun; the last one singular when it names one object. */
function nouns(segments: string[], singularLast: boolean): string {
  const statics = segments.filter((s) => !isParam(s));
  return statics.map((s, i) => pascal(singularLast && i === statics.length - 1 ? singular(s) : s)).join('');
}
