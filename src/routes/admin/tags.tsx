import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { TaxonomyPage } from '../../features/admin/taxonomy/TaxonomyPage';

export const Route = createFileRoute('/admin/tags')({
  beforeLoad: requireAdmin('/admin/tags'),
  component: () => <TaxonomyPage kind="tags" />,
});
