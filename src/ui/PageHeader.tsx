import type { ReactNode } from 'react';
import * as s from './page.css';

/** The h1 of a page with an optional eyebrow above and a lead paragraph below. */
export function PageHeader({
  title,
  lead,
  eyebrow,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className={s.header}>
      {eyebrow ? <span className={s.eyebrow}>{eyebrow}</span> : null}
      <h1>{title}</h1>
      {lead ? <p className={s.lead}>{lead}</p> : null}
      {children}
    </header>
  );
}

export const chipClass = s.chip;
