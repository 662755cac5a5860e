import { createFileRoute } from '@tanstack/react-router';
import { signUpConfirmSearchSchema } from '../../contracts';
import { ConfirmSignUpPage } from '../features/auth/ConfirmSignUpPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

// No redirectSignedIn: the link signs its new account in, whoever was signed in on this browser before.
export const Route = createFileRoute('/signup_/confirm')({
  loader: () => loadCatalogScope('auth'),
  validateSearch: signUpConfirmSearchSchema,
  component: ConfirmSignUpPage,
});
