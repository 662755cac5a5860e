import { createFileRoute } from '@tanstack/react-router';
import { loadCatalogScope } from '../app/i18n/catalogs';
import { ConfirmGuestDeletionPage } from '../features/campaigns/ConfirmGuestDeletionPage';

/** The link a guest's deletion request mailed (docs/privacy.md, "Deleting an account"). */
export const Route = createFileRoute('/excluir-dados')({
  loader: () => loadCatalogScope('campaigns'),
  component: ConfirmGuestDeletionPage,
});
