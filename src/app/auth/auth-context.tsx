import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { User } from '../../../contracts';
import type { AuthEvent, AuthMachine, AuthSnapshot } from '../../../machines/auth/auth.machine';

export type AuthActor = Actor<AuthMachine>;
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

const AuthContext = createContext<AuthActor | null>(null);

/** Puts the app's auth actor (started in main.tsx with startAuthSession) in context. */
export function AuthProvider({ actor, children }: { actor: AuthActor; children: ReactNode }) {
  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

/** The status a snapshot stands for, read from its tags. */
export function authStatusOf(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.hasTag('state:signedIn')) return 'signedIn';
  if (snapshot.hasTag('state:signedOut')) return 'signedOut';
  return 'loading';
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuth must be used inside <AuthProvider>');
  return actor;
}

/**
 * Calls `onSignedOut` when a session that was open ends while the component is on screen (a sign-out
 * in another tab, an expired session). Outside an AuthProvider (a view rendered alone) it does nothing.
 */
export function useSessionEnd(onSignedOut: () => void): void {
  const actor = useContext(AuthContext);
  useEffect(() => {
    if (!actor) return;
    let wasSignedIn = actor.getSnapshot().hasTag('state:signedIn');
    const sub = actor.subscribe((snapshot) => {
      const signedIn = snapshot.hasTag('state:signedIn');
      if (wasSignedIn && !signedIn) onSignedOut();
      wasSignedIn = signedIn;
    });
    return () => sub.unsubscribe();
  }, [actor, onSignedOut]);
}

export interface UseAuth {
  status: AuthStatus;
  user: User | null;
  isSignedIn: boolean;
  isLoading: boolean;
  /** e.g. send({ type: 'auth.signedIn', user, token, refreshToken }), send({ type: 'auth.signOutRequested' }). */
  send: (event: AuthEvent) => void;
  actor: AuthActor;
}

/** Current user and auth state, re-rendering when they change. */
export function useAuth(): UseAuth {
  const actor = useAuthActor();
  const status = useSelector(actor, authStatusOf);
  const user = useSelector(actor, (s) => s.context.user);
  return {
    status,
    user,
    isSignedIn: status === 'signedIn',
    isLoading: status === 'loading',
    send: (event) => actor.send(event),
    actor,
  };
}
