import type { RealtimeLimits } from '../../config';
import { closeCodes } from './protocol';
import type { PusherConnection } from './ws-connection';

export interface ConnectionLimits {
  /** Whether one more socket may be accepted. */
  hasRoom(): boolean;
  opened(connection: PusherConnection): void;
  /** Its first private subscription: counts it for that donor and closes their oldest beyond the limit. */
  authenticated(connection: PusherConnection): void;
  closed(connection: PusherConnection): void;
  /** For the heartbeat sweep. */
  all(): Iterable<PusherConnection>;
}

/**
 * The embedded endpoint's bookkeeping of open sockets (docs/realtime.md, "Limits"). Beyond the per-donor
 * limit the oldest socket goes, not the newest: a donor with many tabs is looking at the one just
 * opened, and the closed one is told 4004, so pusher-js there stays disconnected instead of coming
 * back to push out another tab.
 */
export function createConnectionLimits(limits: RealtimeLimits): ConnectionLimits {
  const open = new Set<PusherConnection>();
  /** Per donor (their private channel), oldest first. */
  const byOwner = new Map<string, PusherConnection[]>();

  const forget = (connection: PusherConnection): void => {
    const owner = connection.owner;
    const list = owner === null ? undefined : byOwner.get(owner);
    if (!owner || !list) return;
    const left = list.filter((c) => c !== connection);
    if (left.length === 0) byOwner.delete(owner);
    else byOwner.set(owner, left);
  };

  return {
    hasRoom: () => open.size < limits.maxConnections,
    opened: (connection) => void open.add(connection),
    authenticated(connection) {
      const owner = connection.owner;
      if (owner === null) return;
      const list = [...(byOwner.get(owner) ?? []), connection];
      while (list.length > limits.maxConnectionsPerUser) {
        const oldest = list.shift() as PusherConnection;
        oldest.closeWith(
          closeCodes.overConnectionQuota,
          `Over the quota of ${limits.maxConnectionsPerUser} connections of one user: a newer one replaced this one`,
        );
      }
      byOwner.set(owner, list);
    },
    closed(connection) {
      open.delete(connection);
      forget(connection);
    },
    all: () => open,
  };
}
