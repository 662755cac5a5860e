import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { dataRequestsSearchSchema } from '../../../contracts/routes';
import { requireAdmin } from '../../app/navigation/route-guards';
import { DATA_REQUESTS_PAGE_SIZE, PrivacyPage } from '../../features/admin/privacy/PrivacyPage';

export const Route = createFileRoute('/admin/privacy')({
  beforeLoad: requireAdmin('/admin/privacy'),
  validateSearch: dataRequestsSearchSchema,
  loaderDeps: ({ search }) => search,
  // The page of requests for the filter in the URL; null when it cannot be read (the page says so).
  loader: async ({ deps }) => {
    const { organisationApi } = await import('../../lib/api/organisation');
    return {
      data: await organisationApi
        .dataRequests({ kind: deps.kind, page: deps.page ?? 0, amount: DATA_REQUESTS_PAGE_SIZE })
        .catch(() => null),
    };
  },
  component: PrivacyRoute,
});

const route = getRouteApi('/admin/privacy');

function PrivacyRoute() {
  const filter = route.useSearch();
  const { data } = route.useLoaderData();
  return <PrivacyPage data={data} filter={filter} />;
}
