import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { CampaignDonorsPage } from '../../features/pages/campaign-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/$slug/doadores')({
  loader: () => loadCatalogScope('pages'),
  component: DonorsRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/$slug/doadores');

function DonorsRoute() {
  const { slug } = route.useParams();
  return <CampaignDonorsPage slug={slug} />;
}
