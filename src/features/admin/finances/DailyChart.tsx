import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * Gross raised by day, drawn with uPlot (small and well kept; this file loads only on /admin/finances).
 * The table beside it says the same in words for screen readers.
 */
export default function DailyChart({ days, label }: { days: Array<{ day: string; gross: number }>; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const xs = days.map((d) => Date.parse(`${d.day}T12:00:00-03:00`) / 1000);
    const ys = days.map((d) => d.gross / 100);
    const chart = new uPlot(
      {
        width: Math.max(280, node.clientWidth),
        height: 220,
        series: [{}, { label, stroke: '#1F8A5B', fill: 'rgba(31,138,91,0.15)', width: 2, paths: uPlot.paths.bars?.({ size: [0.6, 40] }) }],
        axes: [{}, { values: (_u, ticks) => ticks.map((v) => `R$ ${v.toLocaleString('pt-BR')}`) }],
        legend: { show: false },
      },
      [xs, ys],
      node,
    );
    const resize = () => chart.setSize({ width: Math.max(280, node.clientWidth), height: 220 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [days, label]);
  return <div ref={box} role="img" aria-label={label} data-testid="daily-chart" />;
}
