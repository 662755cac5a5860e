import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { adminDonationsSearchSchema } from '../../../contracts';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminDonationsPage, DONATIONS_PAGE_SIZE } from '../../features/admin/donations/AdminDonationsPage';

export const Route = createFileRoute('/admin/donations')({
  validateSearch: adminDonationsSearchSchema,
  beforeLoad: requireAdmin('/admin/donations'),
  // The list for the filters in the URL (the open donation loads itself).
  loaderDeps: ({ search: { donation: _open, ...filter } }) => filter,
  loader: async ({ deps }) => {
    const { adminDonationsApi } = await import('../../lib/api/admin-donations');
    return { list: await adminDonationsApi.list({ ...deps, page: deps.page ?? 0, amount: DONATIONS_PAGE_SIZE }).catch(() => null) };
  },
  component: AdminDonationsRoute,
});

const route = getRouteApi('/admin/donations');

function AdminDonationsRoute() {
  const filter = route.useSearch();
  const { list } = route.useLoaderData();
  return <AdminDonationsPage list={list} filter={filter} />;
}
