import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { DpoContact } from '../features/pages/DpoContact';
import { LegalPage } from '../features/pages/LegalPage';
import { privacyPolicy } from '../features/pages/legal-texts';
import { loadCatalogScope } from '../app/i18n/catalogs';

export const Route = createFileRoute('/privacidade')({
  // The DPO's contact as the organisation's page records it; the policy shows without it when it cannot be read.
  loader: async () => {
    const [, organisation] = await Promise.all([
      loadCatalogScope('pages'),
      import('../lib/api/organisation').then(({ organisationApi }) => organisationApi.publicContact()).catch(() => null),
    ]);
    return { organisation };
  },
  component: PrivacyPolicyRoute,
});

const route = getRouteApi('/privacidade');

function PrivacyPolicyRoute() {
  const { organisation } = route.useLoaderData();
  return <LegalPage text={privacyPolicy} before={<DpoContact organisation={organisation} />} />;
}
