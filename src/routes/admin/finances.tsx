import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/finances')({
  beforeLoad: requireAdmin('/admin/finances'),
  component: () => <AdminPage path="/admin/finances" />,
});
