import fp from 'fastify-plugin';
import type { SessionStatus } from '../auth/session-records';
import type { DatabaseHandle } from '../db/types';
import { personalScopeOf, type PersonalCache } from '../http/personal-cache';
import { PUBLIC_CHANGED_CHANNEL } from '../http/public-cache';
import type { UserStatus } from '../users/user-status';

export interface PersonalCachePluginOptions {
  cache: PersonalCache;
  userStatus: UserStatus;
  sessionStatus: SessionStatus;
  /** LISTEN for committed changes; without it the cache is off (createPersonalCache's `enabled`). */
  database?: Pick<DatabaseHandle, 'listen'>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps a signed-in person's reads and the status of their account and sessions true on every node
 * (docs/auth-and-profile.md, "Signed-in reads from memory"): the database NOTIFYs `user:<id>`,
 * `user:*` and `session:<id>` on the public reads' channel (migration 0045). NOTIFY reaches a
 * node-postgres listener a moment after the commit, so a write the caller makes here also drops their
 * answers before its answer leaves: their next read, on this node, shows it.
 */
export const personalCachePlugin = fp<PersonalCachePluginOptions>(
  async (app, { cache, userStatus, sessionStatus, database }) => {
    let unlisten: (() => Promise<void>) | null = null;
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
          },
          // Notifications sent while the connection was down are lost: start again from the database.
          () => cache.invalidateAll(),
        );
      });
    }
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.userId !== null && !READS.has(request.method)) cache.invalidateUser(request.userId);
      done(null, payload);
    });
    app.addHook('onClose', async () => {
      await unlisten?.().catch((error: unknown) => app.log.warn({ err: error }, 'stopping LISTEN failed'));
    });
  },
  { name: 'semear-personal-cache', dependencies: ['semear-authentication'] },
);
