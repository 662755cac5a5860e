import type { HTMLAttributes, ReactNode } from 'react';
import * as s from './layout.css';
import './keyframes.css';

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/** Centred page column (1120 px, or 560 px when narrow). */
export function Container({ narrow = false, className, ...rest }: HTMLAttributes<HTMLDivElement> & { narrow?: boolean }) {
  return <div className={cx(s.container, narrow && s.narrow, className)} {...rest} />;
}

/** A surface with the card elevation and 12 px radius. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(s.card, className)} {...rest} />;
}

/** Children in a column with a gap from the 4 px scale. */
export function Stack({ gap = '4', className, ...rest }: HTMLAttributes<HTMLDivElement> & { gap?: keyof typeof s.stackGap }) {
  return <div className={cx(s.stack, s.stackGap[gap], className)} {...rest} />;
}

/** A highlighted message block. Errors are announced (role=alert), others politely (role=status). */
export function Notice({
  tone = 'info',
  children,
  className,
}: {
  tone?: keyof typeof s.noticeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx(s.notice, s.noticeTone[tone], className)}>
      {children}
    </div>
  );
}

/** A horizontal meter (e.g. raised amount vs goal). `label` names it for screen readers. */
export function Meter({ value, max = 100, label }: { value: number; max?: number; label: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <div className={s.meter} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
      <div className={s.meterFill} style={{ width: `${pct}%` }} />
    </div>
  );
}

/** Loading indicator with an accessible name. */
export function Spinner({ label }: { label: string }) {
  return <span className={s.spinner} role="status" aria-label={label} />;
}
