import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { MonthlyThanksPage } from '../../features/monthly/MonthlyThanksPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { getToken } from '../../lib/cookies';

interface MonthlyFacts {
  /** Cents, from the subscription: never from the URL, where anyone can type an amount. */
  amount: number | null;
  nextChargeAt: string | null;
}

/** The donor's subscription (amount, next charge) when signed in and the API answers; the page reads well without it. */
async function currentSubscription(): Promise<MonthlyFacts> {
  const none = { amount: null, nextChargeAt: null };
  if (!getToken()) return none;
  const { subscriptionsApi } = await import('../../lib/api/subscriptions');
  return subscriptionsApi.getCurrent().then(
    ({ subscription }) => (subscription ? { amount: subscription.amount, nextChargeAt: subscription.next_charge_at ?? null } : none),
    () => none,
  );
}

export const Route = createFileRoute('/doacao-mensal/agradecimento')({
  loader: async () => {
    const [facts] = await Promise.all([currentSubscription(), loadCatalogScope('monthly')]);
    return facts;
  },
  component: MonthlyThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-mensal/agradecimento');

function MonthlyThanksRoute() {
  const { amount, nextChargeAt } = route.useLoaderData();
  return <MonthlyThanksPage amount={amount} nextChargeAt={nextChargeAt} />;
}
