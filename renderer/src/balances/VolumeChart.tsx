/** Daily net volume as bars, one series per currency, drawn in SVG (no chart library, no inline styles). */
import type { DayVolume } from '../daily-volume.js';

const WIDTH = 600;
const HEIGHT = 160;

export function VolumeChart({ days, currency }: { days: DayVolume[]; currency: string }) {
  const values = days.map((d) => Number(d.net[currency] ?? 0n) / 1e6);
  const max = Math.max(...values, 0);
  const bar = WIDTH / Math.max(days.length, 1);
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Daily net ${currency} volume, last ${days.length} days: ${total.toFixed(2)} in all`}>
        {days.map((d, i) => {
          const v = values[i] ?? 0;
          const h = max > 0 ? Math.max((v / max) * (HEIGHT - 20), v > 0 ? 2 : 0) : 0;
          return (
            <rect key={d.day} className="chart-bar" x={i * bar + 2} y={HEIGHT - h} width={Math.max(bar - 4, 1)} height={h}>
              <title>{`${d.day}: ${v.toFixed(2)} ${currency}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>
        Daily net {currency}, last {days.length} days
      </figcaption>
    </figure>
  );
}
