import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../app/navigation/route-guards';
import { TaxonomyPage } from '../../features/admin/taxonomy/TaxonomyPage';

export const Route = createFileRoute('/admin/categories')({
  beforeLoad: requireAdmin('/admin/categories'),
  component: () => <TaxonomyPage kind="categories" />,
});
