import { formatNumber } from '../../../app/format';

/**
 * The change against the previous period, as a signed percentage (— when there was nothing before),
 * grouped as Brazilian numbers are everywhere else: a big jump reads +91.893%, not +91893%.
 */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? '0%' : '—';
  const pct = Math.round(((now - before) / Math.abs(before)) * 100);
  return `${pct > 0 ? '+' : ''}${formatNumber(pct)}%`;
}
