import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/pix-keys')({
  beforeLoad: requireAdmin('/admin/pix-keys'),
  component: () => <AdminPage path="/admin/pix-keys" />,
});
