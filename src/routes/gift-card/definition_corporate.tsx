import { createFileRoute } from '@tanstack/react-router';
import { CorporateDefinitionPage } from '../../features/gifts/corporate/CorporateDefinitionPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/definition_corporate')({
  // checkout: the value's messages shared with giving (contracts/giving-messages.ts).
  loader: () => Promise.all([loadCatalogScope('gifts'), loadCatalogScope('checkout')]),
  component: () => <CorporateDefinitionPage />,
});
