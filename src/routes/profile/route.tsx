import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../../app/navigation/route-guards';
import { ProfileLayout } from '../../features/pages/ProfileLayout';
import { loadCatalogScope } from '../../app/i18n/catalogs';

/** Every /profile page needs a signed-in user; signed-out visitors go home. */
export const Route = createFileRoute('/profile')({
  loader: () => loadCatalogScope('pages'),
  beforeLoad: requireSignedIn,
  component: ProfileLayout,
});
