import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { campaignSearchSchema } from '../../../contracts';
import { CampaignPage } from '../../features/campaigns/CampaignPage';

// The campaign itself is loaded by the /$slug layout route.
export const Route = createFileRoute('/$slug/')({
  validateSearch: campaignSearchSchema,
  component: CampaignRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const layout = getRouteApi('/$slug');

function CampaignRoute() {
  return <CampaignPage campaign={layout.useLoaderData().campaign} />;
}
