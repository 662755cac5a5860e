import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { giftCardCheckoutSearchSchema } from '../../../contracts';
import { CheckoutFlow } from '../../features/checkout/CheckoutFlow';
import { checkoutPrefillOf } from '../../features/checkout/prefill';
import { GiftCardCheckoutPage } from '../../features/gifts/GiftCardCheckoutPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/checkout')({
  // The checkout's step forms and texts, plus the gift cards' own.
  loader: () => Promise.all([loadCatalogScope('checkout'), loadCatalogScope('gifts')]),
  validateSearch: giftCardCheckoutSearchSchema,
  component: GiftCardCheckoutRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/gift-card/checkout');

/** Composes the gift-card page with the checkout feature's screen (features do not import each other). */
function GiftCardCheckoutRoute() {
  const { error } = route.useSearch();
  return <GiftCardCheckoutPage Checkout={CheckoutFlow} prefill={checkoutPrefillOf} urlError={error} />;
}
