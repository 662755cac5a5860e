import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/pages/AboutPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/about')({
  loader: () => loadCatalogScope('pages'),
  component: AboutPage,
});
