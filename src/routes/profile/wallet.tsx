import { createFileRoute } from '@tanstack/react-router';
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

/** The wallet with the donor's monthly giving, which fills it. */
function WalletRoute() {
  const { code } = Route.useSearch();
  return (
    <WalletPage giftCardCode={code}>
      <SubscriptionPanel />
    </WalletPage>
  );
}
