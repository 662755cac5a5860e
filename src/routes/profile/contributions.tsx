import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { contributionsRouteSearchSchema } from '../../../contracts/contributions-search';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { ContributionsPage } from '../../features/contributions/ContributionsPage';

export const Route = createFileRoute('/profile/contributions')({
  validateSearch: contributionsRouteSearchSchema,
  // The filters and page are the loader's input: each change loads again.
  loaderDeps: ({ search }) => ({ type: search.type, status: search.status, period: search.period, page: search.page }),
  loader: async ({ deps }) => {
    // The API client (axios, classic zod) loads with the page, never with the first one.
    const [, { contributionsApi }] = await Promise.all([loadCatalogScope('contributions'), import('../../lib/api/contributions')]);
    return contributionsApi.listContributions(deps);
  },
  component: ContributionsRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/profile/contributions');

function ContributionsRoute() {
  return <ContributionsPage search={route.useSearch()} result={route.useLoaderData()} />;
}
