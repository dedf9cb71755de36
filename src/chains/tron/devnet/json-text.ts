/**
 * JSON text with bigint numbers: java-tron prints int64 fields (sun amounts, fee limits) as bare JSON
 * numbers, and amounts are bigint inside, so they are written digit for digit rather than through a
 * Number that would round them above 2^53.
 */
export function stringifyJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stringifyJson(item))).join(',')}]`;
  const fields = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${stringifyJson(v)}`).join(',')}}`;
}
