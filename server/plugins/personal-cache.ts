import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { SessionStatus } from '../auth/session-records';
import type { DatabaseHandle } from '../db/types';
import { personalScopeOf, SYNC_SCOPE, type PersonalCache } from '../http/personal-cache';
import { PUBLIC_CHANGED_CHANNEL } from '../http/public-cache';
import type { UserStatus } from '../users/user-status';

export interface PersonalCachePluginOptions {
  cache: PersonalCache;
  userStatus: UserStatus;
  sessionStatus: SessionStatus;
  /** LISTEN for committed changes; without it the cache is off (createPersonalCache's `enabled`). */
  database?: Pick<DatabaseHandle, 'listen' | 'executeSql'>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Past this, the marker is taken as lost (the LISTEN connection dropped): every kept answer goes instead. */
const SYNC_WAIT_MS = 2_000;

/**
 * Keeps a signed-in person's reads and the status of their account and sessions true on every node
 * (docs/auth-and-profile.md, "Signed-in reads from memory"): the database NOTIFYs `user:<id>`,
 * `user:*` and `session:<id>` on the public reads' channel (migration 0045). NOTIFY reaches a
 * node-postgres listener a moment after the commit, so a write the caller makes here also drops their
 * answers before its answer leaves: their next read, on this node, shows it. An admin's write may change
 * someone else's (a grant, a closed account): its answer waits until this node has heard its commit.
 */
export const personalCachePlugin = fp<PersonalCachePluginOptions>(
  async (app, { cache, userStatus, sessionStatus, database }) => {
    let unlisten: (() => Promise<void>) | null = null;
    const markers = new Map<string, () => void>();
    if (database) {
      app.addHook('onReady', async () => {
        unlisten = await database.listen(
          PUBLIC_CHANGED_CHANNEL,
          (payload) => {
            const scope = personalScopeOf(payload);
            if (scope?.kind === 'user') {
              cache.invalidateUser(scope.userId);
              userStatus.forget(scope.userId);
            } else if (scope?.kind === 'session') sessionStatus.forget([scope.sessionId]);
            else if (scope?.kind === 'every-user') cache.invalidateAll();
            else if (scope?.kind === 'sync') markers.get(scope.marker)?.();
          },
          // Notifications sent while the connection was down are lost: start again from the database.
          () => cache.invalidateAll(),
        );
      });
    }

    /**
     * Resolves once the listener has heard every NOTIFY committed before now: PostgreSQL delivers a
     * listener's notifications in commit order, so a marker sent after them arrives after them.
     */
    const heardCommitsSoFar = async (db: Pick<DatabaseHandle, 'executeSql'>): Promise<void> => {
      const marker = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        markers.set(marker, resolve);
        timer = setTimeout(() => {
          cache.invalidateAll();
          resolve();
        }, SYNC_WAIT_MS);
      });
      try {
        await db.executeSql('select pg_notify($1, $2)', [PUBLIC_CHANGED_CHANNEL, `${SYNC_SCOPE}${marker}`]);
        await heard;
      } catch {
        // The write is done and answered either way: without the marker, nothing kept is trusted.
        cache.invalidateAll();
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    };

    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.userId === null || READS.has(request.method)) return payload;
      cache.invalidateUser(request.userId);
      if (request.asAdmin && database && unlisten) await heardCommitsSoFar(database);
      return payload;
    });
    app.addHook('onClose', async () => {
      await unlisten?.().catch((error: unknown) => app.log.warn({ err: error }, 'stopping LISTEN failed'));
    });
  },
  { name: 'semear-personal-cache', dependencies: ['semear-authentication'] },
);
