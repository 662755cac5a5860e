import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../../features/notifications/NotificationsPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/profile/notifications')({
  loader: () => loadCatalogScope('notifications'),
  component: NotificationsPage,
});
