import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/tags')({
  beforeLoad: requireAdmin('/admin/tags'),
  component: () => <AdminPage path="/admin/tags" />,
});
