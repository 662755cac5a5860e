import { createFileRoute } from '@tanstack/react-router';
import { resetPasswordSearchSchema } from '../../contracts';
import { redirectSignedIn } from '../app/navigation/route-guards';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/reset-password')({
  loader: () => loadCatalogScope('auth'),
  validateSearch: resetPasswordSearchSchema,
  beforeLoad: redirectSignedIn,
  component: ResetPasswordPage,
});
