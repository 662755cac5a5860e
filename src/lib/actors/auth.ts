import { createActor, fromPromise, type Actor } from 'xstate';
import type { User } from '../../../contracts';
import { authMachine, type AuthMachine } from '../../../machines/auth/auth.machine';
import { authApi, type AuthApi } from '../api/auth';
import { createAuthBroadcast, type AuthBroadcast } from '../broadcast';
import { clearSessionTokens, getRefreshToken, storeSessionTokens } from '../cookies';
import { apiClient, type ApiClient } from '../http/api-client';

export interface AuthDependencies {
  api: Pick<AuthApi, 'fetchProfile' | 'signOut'>;
  broadcast: AuthBroadcast;
}

/** The auth machine with the real cookies, API calls and cross-tab broadcast. */
export function provideAuthMachine({ api, broadcast }: AuthDependencies): AuthMachine {
  return authMachine.provide({
    actors: {
      loadCurrentUser: fromPromise(() => api.fetchProfile()),
      revokeSession: fromPromise(async () => {
        // Read the refresh token, then delete both cookies before the first await: the UI sees
        // them gone as soon as auth.signOut was sent.
        const refreshToken = getRefreshToken();
        clearSessionTokens();
        try {
          await api.signOut(refreshToken);
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
export function startAuthSession(
  input: { user?: User | null } = {},
  deps: Partial<AuthDependencies> & { client?: Pick<ApiClient, 'onSessionExpired'> } = {},
): AuthSession {
  const broadcast = deps.broadcast ?? createAuthBroadcast();
  const client = deps.client ?? apiClient;
  const actor = createActor(provideAuthMachine({ api: deps.api ?? authApi, broadcast }), { input });
  const unsubscribeBroadcast = broadcast.subscribe((message) =>
    actor.send(message.type === 'signedIn' ? { type: 'auth.remoteSignedIn', user: message.user } : { type: 'auth.remoteSignedOut' }),
  );
  const unsubscribeExpired = client.onSessionExpired(() => actor.send({ type: 'auth.expired' }));
  actor.start();
  return {
    actor,
    stop: () => {
      unsubscribeBroadcast();
      unsubscribeExpired();
      if (!deps.broadcast) broadcast.close();
      actor.stop();
    },
  };
}
