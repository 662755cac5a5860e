import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { monthlyThanksSearchSchema } from '../../../contracts';
import { MonthlyThanksPage } from '../../features/pages/donation-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-mensal/agradecimento')({
  loader: () => loadCatalogScope('pages'),
  validateSearch: monthlyThanksSearchSchema,
  component: MonthlyThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-mensal/agradecimento');

function MonthlyThanksRoute() {
  const { amount } = route.useSearch();
  return <MonthlyThanksPage amount={amount} />;
}
