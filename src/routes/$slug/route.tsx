import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { slugSchema } from '../../../contracts';
import { CampaignPending } from '../../features/campaigns/CampaignPending';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { getCampaign } from '../../lib/api/campaigns';

/**
 * /{slug}…: static routes (/signin, /help…) always win; anything that is not a slug is a 404, and so
 * is a slug no public campaign has. The campaign loads here once for the page, its messages, its
 * donors and its checkout (children read it with getRouteApi('/$slug').useLoaderData()).
 */
export const Route = createFileRoute('/$slug')({
  beforeLoad: ({ params }) => {
    if (!slugSchema.safeParse(params.slug).success) throw notFound();
  },
  loader: async ({ params }) => {
    const [, campaign] = await Promise.all([loadCatalogScope('campaigns'), getCampaign(params.slug)]);
    if (!campaign) throw notFound();
    return { campaign };
  },
  pendingComponent: CampaignPending,
  component: Outlet,
});
