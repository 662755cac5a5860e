import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { donationThanksSearchSchema } from '../../../contracts';
import { DonationThanksPage } from '../../features/pages/donation-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-confirmacao/agradecimento')({
  loader: () => loadCatalogScope('pages'),
  validateSearch: donationThanksSearchSchema,
  component: DonationThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-confirmacao/agradecimento');

function DonationThanksRoute() {
  const { amount } = route.useSearch();
  return <DonationThanksPage amount={amount} />;
}
