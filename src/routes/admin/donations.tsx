import { createFileRoute } from '@tanstack/react-router';
import { adminDonationsSearchSchema } from '../../../contracts';
import { requireAdmin } from '../../app/navigation/route-guards';
import { AdminPage } from '../../features/admin/AdminPage';

export const Route = createFileRoute('/admin/donations')({
  validateSearch: adminDonationsSearchSchema,
  beforeLoad: requireAdmin('/admin/donations'),
  component: () => <AdminPage path="/admin/donations" />,
});
