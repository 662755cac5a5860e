import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/ProfilePage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/profile/')({
  loader: () => loadCatalogScope('profile'),
  component: ProfilePage,
});
