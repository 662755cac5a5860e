import { createFileRoute, getRouteApi, redirect } from '@tanstack/react-router';
import { adminCampaignEditSearchSchema } from '../../../../contracts';
import { requireAdmin } from '../../../app/navigation/route-guards';
import { CampaignEditorPage } from '../../../features/admin/campaign-editor/CampaignEditorPage';

const guard = requireAdmin('/admin/campaigns/edit');

export const Route = createFileRoute('/admin/campaigns/edit')({
  validateSearch: adminCampaignEditSearchSchema,
  beforeLoad: async (ctx) => {
    await guard(ctx);
    // Nothing to edit without a campaign: back to the list.
    if (!ctx.search.slug) throw redirect({ to: '/admin/campaigns', replace: true });
  },
  // The lists the basics choose from; the campaign itself is the editor machine's to load and save.
  loader: async () => {
    const { adminTaxonomyApi } = await import('../../../lib/api/admin-taxonomy');
    const [categories, tags] = await Promise.all([
      adminTaxonomyApi.list('categories').catch(() => []),
      adminTaxonomyApi.list('tags').catch(() => []),
    ]);
    return { categories, tags };
  },
  component: EditCampaignRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/admin/campaigns/edit');

function EditCampaignRoute() {
  const { slug } = route.useSearch();
  const { categories, tags } = route.useLoaderData();
  // A new editor (and machine) per campaign.
  return <CampaignEditorPage key={slug} slug={slug ?? ''} categories={categories} tags={tags} />;
}
