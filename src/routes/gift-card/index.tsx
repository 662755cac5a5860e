import { createFileRoute } from '@tanstack/react-router';
import { GiftCardLandingPage } from '../../features/pages/gift-card-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/gift-card/')({
  loader: () => loadCatalogScope('pages'),
  component: GiftCardLandingPage,
});
