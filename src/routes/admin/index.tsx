import { createFileRoute, redirect } from '@tanstack/react-router';
import { ADMIN_DENIED, adminPathsFor } from '../../app/navigation/guards';
import { authSettled } from '../../app/auth/settled';

/** /admin itself has no page: the first admin page this user may open, or the page saying there is none. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: async ({ context }) => {
    const snapshot = await authSettled(context.auth);
    throw redirect({ href: adminPathsFor(snapshot.context.user)[0] ?? ADMIN_DENIED, replace: true });
  },
});
