import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { searchSearchSchema } from '../../contracts';
import { SearchPage } from '../features/pages/SearchPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/search')({
  loader: () => loadCatalogScope('pages'),
  validateSearch: searchSearchSchema,
  component: SearchRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/search');

function SearchRoute() {
  return <SearchPage search={route.useSearch()} />;
}
