import { createFileRoute } from '@tanstack/react-router';
import { signInSearchSchema } from '../../contracts';
import { redirectSignedIn } from '../app/navigation/route-guards';
import { SignInPage } from '../features/auth/SignInPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/signin')({
  loader: () => loadCatalogScope('auth'),
  validateSearch: signInSearchSchema,
  beforeLoad: redirectSignedIn,
  component: SignInPage,
});
