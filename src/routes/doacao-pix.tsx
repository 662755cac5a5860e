import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { PixDonationPage } from '../features/checkout/PixDonationPage';
import { loadCatalogScope } from '../app/i18n/catalogs';
import { listCampaigns } from '../lib/api/campaigns';

export const Route = createFileRoute('/doacao-pix')({
  loader: async () => {
    const [page] = await Promise.all([listCampaigns({ amount: 100 }), loadCatalogScope('checkout')]);
    // Only campaigns that take donations now can be chosen; the general fund always can.
    const campaigns = page.items
      .filter((c) => c.status === 'published')
      .map((c) => ({ slug: c.slug, title: c.title, cover_url: c.cover_url }));
    return { campaigns };
  },
  component: PixRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-pix');

function PixRoute() {
  const { campaigns } = route.useLoaderData();
  return <PixDonationPage campaigns={campaigns} />;
}
