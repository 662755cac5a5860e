import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../../features/pages/profile-pages';

export const Route = createFileRoute('/profile/notifications')({ component: NotificationsPage });
