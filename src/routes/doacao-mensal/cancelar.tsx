import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CancelLinkPage } from '../../features/monthly/CancelLinkPage';
import { loadCatalogScope } from '../../app/i18n/catalogs';

// The signed token of a monthly e-mail's cancel link; anything unusable is dropped and the page says the link is not valid.
const searchSchema = z.object({ token: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))), undefined) });

export const Route = createFileRoute('/doacao-mensal/cancelar')({
  loader: () => loadCatalogScope('monthly'),
  validateSearch: searchSchema,
  component: CancelLinkRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/doacao-mensal/cancelar');

function CancelLinkRoute() {
  const { token } = route.useSearch();
  return <CancelLinkPage token={token} />;
}
