/**
 * The API's error messages as a shop's staff read them. The API writes for integrators: it names
 * routes ("POST /v1/…"), fields by their JSON path in the API's units ("settings.session_expiry_seconds:
 * must be >= 60") and amounts at the coin's full scale ("0.000000 USDT"). A person at the till gets
 * the same fact without those: what they may not do, the field as the screen labels it, the amount as
 * the app formats amounts. Messages already in plain words pass unchanged.
 *
 * What this file writes is in the UI's language; a message it does not know stays as the API said it
 * (in English: the API writes for integrators), with only the field's name and the amounts rewritten.
 */
import { formatMoney } from './format.js';
// The instance i18n/index.ts sets up, imported as is: this file stays free of the DOM (unit tests run it in Node).
import i18n from 'i18next';

/** A route named in a message: "(POST /v1/payment/sessions/:id/resolve)". */
const ROUTE = /\s*\((?:GET|POST|PUT|PATCH|DELETE) \/[^)]*\)/;
const ROUTES = new RegExp(ROUTE.source, 'g');
/** "Invalid settings.time_zone: must be …." (the API's validation, docs/api.md "Envelope"). */
const INVALID = /^Invalid ([\w.[\]]+): (.*)$/s;
const MISSING = /^Missing required parameter: ([\w.[\]]+)\.$/;
/** An amount the API wrote at its currency's full scale; only the app's currencies are reformatted. */
const AMOUNT = /\b(\d+\.\d+) (USDT|USDC|USD|EUR|GBP|AUD|CAD|JPY|HKD|SGD|IDR|PHP|VND|THB|MYR|MXN|BRL)\b/g;

/**
 * Fields the screens show in other units than the API's, or under another name. The two durations are
 * typed in minutes and hours: their limits are given in those (the API's own are 60–86,400 s and
 * 0–604,800 s).
 */
const FIELDS: Record<string, { label: () => string; limits?: () => string }> = {
  'settings.session_expiry_seconds': { label: () => i18n.t('errors.fields.sessionExpiry'), limits: () => i18n.t('errors.limits.sessionExpiry') },
  'settings.monitoring_window_seconds': { label: () => i18n.t('errors.fields.monitoringWindow'), limits: () => i18n.t('errors.limits.monitoringWindow') },
  'settings.fee.percent': { label: () => i18n.t('errors.fields.feePercent') },
  'settings.fee.fixed.value': { label: () => i18n.t('errors.fields.feeFixed') },
  'settings.conversion_fee.percent': { label: () => i18n.t('errors.fields.conversionFeePercent') },
  'amount.value': { label: () => i18n.t('errors.fields.amount') },
  destination_address: { label: () => i18n.t('errors.fields.destinationAddress') },
  pin: { label: () => i18n.t('errors.fields.pin') },
  current_pin: { label: () => i18n.t('errors.fields.currentPin') },
  new_pin: { label: () => i18n.t('errors.fields.newPin') },
};

/** Messages the API words the same every time, by code: said in the UI's language. */
const KNOWN: { code: string; message: RegExp; say: (m: RegExpExecArray) => string }[] = [
  { code: 'api_key_invalid', message: /^Wrong name or PIN\.$/, say: () => i18n.t('errors.wrongPin') },
  { code: 'rate_limited', message: /^Too many wrong PINs: sign-in is locked for (\d+) s\./, say: (m) => i18n.t('errors.lockedOut', { seconds: m[1] }) },
  { code: 'parameter_missing', message: /^Enter the setup code/, say: () => i18n.t('errors.setupCodeMissing') },
  { code: 'parameter_invalid', message: /^That setup code is not the current one/, say: () => i18n.t('errors.setupCodeWrong') },
];

/** `settings.time_zone` → "Time zone": the last part of the path, in words. */
function labelOf(param: string): string {
  const known = FIELDS[param]?.label();
  if (known) return known;
  const last = (param.split('.').pop() ?? param).replace(/\[\d+\]$/, '').replace(/_/g, ' ');
  return last.charAt(0).toUpperCase() + last.slice(1);
}

export function inPlainWords(message: string, code?: string, param?: string | null): string {
  if (code === 'role_forbidden' && ROUTE.test(message)) return i18n.t('errors.ownerOnly');
  for (const known of KNOWN) {
    const m = known.code === code ? known.message.exec(message) : null;
    if (m) return known.say(m);
  }
  let text = message.replace(ROUTES, '');
  const invalid = INVALID.exec(text);
  if (invalid) {
    const field = invalid[1] as string;
    text = i18n.t('errors.fieldRule', { field: labelOf(field), rule: FIELDS[field]?.limits?.() ?? (invalid[2] as string).replace(/\.$/, '') });
  }
  const missing = MISSING.exec(text);
  if (missing) text = i18n.t('errors.fieldRequired', { field: labelOf(missing[1] as string) });
  if (!invalid && !missing && param) {
    // A service's own check names the field only in `param` ("must be an IANA time zone…"): say which.
    const limits = FIELDS[param]?.limits?.();
    if (limits) text = i18n.t('errors.fieldRule', { field: labelOf(param), rule: limits });
    else if (/^[a-z]/.test(text)) text = i18n.t('errors.fieldSays', { field: labelOf(param), said: text });
  }
  return text.replace(AMOUNT, (_, value: string, currency: string) => formatMoney({ value, currency }));
}
