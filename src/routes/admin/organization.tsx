import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { OrganisationPage } from '../../features/admin/organisation/OrganisationPage';

export const Route = createFileRoute('/admin/organization')({
  beforeLoad: requireAdmin('/admin/organization'),
  // What is on record; null when it cannot be read (the page says so).
  loader: async () => {
    const { organisationApi } = await import('../../lib/api/organisation');
    return { profile: await organisationApi.profile().catch(() => null) };
  },
  component: OrganisationRoute,
});

const route = getRouteApi('/admin/organization');

function OrganisationRoute() {
  const { profile } = route.useLoaderData();
  return <OrganisationPage profile={profile} />;
}
