import { createFileRoute } from '@tanstack/react-router';
import { WalletPage } from '../../features/pages/profile-pages';

export const Route = createFileRoute('/profile/wallet')({ component: WalletPage });
