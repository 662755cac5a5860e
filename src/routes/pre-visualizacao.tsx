import { createFileRoute, getRouteApi, notFound } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { campaignPreviewSearchSchema } from '../../contracts/routes';
import { loadCatalogScope } from '../app/i18n/catalogs';
import { requireAdmin } from '../app/navigation/route-guards';
import { CampaignPage } from '../features/campaigns/CampaignPage';

/**
 * /pre-visualizacao?campaign=: the public page as a campaign's saved draft would make it (the editor shows
 * it in a phone-wide and a desktop-wide frame), for whoever may edit campaigns.
 */
export const Route = createFileRoute('/pre-visualizacao')({
  validateSearch: campaignPreviewSearchSchema,
  // requireAdmin sends a signed-out visitor home as requireSignedIn would.
  beforeLoad: requireAdmin('/admin/campaigns/edit'),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const { adminCampaignsApi } = await import('../lib/api/admin-campaigns');
    const [, campaign] = await Promise.all([
      loadCatalogScope('campaigns'),
      deps.campaign ? adminCampaignsApi.preview(deps.campaign).catch(() => null) : null,
    ]);
    if (!campaign) throw notFound();
    return { campaign };
  },
  component: PreviewRoute,
});

const route = getRouteApi('/pre-visualizacao');

function PreviewRoute() {
  const { campaign } = route.useLoaderData();
  return (
    <>
      <p role="note" style={{ margin: 0, padding: '8px 16px', background: '#FDF1DF', textAlign: 'center' }}>
        <Trans>Pré-visualização: ainda não é o que o público vê.</Trans>
      </p>
      <CampaignPage campaign={campaign} />
    </>
  );
}
