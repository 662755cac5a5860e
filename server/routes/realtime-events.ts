import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorCodes } from '../../contracts/errors';
import { donorMessages as dm } from '../../contracts/donor-messages';
import { messages as m } from '../../contracts/messages';
import { HttpError } from '../http/http-error';
import type { ChannelRegistry } from '../services/realtime/channel-registry';
import { batchBodySchema, deliverEvents, triggerBodySchema, type OutgoingEvent } from '../services/realtime/events-api';
import { verifyEventsRequest } from '../services/realtime/signatures';

export interface EventsRoutesOptions {
  app: { appId: string; key: string; secret: string };
  registry: ChannelRegistry;
}

/** Seconds since the epoch: a signature's freshness is wall-clock time, whatever the app's clock says. */
const nowS = () => Math.floor(Date.now() / 1000);

/** Pusher's answers: an empty object, and one per event of a batch (the SDKs read nothing else). */
const triggeredSchema = z.object({});
const batchTriggeredSchema = z.object({ batch: z.array(z.object({})) });

/** Ten events of 10 KB each and their JSON: Pusher's own batch limit. */
const EVENTS_BODY_LIMIT = 256 * 1024;

/**
 * The HTTP events API of the embedded endpoint (POST /apps/{id}/events and /batch_events), the calls
 * the official SDKs make. The body's MD5 is signed, so the raw text is kept: this scope parses JSON
 * itself, after the signature check.
 */
export const embeddedEventsRoutes: FastifyPluginAsync<EventsRoutesOptions> = async (instance, options) => {
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: EVENTS_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  /** 404 for another app, 401 for a forged or stale signature, then the body parsed as JSON. */
  const authorisedBody = (request: FastifyRequest<{ Params: { appId: string } }>): unknown => {
    if (request.params.appId !== options.app.appId) throw new HttpError(404, errorCodes.notFound, m.notFound);
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const path = request.url.split('?')[0] ?? '';
    const check = verifyEventsRequest(options.app, {
      method: request.method,
      path,
      query: request.query as Record<string, unknown>,
      rawBody,
      nowS: nowS(),
    });
    if (!check.ok) {
      request.log.info({ reason: check.reason }, 'realtime event refused');
      throw new HttpError(401, errorCodes.realtimeSignatureInvalid, dm.realtimeSignatureInvalid);
    }
    try {
      return JSON.parse(rawBody);
    } catch {
      throw new HttpError(400, errorCodes.validation, dm.realtimeEventInvalid);
    }
  };

  instance.post<{ Params: { appId: string } }>(
    '/apps/:appId/events',
    { schema: { response: { 200: triggeredSchema } } },
    async (request) => {
      const parsed = triggerBodySchema.safeParse(authorisedBody(request));
      if (!parsed.success) throw new HttpError(400, errorCodes.validation, dm.realtimeEventInvalid);
      const { name, data, channels, channel, socket_id } = parsed.data;
      deliverEvents(options.registry, [{ name, data, channels: channels ?? [channel as string], socketId: socket_id }]);
      return {};
    },
  );

  instance.post<{ Params: { appId: string } }>(
    '/apps/:appId/batch_events',
    { schema: { response: { 200: batchTriggeredSchema } } },
    async (request) => {
      const parsed = batchBodySchema.safeParse(authorisedBody(request));
      if (!parsed.success) throw new HttpError(400, errorCodes.validation, dm.realtimeEventInvalid);
      const events: OutgoingEvent[] = parsed.data.batch.map((e) => ({
        name: e.name,
        data: e.data,
        channels: [e.channel],
        socketId: e.socket_id,
      }));
      deliverEvents(options.registry, events);
      return { batch: events.map(() => ({})) };
    },
  );
};
