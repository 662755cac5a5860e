import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { TeamPage } from '../../features/admin/team/TeamPage';

export const Route = createFileRoute('/admin/team')({
  beforeLoad: requireAdmin('/admin/team'),
  component: TeamPage,
});
