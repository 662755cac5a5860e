import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSessionEnd } from '../../app';

const PROTECTED = /^\/(profile|admin)(\/|$)/;

/**
 * The route guards run on navigation; this covers a session that ends while a protected page is
 * open (sign-out, another tab, an expired refresh): the page re-runs its guards, which send the
 * user home. Renders nothing.
 */
export function SessionGuard() {
  const router = useRouter();
  useSessionEnd(
    useCallback(() => {
      if (PROTECTED.test(router.state.location.pathname)) void router.invalidate();
    }, [router]),
  );
  return null;
}
