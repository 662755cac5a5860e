import { createFileRoute } from '@tanstack/react-router';
import { MonthlyLandingPage } from '../../features/monthly/MonthlyLandingPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-mensal/')({
  loader: () => loadCatalogScope('monthly'),
  component: MonthlyLandingPage,
});
