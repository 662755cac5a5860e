import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { monthlyThanksSearchSchema } from '../../../contracts';
import { MonthlyThanksPage } from '../../features/monthly/MonthlyThanksPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { getToken } from '../../lib/cookies';

/** The next charge date, when the donor is signed in and the API answers; the page reads well without it. */
async function nextChargeAt(): Promise<string | null> {
  if (!getToken()) return null;
  const { subscriptionsApi } = await import('../../lib/api/subscriptions');
  return subscriptionsApi.getCurrent().then(
    (current) => current.subscription?.next_charge_at ?? null,
    () => null,
  );
}

export const Route = createFileRoute('/doacao-mensal/agradecimento')({
  loader: async () => {
    const [next] = await Promise.all([nextChargeAt(), loadCatalogScope('monthly')]);
    return { nextChargeAt: next };
  },
  validateSearch: monthlyThanksSearchSchema,
  component: MonthlyThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-mensal/agradecimento');

function MonthlyThanksRoute() {
  const { amount } = route.useSearch();
  const { nextChargeAt } = route.useLoaderData();
  return <MonthlyThanksPage amount={amount} nextChargeAt={nextChargeAt} />;
}
