import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { campaignSearchSchema } from '../../../contracts';
import { CampaignPage } from '../../features/pages/campaign-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/$slug/')({
  loader: () => loadCatalogScope('pages'),
  validateSearch: campaignSearchSchema,
  component: CampaignRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/');

function CampaignRoute() {
  const { slug } = route.useParams();
  return <CampaignPage slug={slug} />;
}
