import { createFileRoute, getRouteApi, redirect } from '@tanstack/react-router';
import { adminCampaignEditSearchSchema } from '../../../../contracts';
import { requireAdmin } from '../../../app/navigation/route-guards';
import { AdminPage } from '../../../features/admin/AdminPage';
import { CampaignSlugNote } from '../../../features/admin/CampaignSlugNote';

const guard = requireAdmin('/admin/campaigns/edit');

export const Route = createFileRoute('/admin/campaigns/edit')({
  validateSearch: adminCampaignEditSearchSchema,
  beforeLoad: async (ctx) => {
    await guard(ctx);
    // Nothing to edit without a campaign: back to the list.
    if (!ctx.search.slug) throw redirect({ to: '/admin/campaigns', replace: true });
  },
  component: EditCampaignRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/admin/campaigns/edit');

function EditCampaignRoute() {
  const { slug } = route.useSearch();
  return (
    <AdminPage path="/admin/campaigns/edit">
      <CampaignSlugNote slug={slug ?? ''} />
    </AdminPage>
  );
}
