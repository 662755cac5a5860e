import { userSchema } from '../../contracts';
import type { AuthBroadcast, AuthBroadcastMessage } from './auth-broadcast-message';
import { AUTH_CHANNEL, createChannelBroadcast, createListenerSet } from './broadcast-channel';

export type { AuthBroadcast, AuthBroadcastMessage } from './auth-broadcast-message';

/**
 * Tells the other tabs of this browser about sign-in and sign-out (docs/spec.md §4). BroadcastChannel where
 * there is one; otherwise a localStorage write, whose `storage` event fires in every other tab.
 * Neither delivers to the sender, so a tab never hears its own news. Incoming messages are checked:
 * anything can write to localStorage.
 */

export { AUTH_CHANNEL };

export function parseAuthBroadcastMessage(data: unknown): AuthBroadcastMessage | undefined {
  if (typeof data !== 'object' || data === null || !('type' in data)) return undefined;
  if (data.type === 'signedOut') return { type: 'signedOut' };
  if (data.type === 'signedIn' && 'user' in data) {
    const user = userSchema.safeParse(data.user);
    return user.success ? { type: 'signedIn', user: user.data } : undefined;
  }
  return undefined;
}

export function createAuthBroadcast(name: string = AUTH_CHANNEL): AuthBroadcast {
  const accept = (data: unknown, deliver: (message: AuthBroadcastMessage) => void): void => {
    const message = parseAuthBroadcastMessage(data);
    if (message) deliver(message);
  };
  if (typeof BroadcastChannel !== 'undefined') return createChannelBroadcast(name, accept);

  const listeners = createListenerSet();
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== name || !event.newValue) return;
    try {
      accept((JSON.parse(event.newValue) as { message?: unknown }).message, listeners.deliver);
    } catch {
      // Not ours or corrupt: ignore.
    }
  };
  window.addEventListener('storage', onStorage);
  return {
    post: (message) => {
      // The nonce makes two equal messages in a row still change the value (and fire the event).
      localStorage.setItem(name, JSON.stringify({ message, nonce: `${Date.now()}-${Math.random()}` }));
      localStorage.removeItem(name);
    },
    subscribe: listeners.subscribe,
    close: () => {
      listeners.clear();
      window.removeEventListener('storage', onStorage);
    },
  };
}
