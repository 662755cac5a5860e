import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createRedisClient, type Redis } from '../services/shared-counts/redis-client';
import { groupedStore } from './grouped-store';

type RouteRateLimit = { rateLimit: { max: number; timeWindow: number; groupId?: string } };

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for calls that guess passwords or send mail: `{ config: app.authRateLimit }`. */
    authRateLimit: RouteRateLimit;
    /** Route config for calls that attempt a payment (card testing tries many cards quickly): one count across all of them. */
    paymentRateLimit: RouteRateLimit;
    /** Route config for page views: anyone may send them, so a flood must not fill the table. */
    analyticsRateLimit: RouteRateLimit;
    /** Route config for looking up a gift card by its code: guessing codes is as slow as guessing passwords. */
    giftCardLookupRateLimit: RouteRateLimit;
    /** REDIS_URL's client, through which every node shares its counts; null counts on this node only. */
    sharedCounts: Redis | null;
  }
}

/**
 * Limits per client address on the authentication, payment, gift-card look-up and page-view calls only; the
 * payment routes share one count. With REDIS_URL every node adds to the same counts in Redis (a limit is
 * reached at the same total however a load balancer spreads the calls); without it each node counts in memory.
 */
export const authRateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : null;
    app.decorate('sharedCounts', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await app.register(rateLimit, {
      global: false,
      store: groupedStore(redis),
      // The error handler turns this into { message, code: 'rate_limited' } in the caller's language.
      errorResponseBuilder: (_request, context) => Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
    });
    app.decorate('authRateLimit', { rateLimit: { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs } });
    app.decorate('paymentRateLimit', { rateLimit: { max: config.paymentRateLimitMax, timeWindow: 60_000, groupId: 'payments' } });
    app.decorate('giftCardLookupRateLimit', { rateLimit: { max: config.paymentRateLimitMax, timeWindow: 60_000 } });
    app.decorate('analyticsRateLimit', { rateLimit: { max: config.analyticsRateLimitMax, timeWindow: 60_000 } });
  },
  { name: 'semear-auth-rate-limit' },
);
