import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import type { DocumentVerification } from '../../contracts/statements';
import { loadCatalogScope } from '../app/i18n/catalogs';
import { DocumentVerificationPage } from '../features/pages/DocumentVerificationPage';

/** The code's document as the API vouches for it; 'unknown' when nobody issued it (or it is malformed), 'failed' when the API could not answer. */
async function verify(code: string): Promise<DocumentVerification | 'unknown' | 'failed'> {
  const [{ documentsApi }, { isApiRequestError }] = await Promise.all([import('../lib/api/documents'), import('../lib/http/api-error')]);
  return documentsApi
    .verify(code)
    .catch((error: unknown) => (isApiRequestError(error) && (error.status === 404 || error.status === 400) ? 'unknown' : 'failed'));
}

export const Route = createFileRoute('/recibos/$code')({
  loader: async ({ params }) => {
    const [verification] = await Promise.all([verify(params.code), loadCatalogScope('pages')]);
    return { verification };
  },
  component: DocumentVerificationRoute,
});

// getRouteApi, not Route: the split component chunk then does not pull this file in again.
const route = getRouteApi('/recibos/$code');

function DocumentVerificationRoute() {
  const { code } = route.useParams();
  const { verification } = route.useLoaderData();
  return <DocumentVerificationPage code={code} verification={verification} />;
}
