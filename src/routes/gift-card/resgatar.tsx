import { createFileRoute } from '@tanstack/react-router';
import { RedeemCardPage } from '../../features/gifts/RedeemCardPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { giftCardRedeemSearchSchema } from '../../../contracts/routes';

export const Route = createFileRoute('/gift-card/resgatar')({
  validateSearch: giftCardRedeemSearchSchema,
  // checkout: the gift-card code's messages (contracts/giving-messages.ts).
  loader: () => Promise.all([loadCatalogScope('gifts'), loadCatalogScope('checkout')]),
  component: RedeemRoute,
});

function RedeemRoute() {
  const { code } = Route.useSearch();
  return <RedeemCardPage code={code} />;
}
