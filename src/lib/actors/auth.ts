import { createActor, fromPromise, type Actor } from 'xstate';
import type { User } from '../../../contracts';
import { authMachine, type AuthMachine } from '../../../machines/auth/auth.machine';
import type { AuthApi } from '../api/auth';
import type { AuthBroadcast } from '../broadcast';
import { clearSessionTokens, getRefreshToken, getToken, storeSessionTokens } from '../cookies';
import type { ApiClient } from '../http/api-client';
import { createLazyAuthChannel } from '../lazy-broadcast';
import { inspected } from '../inspect';

/**
 * The network layer (axios, the zod schemas that parse answers) loads on demand, off the home page's
 * critical path (JS budget, docs/web-app.md): a visitor without a token cookie never needs the API
 * to learn they are signed out, and the 401 → auth.expired hook is only needed once a session exists.
 */
export interface AuthDependencies {
  loadApi: () => Promise<Pick<AuthApi, 'fetchProfile' | 'signOut'>>;
  loadClient: () => Promise<Pick<ApiClient, 'onSessionExpired'>>;
  broadcast: AuthBroadcast;
}

const defaultLoadApi = () => import('../api/auth').then((m) => m.authApi);
const defaultLoadClient = () => import('../http/api-client').then((m) => m.apiClient);

/** The auth machine with the real cookies, API calls and cross-tab broadcast. */
export function provideAuthMachine({ loadApi, broadcast }: Pick<AuthDependencies, 'loadApi' | 'broadcast'>): AuthMachine {
  return authMachine.provide({
    actors: {
      loadCurrentUser: fromPromise(async () => {
        // Same outcome as fetchProfile without a token ('Token indefinido.'), silent here, without
        // loading the API client.
        if (!getToken()) throw new Error('auth: no session token');
        return (await loadApi()).fetchProfile();
      }),
      revokeSession: fromPromise(async () => {
        // Read the refresh token, then delete both cookies before the first await: the UI sees
        // them gone as soon as auth.signOut was sent.
        const refreshToken = getRefreshToken();
        clearSessionTokens();
        try {
          await (await loadApi()).signOut(refreshToken);
        } catch {
          // Best effort: the cookies are gone either way and the token expires on its own.
        }
      }),
    },
    actions: {
      persistSession: (_, tokens) => storeSessionTokens(tokens),
      clearSession: () => clearSessionTokens(),
      broadcastSignedIn: (_, { user }) => broadcast.post({ type: 'signedIn', user }),
      broadcastSignedOut: () => broadcast.post({ type: 'signedOut' }),
    },
  });
}

export interface AuthSession {
  actor: Actor<AuthMachine>;
  /** Unsubscribes from the broadcast and the API client, and stops the actor. */
  stop(): void;
}

/**
 * Starts the app's auth actor and connects it: other tabs' news become auth.remote* events, and a
 * 401 that ended the session (seen by the API client) becomes auth.expired.
 */
export function startAuthSession(input: { user?: User | null } = {}, deps: Partial<AuthDependencies> = {}): AuthSession {
  const broadcast = deps.broadcast ?? createLazyAuthChannel();
  const loadClient = deps.loadClient ?? defaultLoadClient;
  const actor = createActor(provideAuthMachine({ loadApi: deps.loadApi ?? defaultLoadApi, broadcast }), inspected({ input }));
  let stopped = false;
  const cleanups: Array<() => void> = [
    broadcast.subscribe((message) =>
      actor.send(message.type === 'signedIn' ? { type: 'auth.remoteSignedIn', user: message.user } : { type: 'auth.remoteSignedOut' }),
    ),
  ];
  if (!deps.broadcast) cleanups.push(() => broadcast.close());

  // A 401 that ends the session can only happen once there is one.
  let expiryHooked = false;
  const subscription = actor.subscribe((snapshot) => {
    if (expiryHooked || !snapshot.hasTag('state:signedIn')) return;
    expiryHooked = true;
    void loadClient().then((client) => {
      if (!stopped) cleanups.push(client.onSessionExpired(() => actor.send({ type: 'auth.expired' })));
    });
  });

  actor.start();
  return {
    actor,
    stop: () => {
      stopped = true;
      subscription.unsubscribe();
      cleanups.forEach((cleanup) => cleanup());
      actor.stop();
    },
  };
}
