import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { giftCardThanksSearchSchema } from '../../../contracts';
import { GiftCardThanksPage } from '../../features/pages/gift-card-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/agradecimento')({
  loader: () => loadCatalogScope('pages'),
  validateSearch: giftCardThanksSearchSchema,
  component: GiftCardThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/gift-card/agradecimento');

function GiftCardThanksRoute() {
  const { type } = route.useSearch();
  return <GiftCardThanksPage type={type} />;
}
