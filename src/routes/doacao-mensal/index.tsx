import { createFileRoute } from '@tanstack/react-router';
import { MonthlyDonationPage } from '../../features/pages/donation-pages';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-mensal/')({
  loader: () => loadCatalogScope('pages'),
  component: MonthlyDonationPage,
});
