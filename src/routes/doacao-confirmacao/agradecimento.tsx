import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { donationThanksSearchSchema, type DonationResult } from '../../../contracts';
import { DonationThanksPage } from '../../features/campaigns/DonationThanksPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { receiptFor } from '../../lib/receipts';

/**
 * The donation of ?donation, read as its donor (signed in) or with the receipt token this tab kept;
 * null when there is none or it cannot be read (another tab, someone else's): the page then thanks
 * without an amount.
 */
async function loadDonation(id: string | undefined): Promise<DonationResult | null> {
  if (!id) return null;
  const { donationsApi } = await import('../../lib/api/donations');
  return donationsApi.getDonation(id, receiptFor(id)).catch(() => null);
}

export const Route = createFileRoute('/doacao-confirmacao/agradecimento')({
  loaderDeps: ({ search }) => ({ donation: search.donation }),
  loader: async ({ deps }) => {
    const [donation] = await Promise.all([loadDonation(deps.donation), loadCatalogScope('campaigns')]);
    return { donation };
  },
  validateSearch: donationThanksSearchSchema,
  component: DonationThanksRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-confirmacao/agradecimento');

function DonationThanksRoute() {
  const { campaign } = route.useSearch();
  const { donation } = route.useLoaderData();
  return <DonationThanksPage donation={donation} campaign={campaign} />;
}
