import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import type { Database, DatabaseHandle } from '../db/types';
import { bearerToken } from './authentication';
import { HttpError } from '../http/http-error';
import { appGauges } from '../metrics/app-gauges';
import { httpRequestDuration, processMetrics } from '../metrics/metrics';
import type { Clock } from '../services/clock';

export interface MetricsPluginOptions {
  /** METRICS_TOKEN; null: the route answers 404, as if there were none. */
  token: string | null;
  db: Database;
  clock: Clock;
  database?: Partial<Pick<DatabaseHandle, 'poolStats'>>;
}

/** Requests that match no route are one label, whatever their URL: the label set stays bounded. */
const UNMATCHED = '(unmatched)';
export const METRICS_PATH = '/metrics';

/** Equal digests compared in constant time: the token's length leaks nothing either. */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * Prometheus (docs/deploy.md, "Metrics"): GET /metrics answers this node's figures in the text format to
 * a caller with `Authorization: Bearer $METRICS_TOKEN`, and every answered request is timed by its route
 * pattern (`/api/v1/campaigns/:slug`, never the URL). The scrape itself is neither timed, rate-limited
 * nor logged at info.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { token, db, clock, database }) => {
    const ownGauges = appGauges({
      db,
      clock,
      poolStats: database?.poolStats,
      onError: (error) => app.log.warn({ err: error }, 'reading a queue for the metrics failed'),
    });

    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route !== METRICS_PATH) {
        httpRequestDuration.observe(
          { method: request.method, route: route ?? UNMATCHED, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      done();
    });

    const authorise = (request: FastifyRequest) => {
      if (token === null) throw new HttpError(404, errorCodes.notFound, m.notFound);
      const given = bearerToken(request);
      if (!given) throw new HttpError(401, errorCodes.tokenMissing, m.tokenUndefined);
      if (!sameSecret(given, token)) throw new HttpError(401, errorCodes.tokenInvalid, m.authTokenError);
    };

    app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
      authorise(request);
      const merged = Registry.merge([processMetrics, ownGauges]);
      const text = await merged.metrics();
      return reply.header('cache-control', 'no-store').type(merged.contentType).send(text);
    });
  },
  { name: 'semear-metrics' },
);
