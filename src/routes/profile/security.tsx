import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../features/security/SecurityPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

/** "Segurança": second factors and sessions. */
export const Route = createFileRoute('/profile/security')({
  loader: () => loadCatalogScope('security'),
  component: SecurityPage,
});
