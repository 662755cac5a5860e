import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { DeleteAccountPage } from '../../features/profile/DeleteAccountPage';

/** "Excluir minha conta": what happens (the wallet's credit read now), then the password. */
export const Route = createFileRoute('/profile/delete-account')({
  loader: async () => {
    const [, { walletApi }] = await Promise.all([loadCatalogScope('profile'), import('../../lib/api/wallet')]);
    return walletApi.getWallet();
  },
  component: DeleteAccountRoute,
});

const route = getRouteApi('/profile/delete-account');

function DeleteAccountRoute() {
  return <DeleteAccountPage wallet={route.useLoaderData()} />;
}
