import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { adminDeniedSearchSchema } from '../../../contracts/routes';
import { AdminDeniedPage } from '../../features/admin/AdminDeniedPage';

/** Where the admin guards send a signed-in person from a page they may not open (the layout needs a session). */
export const Route = createFileRoute('/admin/sem-permissao')({
  validateSearch: adminDeniedSearchSchema,
  component: AdminDeniedRoute,
});

const route = getRouteApi('/admin/sem-permissao');

function AdminDeniedRoute() {
  const { pagina } = route.useSearch();
  return <AdminDeniedPage refused={pagina} />;
}
