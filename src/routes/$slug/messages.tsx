import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { campaignListPageSearchSchema } from '../../../contracts';
import { CampaignMessagesPage } from '../../features/campaigns/CampaignMessagesPage';
import { CampaignPending } from '../../features/campaigns/CampaignPending';
import { listMessages } from '../../lib/api/campaigns';

export const Route = createFileRoute('/$slug/messages')({
  validateSearch: campaignListPageSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 0 }),
  loader: ({ params, deps }) => listMessages(params.slug, deps.page),
  pendingComponent: CampaignPending,
  component: MessagesRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/messages');
const layout = getRouteApi('/$slug');

function MessagesRoute() {
  const { campaign } = layout.useLoaderData();
  return <CampaignMessagesPage slug={campaign.slug} campaignTitle={campaign.title} messages={route.useLoaderData()} />;
}
