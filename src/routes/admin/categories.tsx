import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/categories')({
  beforeLoad: requireAdmin('/admin/categories'),
  component: () => <AdminPage path="/admin/categories" />,
});
