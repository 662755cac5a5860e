import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { RedeemCardPage } from '../../features/gifts/RedeemCardPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { giftCardRedeemSearchSchema } from '../../../contracts/routes';

export const Route = createFileRoute('/gift-card/resgatar')({
  validateSearch: giftCardRedeemSearchSchema,
  // checkout: the gift-card code's messages (contracts/giving-messages.ts).
  loader: () => Promise.all([loadCatalogScope('gifts'), loadCatalogScope('checkout')]),
  component: RedeemRoute,
});

// getRouteApi, not Route: the component is split off, and importing Route would pull the route's file into its chunk.
const route = getRouteApi('/gift-card/resgatar');

function RedeemRoute() {
  const { code } = route.useSearch();
  return <RedeemCardPage code={code} />;
}
