import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../app/auth/auth-context';
import { useReturnUrl } from './use-return-url';

/**
 * Auth pages are for visitors: a signed-in user goes to return_url or home (docs/spec.md §2). The route
 * guards do this on arrival; this hook does it when the state changes under the page — which is how
 * a page leaves after its own successful sign-in (it only has to watch the auth state).
 */
export function useLeaveWhenSignedIn(): void {
  const { isSignedIn } = useAuth();
  const returnUrl = useReturnUrl();
  const navigate = useNavigate();
  // Once only: while the navigation runs, the location (and so returnUrl) already changes under
  // this still-mounted page, and a second navigate would send the user home instead.
  const left = useRef(false);
  useEffect(() => {
    if (!isSignedIn || left.current) return;
    left.current = true;
    void navigate({ href: returnUrl, replace: true });
  }, [isSignedIn, returnUrl, navigate]);
}
