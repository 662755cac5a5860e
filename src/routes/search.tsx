import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { searchSearchSchema } from '../../contracts';
import { SearchPage } from '../features/campaigns/SearchPage';
import { CampaignPending } from '../features/campaigns/CampaignPending';
import { loadCatalogScope } from '../app/i18n/catalogs';
import { listCampaigns, listCategories, listTags } from '../lib/api/campaigns';

/** The filters' choices are a help, not the point: without them the search still works. */
const orEmpty = <T,>(promise: Promise<T[]>): Promise<T[]> =>
  promise.catch((error: unknown) => {
    console.error(error);
    return [];
  });

export const Route = createFileRoute('/search')({
  validateSearch: searchSearchSchema,
  // The whole query is the loader's input: a new search, filter or page loads again.
  loaderDeps: ({ search }) => ({ q: search.q, category: search.category, tag: search.tag, sort: search.sort, page: search.page ?? 0 }),
  loader: async ({ deps }) => {
    const [, results, categories, tags] = await Promise.all([
      loadCatalogScope('campaigns'),
      listCampaigns(deps),
      orEmpty(listCategories()),
      orEmpty(listTags()),
    ]);
    return { results, categories, tags };
  },
  pendingComponent: CampaignPending,
  component: SearchRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/search');

function SearchRoute() {
  const { results, categories, tags } = route.useLoaderData();
  return <SearchPage search={route.useSearch()} results={results} categories={categories} tags={tags} />;
}
