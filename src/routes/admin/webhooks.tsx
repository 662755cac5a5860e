import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { WebhooksPage } from '../../features/admin/webhooks/WebhooksPage';

export const Route = createFileRoute('/admin/webhooks')({
  beforeLoad: requireAdmin('/admin/webhooks'),
  component: WebhooksPage,
});
