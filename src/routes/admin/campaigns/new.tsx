import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../app/navigation/route-guards';
import { AdminPage } from '../../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/campaigns/new')({
  beforeLoad: requireAdmin('/admin/campaigns/new'),
  component: () => <AdminPage path="/admin/campaigns/new" />,
});
