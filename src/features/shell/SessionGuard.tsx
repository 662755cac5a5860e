import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useAuthActor } from '../../app';

const PROTECTED = /^\/(profile|admin)(\/|$)/;

/**
 * The route guards run on navigation; this covers a session that ends while a protected page is
 * open (sign-out, another tab, an expired refresh): the page re-runs its guards, which send the
 * user home. Renders nothing.
 */
export function SessionGuard() {
  const router = useRouter();
  const actor = useAuthActor();
  useEffect(() => {
    let wasSignedIn = actor.getSnapshot().hasTag('state:signedIn');
    const sub = actor.subscribe((snapshot) => {
      const signedIn = snapshot.hasTag('state:signedIn');
      if (wasSignedIn && !signedIn && PROTECTED.test(router.state.location.pathname)) void router.invalidate();
      wasSignedIn = signedIn;
    });
    return () => sub.unsubscribe();
  }, [actor, router]);
  return null;
}
