import type { ReactNode } from 'react';
import * as s from './layout.css';

/**
 * A table that may be wider than a phone: it scrolls sideways inside this box, not the page. The box
 * is a named region that takes the focus, so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={s.tableScroll}>
      {children}
    </div>
  );
}
