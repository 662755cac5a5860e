import { userSchema, type User } from '../../contracts';

/**
 * Tells the other tabs of this browser about sign-in and sign-out (SPEC.md §4). BroadcastChannel where
 * there is one; otherwise a localStorage write, whose `storage` event fires in every other tab.
 * Neither delivers to the sender, so a tab never hears its own news. Incoming messages are checked:
 * anything can write to localStorage.
 */

export const AUTH_CHANNEL = 'semear.auth';

export type AuthBroadcastMessage = { type: 'signedIn'; user: User } | { type: 'signedOut' };

export interface AuthBroadcast {
  post(message: AuthBroadcastMessage): void;
  subscribe(listener: (message: AuthBroadcastMessage) => void): () => void;
  close(): void;
}

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
  const listeners = new Set<(message: AuthBroadcastMessage) => void>();
  const deliver = (data: unknown): void => {
    const message = parseAuthBroadcastMessage(data);
    if (message) listeners.forEach((listener) => listener(message));
  };

  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => {
        listeners.clear();
        channel.close();
      },
    };
  }

  const onStorage = (event: StorageEvent): void => {
    if (event.key !== name || !event.newValue) return;
    try {
      deliver((JSON.parse(event.newValue) as { message?: unknown }).message);
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
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      listeners.clear();
      window.removeEventListener('storage', onStorage);
    },
  };
}
