import type { ReactNode } from 'react';
import { usePageTitle } from '../../app';
import { Container, PageHeader, Stack } from '../../ui';

/** A titled page with its purpose in one line, for screens still being built. */
export function PlaceholderPage({
  title,
  lead,
  eyebrow,
  children,
}: {
  title: string;
  lead: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container>
      <Stack gap="6">
        <PageHeader title={title} lead={lead} eyebrow={eyebrow} />
        {children}
      </Stack>
    </Container>
  );
}
