import { createFileRoute } from '@tanstack/react-router';
import { GiftCardCheckoutPage } from '../../features/pages/gift-card-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/checkout')({
  loader: () => loadCatalogScope('pages'),
  component: GiftCardCheckoutPage,
});
