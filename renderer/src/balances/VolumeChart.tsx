/**
 * Daily net sales, one bar series per coin, drawn by recharts (SVG). recharts sets its few styles
 * through the DOM's style object, which the page's CSP (`style-src 'self'`) allows; it writes no
 * style attribute into markup and no <style> element (docs/ui.md, "Decisions").
 */
import { Trans, useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DaySales } from '../api-types.js';
import { dateFormat, money as formatMoney, numberFormat } from '../i18n/locale-format.js';

/** One colour per coin: fill attributes (SVG presentation attributes, not inline styles). */
const COLOURS: Record<string, string> = { USDT: '#0f766e', USDC: '#2563eb' };
const COINS = ['USDT', 'USDC'] as const;

/** "2026-05-01" → "May 1": the API's dates are calendar days of the shop's time zone, so read them as such. */
const dayLabel = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLong = dateFormat({ dateStyle: 'medium', timeZone: 'UTC' });
const asDay = (date: string) => new Date(`${date}T00:00:00Z`);
const amount = numberFormat({ maximumFractionDigits: 2 });

interface Row {
  date: string;
  USDT: number;
  USDC: number;
  sales: Record<string, DaySales>;
}

function rows(days: readonly DaySales[]): Row[] {
  const byDate = new Map<string, Row>();
  for (const d of days) {
    if (!COINS.includes(d.currency as (typeof COINS)[number])) continue;
    let row = byDate.get(d.date);
    if (!row) byDate.set(d.date, (row = { date: d.date, USDT: 0, USDC: 0, sales: {} }));
    // A number for the bar's height only; every amount shown in words comes from the API's decimal string.
    row[d.currency as (typeof COINS)[number]] = Number(d.net.value);
    row.sales[d.currency] = d;
  }
  return [...byDate.values()];
}

/** The tooltip: the day and, per coin, what the net is made of. */
function DayDetails({ active, payload }: { active?: boolean; payload?: readonly { payload?: Row }[] }) {
  const { t } = useTranslation('balances');
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <div className="chart-tooltip">
      <strong>{dayLong(asDay(row.date))}</strong>
      {COINS.map((c) => {
        const s = row.sales[c];
        return s ? (
          <p key={c}>
            <Trans
              t={t}
              i18nKey="chart.day"
              values={{ coin: c, gross: formatMoney(s.gross), fees: formatMoney(s.fees), refunds: formatMoney(s.refunds), net: formatMoney(s.net) }}
              components={{ strong: <strong /> }}
            />
          </p>
        ) : null;
      })}
    </div>
  );
}

export function VolumeChart({ days }: { days: readonly DaySales[] }) {
  const { t } = useTranslation('balances');
  const data = rows(days);
  const total = (coin: string) => days.filter((d) => d.currency === coin).reduce((sum, d) => sum + Number(d.net.value), 0);
  const summary = COINS.map((c) => `${amount(total(c))} ${c}`).join(', ');
  return (
    <figure className="chart">
      <p className="muted">{t('chart.summary', { count: data.length, totals: summary })}</p>
      <div className="chart-area">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#dfe3e8" vertical={false} />
            <XAxis dataKey="date" tickFormatter={(d: string) => dayLabel(asDay(d))} minTickGap={16} tick={{ fontSize: 12, fill: '#5b6875' }} />
            <YAxis tickFormatter={(v: number) => amount(v)} width={56} tick={{ fontSize: 12, fill: '#5b6875' }} />
            <Tooltip content={<DayDetails />} />
            <Legend />
            {COINS.map((c) => (
              <Bar key={c} dataKey={c} name={t('chart.series', { coin: c })} fill={COLOURS[c]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption>{t('chart.caption')}</figcaption>
    </figure>
  );
}
