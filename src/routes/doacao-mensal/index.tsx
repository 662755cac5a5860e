import { createFileRoute } from '@tanstack/react-router';
import { MonthlyLandingPage } from '../../features/monthly/MonthlyLandingPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

export const Route = createFileRoute('/doacao-mensal/')({
  // The amount picker's words are the checkout's (src/app/giving): both catalogs before the page shows.
  loader: () => Promise.all([loadCatalogScope('monthly'), loadCatalogScope('checkout')]),
  component: MonthlyLandingPage,
});
