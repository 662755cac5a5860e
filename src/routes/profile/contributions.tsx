import { createFileRoute } from '@tanstack/react-router';
import { contributionsSearchSchema } from '../../../contracts';
import { ContributionsPage } from '../../features/pages/profile-pages';

export const Route = createFileRoute('/profile/contributions')({
  validateSearch: contributionsSearchSchema,
  component: ContributionsPage,
});
