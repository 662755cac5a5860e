import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { campaignListPageSearchSchema } from '../../../contracts';
import { CampaignDonorsPage } from '../../features/campaigns/CampaignDonorsPage';
import { CampaignPending } from '../../features/campaigns/CampaignPending';
import { listDonors } from '../../lib/api/campaigns';

export const Route = createFileRoute('/$slug/doadores')({
  validateSearch: campaignListPageSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 0 }),
  loader: ({ params, deps }) => listDonors(params.slug, deps.page),
  pendingComponent: CampaignPending,
  component: DonorsRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/doadores');
const layout = getRouteApi('/$slug');

function DonorsRoute() {
  const { campaign } = layout.useLoaderData();
  return <CampaignDonorsPage slug={campaign.slug} campaignTitle={campaign.title} donors={route.useLoaderData()} />;
}
