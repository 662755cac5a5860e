import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { donateSearchSchema } from '../../../contracts';
import { CampaignDonatePage } from '../../features/pages/campaign-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/$slug/donate')({
  loader: () => loadCatalogScope('pages'),
  validateSearch: donateSearchSchema,
  component: DonateRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/donate');

function DonateRoute() {
  const { slug } = route.useParams();
  const { amount, error } = route.useSearch();
  // The error text itself is never shown: a crafted link must not put words on our page.
  return <CampaignDonatePage slug={slug} amount={amount} failed={error !== undefined} />;
}
