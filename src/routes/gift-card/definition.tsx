import { createFileRoute } from '@tanstack/react-router';
import { GiftCardDefinitionPage } from '../../features/gifts/GiftCardDefinitionPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/definition')({
  // checkout: the value's messages shared with giving (contracts/giving-messages.ts).
  loader: () => Promise.all([loadCatalogScope('gifts'), loadCatalogScope('checkout')]),
  component: GiftCardDefinitionPage,
});
