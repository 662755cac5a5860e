import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { SubscriptionPanel } from '../../features/monthly/SubscriptionPanel';
import { WalletPage } from '../../features/wallet/WalletPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { walletSearchSchema } from '../../../contracts/routes';

export const Route = createFileRoute('/profile/wallet')({
  validateSearch: walletSearchSchema,
  // checkout: the gift-card code's messages (contracts/giving-messages.ts) that the redemption form shows.
  loader: () => Promise.all([loadCatalogScope('wallet'), loadCatalogScope('monthly'), loadCatalogScope('checkout')]),
  component: WalletRoute,
});

// getRouteApi, not Route: the component is split off, and importing Route would pull the route's file into its chunk.
const route = getRouteApi('/profile/wallet');

/** The wallet with the donor's monthly giving, which fills it. */
function WalletRoute() {
  const { code } = route.useSearch();
  return (
    <WalletPage giftCardCode={code}>
      <SubscriptionPanel />
    </WalletPage>
  );
}
