import { createFileRoute } from '@tanstack/react-router';
import { GiftCardLandingPage } from '../../features/gifts/GiftCardLandingPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/')({
  // checkout: the value's messages shared with giving (contracts/giving-messages.ts).
  loader: () => Promise.all([loadCatalogScope('gifts'), loadCatalogScope('checkout')]),
  component: GiftCardLandingPage,
});
