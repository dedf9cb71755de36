/**
 * The API's error messages as a shop's staff read them. The API writes for integrators: it names
 * routes ("POST /v1/…"), fields by their JSON path in the API's units ("settings.session_expiry_seconds:
 * must be >= 60") and amounts at the coin's full scale ("0.000000 USDT"). A person at the till gets
 * the same fact without those: what they may not do, the field as the screen labels it, the amount as
 * the app formats amounts. Messages already in plain words pass unchanged.
 */
import { formatMoney } from './format.js';

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
const FIELDS: Record<string, { label: string; limits?: string }> = {
  'settings.session_expiry_seconds': { label: 'Sessions expire after', limits: 'must be from 1 to 1,440 minutes (24 hours)' },
  'settings.monitoring_window_seconds': { label: 'Watch for late payments', limits: 'must be from 0 to 168 hours (7 days)' },
  'settings.fee.percent': { label: 'Fee, percent' },
  'settings.fee.fixed.value': { label: 'Fee, fixed' },
  'settings.conversion_fee.percent': { label: 'Conversion fee, percent' },
  'amount.value': { label: 'Amount' },
  destination_address: { label: "The customer's address" },
  pin: { label: 'PIN' },
  current_pin: { label: 'Current PIN' },
  new_pin: { label: 'New PIN' },
};

/** `settings.time_zone` → "Time zone": the last part of the path, in words. */
function labelOf(param: string): string {
  const known = FIELDS[param]?.label;
  if (known) return known;
  const last = (param.split('.').pop() ?? param).replace(/\[\d+\]$/, '').replace(/_/g, ' ');
  return last.charAt(0).toUpperCase() + last.slice(1);
}

export function inPlainWords(message: string, code?: string, param?: string | null): string {
  if (code === 'role_forbidden' && ROUTE.test(message)) return 'Only an owner can do this. Ask an owner to sign in.';
  let text = message.replace(ROUTES, '');
  const invalid = INVALID.exec(text);
  if (invalid) {
    const field = invalid[1] as string;
    text = `${labelOf(field)}: ${FIELDS[field]?.limits ?? (invalid[2] as string).replace(/\.$/, '')}.`;
  }
  const missing = MISSING.exec(text);
  if (missing) text = `${labelOf(missing[1] as string)} is required.`;
  if (!invalid && !missing && param) {
    // A service's own check names the field only in `param` ("must be an IANA time zone…"): say which.
    if (FIELDS[param]?.limits) text = `${labelOf(param)}: ${FIELDS[param].limits}.`;
    else if (/^[a-z]/.test(text)) text = `${labelOf(param)}: ${text}`;
  }
  return text.replace(AMOUNT, (_, value: string, currency: string) => formatMoney({ value, currency }));
}
