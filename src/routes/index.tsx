import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { HomePage, type HomeData } from '../features/home/HomePage';
import { HOME_FEATURED_QUERY, HOME_RECENT_QUERY } from '../../contracts/first-screen';
import { getPlatformTotals, listCampaigns, listCategories } from '../lib/api/campaigns';

/** The home never fails as a whole: a part the API could not give is left out (and logged). */
const orNull = <T,>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((error: unknown) => {
    console.error(error);
    return null;
  });

/** Featured and recent campaigns (three of each on screen), categories with counts, platform totals. */
async function loadHome(): Promise<HomeData> {
  const [featured, recent, categories, totals] = await Promise.all([
    // The same reads the server answers inside the HTML (contracts/first-screen.ts).
    orNull(listCampaigns(HOME_FEATURED_QUERY).then((page) => page.items)),
    orNull(listCampaigns(HOME_RECENT_QUERY).then((page) => page.items)),
    orNull(listCategories()),
    orNull(getPlatformTotals()),
  ]);
  return { featured, recent, categories, totals };
}

export const Route = createFileRoute('/')({
  loader: loadHome,
  component: HomeRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/');

function HomeRoute() {
  return <HomePage data={route.useLoaderData()} />;
}
