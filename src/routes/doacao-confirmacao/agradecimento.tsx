import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { donationThanksSearchSchema } from '../../../contracts';
import { DonationThanksPage } from '../../features/campaigns/DonationThanksPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-confirmacao/agradecimento')({
  loader: () => loadCatalogScope('campaigns'),
  validateSearch: donationThanksSearchSchema,
  component: DonationThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-confirmacao/agradecimento');

function DonationThanksRoute() {
  const { amount, campaign } = route.useSearch();
  return <DonationThanksPage amount={amount} campaign={campaign} />;
}
