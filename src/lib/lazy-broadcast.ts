import type { AuthBroadcast } from './broadcast';
import { AUTH_CHANNEL, createChannelBroadcast, createListenerSet } from './broadcast-channel';
import { whenPageSettled } from './settled';

/**
 * The cross-tab auth channel without the cost up front: where BroadcastChannel exists it listens at
 * once on a bare channel and loads the message parser (src/lib/broadcast.ts, which checks the user
 * with zod) only when a message arrives; posting needs no parser. Elsewhere it falls back to
 * createAuthBroadcast (localStorage events) once the page has settled. Same wire format as
 * src/lib/broadcast.ts, so tabs using either understand each other.
 */
export function createLazyAuthChannel(): AuthBroadcast {
  if (typeof BroadcastChannel !== 'undefined') {
    return createChannelBroadcast(AUTH_CHANNEL, (data, deliver) => {
      void import('./broadcast').then(({ parseAuthBroadcastMessage }) => {
        const message = parseAuthBroadcastMessage(data);
        if (message) deliver(message);
      });
    });
  }

  const listeners = createListenerSet();
  let fallback: Promise<AuthBroadcast> | null = null;
  const connect = () =>
    (fallback ??= import('./broadcast').then(({ createAuthBroadcast }) => {
      const broadcast = createAuthBroadcast();
      broadcast.subscribe(listeners.deliver);
      return broadcast;
    }));
  const cancel = whenPageSettled(() => void connect());
  return {
    post: (message) => void connect().then((broadcast) => broadcast.post(message)),
    subscribe: listeners.subscribe,
    close: () => {
      cancel();
      listeners.clear();
      void fallback?.then((broadcast) => broadcast.close());
    },
  };
}
