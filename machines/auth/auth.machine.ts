import { assign, fromPromise, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { canAccessAdminPath, grantsOf, type AdminPath, type User } from '../../contracts';

/**
 * Who is using the app (docs/spec.md §4 Auth).
 *
 * unknown ──(input.user)──► signedIn
 *    └──────────────────────► authenticating ──done──► signedIn
 *                                  └──error (silent)──► signedOut
 *
 * Sign-in/sign-out made in this tab are broadcast to the others; events that came from another
 * tab (`auth.remote*`) are never broadcast back, or two tabs would echo each other forever.
 */

export interface AuthInput {
  /** A user already known (e.g. from page props): skips the start-up load. */
  user?: User | null;
}

export interface AuthContext {
  user: User | null;
}

export type AuthEvent =
  /** The sign-in or sign-up form got a session from the API. */
  | { type: 'auth.signedIn'; user: User; token: string; refreshToken: string }
  | { type: 'auth.signOutRequested' }
  /** The profile form saved the user. */
  | { type: 'auth.userUpdated'; user: User }
  /** Another tab signed in (cookies are shared, so only the user travels). */
  | { type: 'auth.remoteSignedIn'; user: User }
  | { type: 'auth.remoteSignedOut' }
  /** A 401 killed the session (the token layer already deleted the cookies). */
  | { type: 'auth.expired' };

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    /** GET /users/profile; rejects when there is no session. Provided by the app. */
    loadCurrentUser: fromPromise<User>(async () => {
      throw new Error('auth: loadCurrentUser not provided');
    }),
    /**
     * Ends the session on sign-out: reads the refresh token, deletes both cookies (before its first
     * await, so they are gone when `send` returns), then DELETE /sessions best effort. One actor does
     * all three because a spawned actor starts only after the transition's actions have run: a
     * separate `clearSession` action would delete the refresh token before it could be read.
     */
    revokeSession: fromPromise<void>(async () => {
      throw new Error('auth: revokeSession not provided');
    }),
  },
  actions: {
    /** Writes the token and refresh-token cookies. */
    persistSession: (_, _params: SessionTokens) => {},
    /** Deletes both cookies (when the session expired; sign-out leaves it to revokeSession). */
    clearSession: () => {},
    /** Tells other tabs (BroadcastChannel 'semear.auth'). */
    broadcastSignedIn: (_, _params: { user: User }) => {},
    broadcastSignedOut: () => {},
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ user: input?.user ?? null }),
  initial: 'unknown',
  // Events valid wherever we are: a form sign-in, the other tab's news, an expired session.
  on: {
    'auth.signedIn': {
      target: '.signedIn',
      actions: [
        assign({ user: ({ event }) => event.user }),
        { type: 'persistSession', params: ({ event }) => ({ token: event.token, refreshToken: event.refreshToken }) },
        { type: 'broadcastSignedIn', params: ({ event }) => ({ user: event.user }) },
      ],
    },
    'auth.remoteSignedIn': { target: '.signedIn', actions: assign({ user: ({ event }) => event.user }) },
    'auth.remoteSignedOut': { target: '.signedOut', actions: assign({ user: null }) },
    // Revoking is best effort: a failed DELETE /sessions must not crash the machine (an unhandled
    // child error would stop it).
    'xstate.error.actor.revokeSession': {},
  },
  states: {
    unknown: {
      tags: ['state:loading'],
      always: [{ guard: 'hasUser', target: 'signedIn' }, { target: 'authenticating' }],
    },
    authenticating: {
      tags: ['state:loading'],
      invoke: {
        id: 'loadCurrentUser',
        src: 'loadCurrentUser',
        onDone: { target: 'signedIn', actions: assign({ user: ({ event }) => event.output }) },
        // Tried once, failure is silent: no error kept, the visitor simply is not signed in.
        onError: { target: 'signedOut' },
      },
      on: {
        'auth.expired': { target: 'signedOut' },
      },
    },
    signedIn: {
      tags: ['state:signedIn'],
      on: {
        'auth.userUpdated': { actions: assign({ user: ({ event }) => event.user }) },
        'auth.signOutRequested': {
          target: 'signedOut',
          actions: [spawnChild('revokeSession', { id: 'revokeSession' }), 'broadcastSignedOut', assign({ user: null })],
        },
        'auth.expired': {
          target: 'signedOut',
          actions: ['clearSession', 'broadcastSignedOut', assign({ user: null })],
        },
      },
    },
    signedOut: {
      tags: ['state:signedOut'],
    },
  },
});

export type AuthMachine = typeof authMachine;
export type AuthSnapshot = SnapshotFrom<AuthMachine>;

// Selectors for useSelector(authActor, …).
export const selectUser = (snapshot: AuthSnapshot): User | null => snapshot.context.user;
export const selectIsSignedIn = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('state:signedIn');
export const selectIsLoading = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('state:loading');

/** Selector factory: may the current user open this admin route (role ADMIN + its permissions)? */
export const isAdminFor =
  (path: AdminPath) =>
  (snapshot: AuthSnapshot): boolean => {
    const user = snapshot.context.user;
    return snapshot.hasTag('state:signedIn') && user !== null && canAccessAdminPath(grantsOf(user), path);
  };
