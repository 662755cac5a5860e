import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/pages/HelpPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/help')({
  loader: () => loadCatalogScope('pages'),
  component: HelpPage,
});
