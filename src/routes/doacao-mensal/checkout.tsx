import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { monthlyCheckoutSearchSchema } from '../../../contracts';
import { CheckoutFlow } from '../../features/checkout/CheckoutFlow';
import { checkoutPrefillOf } from '../../features/checkout/prefill';
import { MonthlyCheckoutPage } from '../../features/monthly/MonthlyCheckoutPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-mensal/checkout')({
  // The checkout's step forms and texts, plus the monthly ones.
  loader: () => Promise.all([loadCatalogScope('checkout'), loadCatalogScope('monthly')]),
  // ?amount and the optional prefill pairs (name, email, telephone); a malformed value is dropped.
  validateSearch: monthlyCheckoutSearchSchema,
  component: MonthlyCheckoutRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-mensal/checkout');

/** Composes the monthly page with the checkout feature's screen (features do not import each other). */
function MonthlyCheckoutRoute() {
  const { amount, name, email, telephone } = route.useSearch();
  return <MonthlyCheckoutPage amount={amount} contact={{ name, email, telephone }} Checkout={CheckoutFlow} prefill={checkoutPrefillOf} />;
}
