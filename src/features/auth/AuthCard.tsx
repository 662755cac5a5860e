import type { ReactNode } from 'react';
import { Card, Container } from '../../ui';
import * as s from './auth.css';

/** The narrow card every auth page sits in, with its page heading. */
export function AuthCard({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <Container narrow className={s.page}>
      <Card>
        <h1 className={s.title}>{title}</h1>
        {lead ? <p className={s.lead}>{lead}</p> : null}
        {children}
      </Card>
    </Container>
  );
}
