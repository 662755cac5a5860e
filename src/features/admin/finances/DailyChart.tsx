import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisUnit, dayLabel, daysOf, grossByDay, moneyTick, spansYears, tickIndexes, yTop } from './chart-axes';

/** Room the y axis keeps for its labels: the longest one's characters at the axis font, plus the ticks. */
const yAxisSize = (values: readonly string[] | null) => 24 + 7 * Math.max(4, ...(values ?? []).map((v) => v.length));

/**
 * Gross raised on each day of the period, drawn with uPlot (small and well kept; this file loads only on
 * /admin/finances). The x axis is the period's days by position (one bar each, days without donations
 * too), labelled by day or by month (chart-axes.ts); the y axis is reais. `locale` is the interface's
 * (for month names); money stays Brazilian.
 */
export default function DailyChart({
  period,
  daily,
  label,
  locale,
}: {
  period: { from: string; to: string };
  daily: Array<{ day: string; gross: number }>;
  label: string;
  locale: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const days = daysOf(period.from, period.to);
    const gross = grossByDay(days, daily);
    const unit = axisUnit(days);
    const withYear = spansYears(days);
    const width = () => Math.max(280, node.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        scales: {
          x: { time: false, range: () => [-0.5, days.length - 0.5] },
          y: { range: () => [0, yTop(gross)] },
        },
        series: [
          {},
          {
            label,
            stroke: '#1F8A5B',
            fill: 'rgba(31,138,91,0.15)',
            width: 2,
            paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
            points: { show: false },
          },
        ],
        axes: [
          {
            // The plotting area's width (bbox is in canvas pixels).
            splits: (u) => tickIndexes(days, u.bbox.width / uPlot.pxRatio || u.width - yAxisSize(null)),
            values: (_u, splits) => splits.map((i) => dayLabel(days[i] ?? '', unit, locale, withYear)),
          },
          { values: (_u, splits) => splits.map(moneyTick), size: (_u, values) => yAxisSize(values) },
        ],
        legend: { show: false },
        cursor: { show: false },
      },
      [days.map((_, i) => i), gross],
      node,
    );
    const resize = () => chart.setSize({ width: width(), height: 220 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [period.from, period.to, daily, label, locale]);
  return <div ref={box} role="img" aria-label={label} data-testid="daily-chart" />;
}
