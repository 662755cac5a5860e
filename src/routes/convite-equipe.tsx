import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { teamInvitationSearchSchema } from '../../contracts/routes';
import { InvitationPage } from '../features/admin/team/InvitationPage';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/convite-equipe')({
  validateSearch: teamInvitationSearchSchema,
  loader: () => loadCatalogScope('admin'),
  component: InvitationRoute,
});

// getRouteApi, not Route: the component is split off, and importing Route would pull the route's file into its chunk.
const route = getRouteApi('/convite-equipe');

function InvitationRoute() {
  const { token } = route.useSearch();
  return <InvitationPage token={token} />;
}
