import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tracer } from '../tracing/tracing';

/** A request that matched no route is one name, whatever its URL (as in the metrics). */
const UNMATCHED = '(unmatched)';

/**
 * A server span per request (docs/deploy.md, "Tracing"), named by method and route pattern
 * (`POST /api/v1/campaigns/:slug/donations`, never the URL), child of the caller's W3C `traceparent`
 * when it sends one. Registered only while tracing is on (app.ts). It is made active for the rest of the
 * request: the hooks and handler that follow run inside it, and so do the request's body events (bound to
 * it), so the statements and provider calls the handler makes are its children. Attributes: method,
 * route and status only; no URL, query, header or body.
 */
export const tracingPlugin = fp(
  async (app) => {
    const spans = new WeakMap<FastifyRequest, Span>();
    const finish = (request: FastifyRequest, status: number | null) => {
      const span = spans.get(request);
      if (!span) return;
      spans.delete(request);
      const route = request.routeOptions.url ?? UNMATCHED;
      span.updateName(`${request.method} ${route}`);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
      if (status === null) span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted by the client' });
      else {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
        // Server spans: a 4xx is the caller's doing, only a 5xx is an error of ours.
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };

    app.addHook('onRequest', (request, reply, done) => {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer().startSpan(
        request.method,
        { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: request.method } },
        parent,
      );
      spans.set(request, span);
      const active = trace.setSpan(parent, span);
      context.bind(active, request.raw);
      context.bind(active, reply.raw);
      context.with(active, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      finish(request, reply.statusCode);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      finish(request, null);
      done();
    });
  },
  { name: 'semear-tracing' },
);
