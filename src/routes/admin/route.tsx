import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../../app/navigation/route-guards';
import { AdminLayout } from '../../features/admin/AdminLayout';
import { loadCatalogScope } from '../../app/i18n/catalogs';

/** /admin needs a session; each page below also checks role ADMIN and its permissions. */
export const Route = createFileRoute('/admin')({
  loader: () => loadCatalogScope('admin'),
  beforeLoad: requireSignedIn,
  component: AdminLayout,
});
