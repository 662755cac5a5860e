import { createFileRoute, getRouteApi, notFound } from '@tanstack/react-router';
import { donateSearchSchema } from '../../../contracts';
import { CampaignDonatePage } from '../../features/checkout/CampaignDonatePage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { getCampaign } from '../../lib/api/campaigns';

export const Route = createFileRoute('/$slug/donate')({
  validateSearch: donateSearchSchema,
  loader: async ({ params }) => {
    const [campaign] = await Promise.all([getCampaign(params.slug), loadCatalogScope('checkout')]);
    if (!campaign) throw notFound();
    return { campaign };
  },
  component: DonateRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/donate');

function DonateRoute() {
  const { campaign } = route.useLoaderData();
  const { amount, shared_campaign_id, error } = route.useSearch();
  // `error` is mapped to our own texts by code; an unknown value shows the generic failure text.
  return <CampaignDonatePage campaign={campaign} amount={amount} sharedCampaignId={shared_campaign_id} error={error} />;
}
