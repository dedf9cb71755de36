/** Daily net volume for the Balances chart: pure, so it is tested without a browser. */

export interface VolumeEntry {
  created_at: string;
  currency: string;
  net: { value: string };
}

export interface DayVolume {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** Net per currency that day, in minor units of 10^-6 (exact for every currency we hold). */
  net: Record<string, bigint>;
}

const MICRO = 6;

/** "12.5" → 12500000 (10^-6 units); the API's decimals never have more than 6 places. */
export function toMicro(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const micro = BigInt(whole) * 10n ** BigInt(MICRO) + BigInt(fraction.padEnd(MICRO, '0').slice(0, MICRO) || '0');
  return negative ? -micro : micro;
}

/** The last `days` days ending today, oldest first, each with the net of the entries made that day. */
export function dailyVolume(entries: readonly VolumeEntry[], days: number, today: Date): DayVolume[] {
  const out: DayVolume[] = [];
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const index = new Map<string, DayVolume>();
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    const v: DayVolume = { day, net: {} };
    out.push(v);
    index.set(day, v);
  }
  for (const e of entries) {
    const v = index.get(e.created_at.slice(0, 10));
    if (v) v.net[e.currency] = (v.net[e.currency] ?? 0n) + toMicro(e.net.value);
  }
  return out;
}
