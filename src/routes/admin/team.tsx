import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { adminTeamSearchSchema } from '../../../contracts/routes';
import { requireAdmin } from '../../app/navigation/route-guards';
import { HISTORY_PAGE_SIZE, type TeamHistoryData } from '../../features/admin/team/TeamHistory';
import { TeamPage } from '../../features/admin/team/TeamPage';

/** The team's history for the filters in the URL; null when it cannot be read (the page says so). */
async function loadHistory(search: { member?: string; action?: string; page?: number }): Promise<TeamHistoryData | null> {
  const { adminTeamApi } = await import('../../lib/api/admin-team');
  return adminTeamApi
    .audit({
      subject_type: search.member ? 'member' : undefined,
      subject_id: search.member,
      action: search.action,
      page: search.page ?? 0,
      amount: HISTORY_PAGE_SIZE,
    })
    .catch(() => null);
}

export const Route = createFileRoute('/admin/team')({
  beforeLoad: requireAdmin('/admin/team'),
  validateSearch: adminTeamSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => ({ history: await loadHistory(deps) }),
  component: TeamRoute,
});

const route = getRouteApi('/admin/team');

function TeamRoute() {
  const filter = route.useSearch();
  const { history } = route.useLoaderData();
  return <TeamPage history={history} filter={filter} />;
}
