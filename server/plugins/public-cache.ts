import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../contracts/constants';
import type { DatabaseHandle } from '../db/types';
import { PERSONAL_CACHE_CONTROL } from '../http/public-answer';
import { personalScopeOf } from '../http/personal-cache';
import { EVERYTHING, PUBLIC_CHANGED_CHANNEL, type PublicCache } from '../http/public-cache';

export interface PublicCachePluginOptions {
  cache: PublicCache;
  /** LISTEN for committed changes; without it the cache is off (createPublicCache's `enabled`). */
  database?: Pick<DatabaseHandle, 'listen'>;
}

/** Writes that never change what the public reads, and come often: they keep the cache. */
const KEEPS_PUBLIC_READS = ['/analytics', '/sessions', '/realtime', '/password'].map((path) => `${API_PREFIX}${path}`);

const mayChangePublicReads = (request: FastifyRequest): boolean =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  request.method !== 'OPTIONS' &&
  !KEEPS_PUBLIC_READS.some((path) => request.url === path || request.url.startsWith(`${path}/`) || request.url.startsWith(`${path}?`));

/**
 * Keeps the public reads' cache true (docs/campaigns.md, "Public reads from memory"): every commit
 * anywhere NOTIFYs (migration 0031) and this process drops what it changed. NOTIFY reaches a
 * node-postgres listener a moment after the commit, so a write answered by this process also drops
 * everything before its answer leaves: the donor who just gave reads the new total on their next read.
 */
export const publicCachePlugin = fp<PublicCachePluginOptions>(
  async (app, { cache, database }) => {
    let unlisten: (() => Promise<void>) | null = null;
    if (database && cache.enabled) {
      app.addHook('onReady', async () => {
        unlisten = await database.listen(
          PUBLIC_CHANGED_CHANNEL,
          // A person's own payloads (migration 0045) are the personal cache's: they change nothing public.
          (scope) => personalScopeOf(scope) === null && cache.invalidate(scope),
          () => cache.invalidate(EVERYTHING),
        );
      });
    }
    app.addHook('onSend', (request, reply, payload, done) => {
      if (mayChangePublicReads(request)) cache.invalidate(EVERYTHING);
      // Nothing that sets a cookie is shared, whatever the route said.
      const cacheControl = reply.getHeader('cache-control');
      if (reply.hasHeader('set-cookie') && typeof cacheControl === 'string' && cacheControl.includes('public'))
        reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      done(null, payload);
    });
    app.addHook('onClose', async () => {
      await unlisten?.().catch((error: unknown) => app.log.warn({ err: error }, 'stopping LISTEN failed'));
    });
  },
  { name: 'semear-public-cache' },
);
