import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { CampaignMessagesPage } from '../../features/pages/campaign-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/$slug/messages')({
  loader: () => loadCatalogScope('pages'),
  component: MessagesRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/messages');

function MessagesRoute() {
  const { slug } = route.useParams();
  return <CampaignMessagesPage slug={slug} />;
}
