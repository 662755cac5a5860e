import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../app/navigation/route-guards';
import { AdminPage } from '../../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/campaigns/')({
  beforeLoad: requireAdmin('/admin/campaigns'),
  component: () => <AdminPage path="/admin/campaigns" />,
});
