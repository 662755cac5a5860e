import type { AuthBroadcast, AuthBroadcastMessage } from './auth-broadcast-message';

/** Free of zod on purpose: the home page's entry chunk imports this file (JS budget, docs/web-app.md). */
export const AUTH_CHANNEL = 'semear.auth';

type Listener = (message: AuthBroadcastMessage) => void;

/** The listeners of one broadcast, whatever carries its messages. */
export function createListenerSet() {
  const listeners = new Set<Listener>();
  return {
    deliver: (message: AuthBroadcastMessage) => listeners.forEach((listener) => listener(message)),
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    clear: () => listeners.clear(),
  };
}

/**
 * A BroadcastChannel carrying auth messages. `receive` checks the raw data (anything in the origin
 * can post) and hands valid messages to `deliver`, at once or after loading its parser.
 */
export function createChannelBroadcast(name: string, receive: (data: unknown, deliver: Listener) => void): AuthBroadcast {
  const listeners = createListenerSet();
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent) => receive(event.data, listeners.deliver);
  return {
    post: (message) => channel.postMessage(message),
    subscribe: listeners.subscribe,
    close: () => {
      listeners.clear();
      channel.close();
    },
  };
}
