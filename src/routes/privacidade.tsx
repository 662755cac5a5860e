import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/pages/LegalPage';
import { privacyPolicy } from '../features/pages/legal-texts';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/privacidade')({
  loader: () => loadCatalogScope('pages'),
  component: () => <LegalPage text={privacyPolicy} />,
});
