import type { ChartBar } from '../lib/stats.ts';
import styles from './bar-chart.module.css';

const WIDTH = 340;
const HEIGHT = 160;
const TOP = 18;
const BOTTOM = 24;

/** A round top for the axis: 0→10, 23→30, 140→150, 780→800. */
function niceMax(max: number): number {
  if (max <= 10) return 10;
  const step = 10 ** Math.floor(Math.log10(max)) / 2;
  return Math.ceil(max / step) * step;
}

/**
 * A hand-rolled SVG bar chart of minutes (no chart library: a few bars do not pay for one).
 * Each bar is labelled under the axis; its value shows above it when there is one.
 */
export function BarChart({ bars, title, testId }: { bars: readonly ChartBar[]; title: string; testId?: string }) {
  const max = niceMax(Math.max(0, ...bars.map((b) => b.minutes)));
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = Math.min(28, slot * 0.56);
  const showEvery = bars.length > 16 ? Math.ceil(bars.length / 8) : 1;
  return (
    <figure className={styles.chart} data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title}：${bars.map((b) => `${b.label}${b.minutes}分钟`).join('，')}`}>
        <line x1="0" x2={WIDTH} y1={TOP + plot} y2={TOP + plot} className={styles.axis} />
        <line x1="0" x2={WIDTH} y1={TOP} y2={TOP} className={styles.grid} />
        <line x1="0" x2={WIDTH} y1={TOP + plot / 2} y2={TOP + plot / 2} className={styles.grid} />
        {bars.map((b, i) => {
          const h = b.minutes > 0 ? Math.max(2, (b.minutes / max) * plot) : 0;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={b.key}>
              <rect x={x} y={TOP + plot - h} width={barWidth} height={h} rx={Math.min(4, barWidth / 3)} className={b.current ? styles.current : styles.bar} />
              {b.minutes > 0 && bars.length <= 16 && (
                <text x={x + barWidth / 2} y={TOP + plot - h - 4} className={styles.value} textAnchor="middle">
                  {b.minutes >= 100 ? Math.round(b.minutes) : b.minutes}
                </text>
              )}
              {i % showEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 6} className={b.current ? styles.labelCurrent : styles.label} textAnchor="middle">
                  {b.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>
        {title}
        <span>单位：分钟 · 最高 {max}</span>
      </figcaption>
    </figure>
  );
}
