import { createFileRoute } from '@tanstack/react-router';
import { GiftCardCorporateDefinitionPage } from '../../features/pages/gift-card-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/definition_corporate')({
  loader: () => loadCatalogScope('pages'),
  component: GiftCardCorporateDefinitionPage,
});
