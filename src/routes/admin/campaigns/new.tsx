import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../app/navigation/route-guards';
import { NewCampaignPage } from '../../../features/admin/campaign-editor/NewCampaignPage';

export const Route = createFileRoute('/admin/campaigns/new')({
  beforeLoad: requireAdmin('/admin/campaigns/new'),
  component: NewCampaignPage,
});
