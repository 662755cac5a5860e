import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { donateSearchSchema } from '../../../contracts';
import { CampaignDonatePage } from '../../features/checkout/CampaignDonatePage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/$slug/donate')({
  validateSearch: donateSearchSchema,
  // The campaign comes from the /$slug layout's loader (a missing one is already a 404 there).
  loader: () => loadCatalogScope('checkout'),
  component: DonateRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/donate');
const layout = getRouteApi('/$slug');

function DonateRoute() {
  const { campaign } = layout.useLoaderData();
  const { amount, shared_campaign_id, error } = route.useSearch();
  // `error` is mapped to our own texts by code; an unknown value shows the generic failure text.
  return <CampaignDonatePage campaign={campaign} amount={amount} sharedCampaignId={shared_campaign_id} error={error} />;
}
