import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { SystemPage } from '../../features/admin/system/SystemPage';

export const Route = createFileRoute('/admin/system')({
  beforeLoad: requireAdmin('/admin/system'),
  component: SystemPage,
});
