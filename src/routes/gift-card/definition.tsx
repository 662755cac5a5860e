import { createFileRoute } from '@tanstack/react-router';
import { GiftCardDefinitionPage } from '../../features/pages/gift-card-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/definition')({
  loader: () => loadCatalogScope('pages'),
  component: GiftCardDefinitionPage,
});
