import { createFileRoute } from '@tanstack/react-router';
import { signUpSearchSchema } from '../../contracts';
import { redirectSignedIn } from '../app/navigation/route-guards';
import { SignUpPage } from '../features/auth/SignUpPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/signup')({
  loader: () => loadCatalogScope('auth'),
  validateSearch: signUpSearchSchema,
  beforeLoad: redirectSignedIn,
  component: SignUpPage,
});
