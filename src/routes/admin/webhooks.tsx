import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/webhooks')({
  beforeLoad: requireAdmin('/admin/webhooks'),
  component: () => <AdminPage path="/admin/webhooks" />,
});
