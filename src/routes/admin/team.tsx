import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/team')({
  beforeLoad: requireAdmin('/admin/team'),
  component: () => <AdminPage path="/admin/team" />,
});
