import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { adminCampaignsSearchSchema } from '../../../../contracts/routes';
import { requireAdmin } from '../../../app/navigation/route-guards';
import { AdminCampaignsPage, CAMPAIGNS_PAGE_SIZE } from '../../../features/admin/campaigns/AdminCampaignsPage';

export const Route = createFileRoute('/admin/campaigns/')({
  beforeLoad: requireAdmin('/admin/campaigns'),
  validateSearch: adminCampaignsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const { adminCampaignsApi, adminTaxonomyApi } = await import('../../../lib/api/admin-taxonomy');
    const [list, categories] = await Promise.all([
      adminCampaignsApi.list({ ...deps, page: deps.page ?? 0, amount: CAMPAIGNS_PAGE_SIZE }).catch(() => null),
      adminTaxonomyApi.list('categories').catch(() => []),
    ]);
    return { list, categories };
  },
  component: AdminCampaignsRoute,
});

const route = getRouteApi('/admin/campaigns/');

function AdminCampaignsRoute() {
  const filter = route.useSearch();
  const { list, categories } = route.useLoaderData();
  return <AdminCampaignsPage list={list} categories={categories} filter={filter} />;
}
