import { createFileRoute } from '@tanstack/react-router';
import { GiftCardCorporateCheckoutPage } from '../../features/pages/gift-card-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/checkout-corporate')({
  loader: () => loadCatalogScope('pages'),
  component: GiftCardCorporateCheckoutPage,
});
