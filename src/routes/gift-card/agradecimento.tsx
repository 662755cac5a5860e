import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { giftCardThanksSearchSchema, type GiftCardOrderResult } from '../../../contracts';
import { GiftCardThanksPage } from '../../features/gifts/GiftCardThanksPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { receiptFor } from '../../lib/receipts';

/** The order of ?order, read as its buyer or with this tab's receipt token; null when it cannot be read. */
async function loadOrder(id: string | undefined): Promise<GiftCardOrderResult | null> {
  if (!id) return null;
  const { giftCardOrdersApi } = await import('../../lib/api/gift-card-orders');
  return giftCardOrdersApi.getOrder(id, receiptFor(id)).catch(() => null);
}

export const Route = createFileRoute('/gift-card/agradecimento')({
  loaderDeps: ({ search }) => ({ order: search.order }),
  loader: async ({ deps }) => {
    const [order] = await Promise.all([loadOrder(deps.order), loadCatalogScope('gifts'), loadCatalogScope('pages')]);
    return { order };
  },
  validateSearch: giftCardThanksSearchSchema,
  component: GiftCardThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/gift-card/agradecimento');

function GiftCardThanksRoute() {
  const { order } = route.useLoaderData();
  return <GiftCardThanksPage order={order} />;
}
