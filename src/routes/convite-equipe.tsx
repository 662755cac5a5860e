import { createFileRoute } from '@tanstack/react-router';
import { teamInvitationSearchSchema } from '../../contracts/routes';
import { InvitationPage } from '../features/admin/team/InvitationPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/convite-equipe')({
  validateSearch: teamInvitationSearchSchema,
  loader: () => loadCatalogScope('admin'),
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useSearch();
  return <InvitationPage token={token} />;
}
