import type { User } from '../../contracts';

/** What one tab tells the others about the session (broadcast.ts sends and checks it; broadcast-channel.ts carries it). */
export type AuthBroadcastMessage = { type: 'signedIn'; user: User } | { type: 'signedOut' };

export interface AuthBroadcast {
  post(message: AuthBroadcastMessage): void;
  subscribe(listener: (message: AuthBroadcastMessage) => void): () => void;
  close(): void;
}
