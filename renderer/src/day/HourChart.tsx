/**
 * Sales by hour as plain SVG bars (no chart library): one bar per local hour, its height the hour's
 * booked takings in the reporting currency. The figures are in the Day screen's tables and in each
 * bar's title, so the chart is a picture of them, not the only place they are.
 */
import { useTranslation } from 'react-i18next';
import type { DailyReport } from '../api-types.js';
import { money } from '../i18n/locale-format.js';

const W = 480;
const H = 160;
const BAR = W / 24;

export function HourChart({ report }: { report: DailyReport }) {
  const { t } = useTranslation('day');
  // Numbers for the bars' heights only; every amount shown in words is the API's decimal string.
  const values = report.by_hour.map((h) => Number(h.gross));
  const top = Math.max(...values, 0);
  const busiest = report.by_hour.reduce((a, h) => (Number(h.gross) > Number(a.gross) ? h : a), report.by_hour[0]!);
  const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  return (
    <figure className="chart day-chart">
      {/* Stretched to the figure's width at a fixed height (CSS): the hours' labels are HTML below it, so
          they keep a readable size on a phone, where text inside a scaled SVG shrank to 6 px. */}
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-labelledby="day-chart-title">
        <title id="day-chart-title">
          {top > 0
            ? t('chart.summary', { hour: hh(busiest.hour), amount: money({ value: busiest.gross, currency: report.reporting_currency }) })
            : t('chart.empty')}
        </title>
        <line x1={0} y1={H} x2={W} y2={H} stroke="#9aa5b1" vectorEffect="non-scaling-stroke" />
        {report.by_hour.map((h, i) => {
          const height = top > 0 ? Math.max((values[i]! / top) * (H - 8), values[i]! > 0 ? 2 : 0) : 0;
          return (
            <g key={h.hour}>
              <rect x={i * BAR + 2} y={H - height} width={BAR - 4} height={height} fill="#0f766e">
                <title>{t('chart.bar', { hour: hh(h.hour), count: h.sessions, amount: money({ value: h.gross, currency: report.reporting_currency }) })}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <div className="day-chart-hours" aria-hidden="true">
        {[0, 3, 6, 9, 12, 15, 18, 21].map((hour) => (
          <span key={hour}>{String(hour).padStart(2, '0')}</span>
        ))}
      </div>
      <figcaption>{t('chart.caption', { currency: report.reporting_currency })}</figcaption>
    </figure>
  );
}
