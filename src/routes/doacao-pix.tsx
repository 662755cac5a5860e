import { createFileRoute } from '@tanstack/react-router';
import { PixDonationPage } from '../features/pages/donation-pages';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-pix')({
  loader: () => loadCatalogScope('pages'),
  component: PixDonationPage,
});
