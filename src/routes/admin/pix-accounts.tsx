import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { PayoutAccountsPage } from '../../features/admin/pix/PayoutAccountsPage';

export const Route = createFileRoute('/admin/pix-accounts')({
  beforeLoad: requireAdmin('/admin/pix-accounts'),
  component: PayoutAccountsPage,
});
