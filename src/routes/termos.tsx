import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/pages/LegalPage';
import { termsOfUse } from '../features/pages/legal-texts';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/termos')({
  loader: () => loadCatalogScope('pages'),
  component: () => <LegalPage text={termsOfUse} />,
});
