import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPanel } from '../../features/monthly/SubscriptionPanel';
import { WalletPage } from '../../features/wallet/WalletPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/profile/wallet')({
  loader: () => Promise.all([loadCatalogScope('wallet'), loadCatalogScope('monthly')]),
  component: WalletRoute,
});

/** The wallet with the donor's monthly giving, which fills it. */
function WalletRoute() {
  return (
    <WalletPage>
      <SubscriptionPanel />
    </WalletPage>
  );
}
