import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { monthlyCheckoutSearchSchema } from '../../../contracts';
import { MonthlyCheckoutPage } from '../../features/pages/donation-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-mensal/checkout')({
  loader: () => loadCatalogScope('pages'),
  validateSearch: monthlyCheckoutSearchSchema,
  component: MonthlyCheckoutRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-mensal/checkout');

function MonthlyCheckoutRoute() {
  const { amount } = route.useSearch();
  return <MonthlyCheckoutPage amount={amount} />;
}
