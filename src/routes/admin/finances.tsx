import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { adminFinancesSearchSchema } from '../../../contracts/routes';
import { requireAdmin } from '../../app/navigation/route-guards';
import { FinancesPage } from '../../features/admin/finances/FinancesPage';

export const Route = createFileRoute('/admin/finances')({
  beforeLoad: requireAdmin('/admin/finances'),
  validateSearch: adminFinancesSearchSchema,
  loaderDeps: ({ search }) => search,
  // The period in the URL: a custom range, or a preset (this month when none is given). Imported here,
  // not above: what a route's loader imports statically lands on every page's first screen (the finance
  // contract brings full zod and the admin's messages).
  loader: async ({ deps }) => {
    const [{ adminFinancesApi }, { presetPeriod }, { saoPauloDayText }] = await Promise.all([
      import('../../lib/api/admin-finances'),
      import('../../../contracts/admin-finances'),
      import('../../../contracts/sao-paulo-time'),
    ]);
    const custom = deps.from && deps.to ? { from: deps.from, to: deps.to } : null;
    const period = custom ?? presetPeriod(deps.preset ?? 'this_month', saoPauloDayText(new Date()));
    return {
      report: await adminFinancesApi.report(period.from, period.to).catch(() => null),
      preset: custom ? null : (deps.preset ?? 'this_month'),
    };
  },
  component: FinancesRoute,
});

const route = getRouteApi('/admin/finances');

function FinancesRoute() {
  const { report, preset } = route.useLoaderData();
  return <FinancesPage report={report} preset={preset} />;
}
