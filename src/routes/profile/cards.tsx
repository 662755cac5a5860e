import { createFileRoute } from '@tanstack/react-router';
import { CardsPage } from '../../features/pages/profile-pages';

export const Route = createFileRoute('/profile/cards')({ component: CardsPage });
