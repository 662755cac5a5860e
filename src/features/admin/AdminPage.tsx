import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AdminPath } from '../../../contracts';
import { usePageTitle } from '../../app';
import { PageHeader, Stack } from '../../ui';
import { ADMIN_PAGES } from './admin-pages';

/** An admin page's title and purpose (the tools arrive page by page). */
export function AdminPage({ path, children }: { path: AdminPath; children?: ReactNode }) {
  const { i18n, t } = useLingui();
  const page = ADMIN_PAGES[path];
  const title = i18n._(page.title);
  usePageTitle(title);
  return (
    <Stack gap="6">
      <PageHeader eyebrow={t`Admin`} title={title} lead={i18n._(page.lead)} />
      {children}
    </Stack>
  );
}
