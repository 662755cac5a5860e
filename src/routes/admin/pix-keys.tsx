import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { PixKeysPage } from '../../features/admin/pix/PixKeysPage';

export const Route = createFileRoute('/admin/pix-keys')({
  beforeLoad: requireAdmin('/admin/pix-keys'),
  component: PixKeysPage,
});
