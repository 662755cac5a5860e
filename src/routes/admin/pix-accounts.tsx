import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/pix-accounts')({
  beforeLoad: requireAdmin('/admin/pix-accounts'),
  component: () => <AdminPage path="/admin/pix-accounts" />,
});
