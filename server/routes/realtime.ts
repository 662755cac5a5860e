import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../contracts/constants';
import { apiErrorSchema, errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import {
  realtimeAuthRequestSchema,
  realtimeAuthResponseSchema,
  realtimeClientConfigSchema,
  userChannel,
  type RealtimeClientConfig,
} from '../../contracts/realtime';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';

/** Where the browser connects (docs/realtime.md): host null is the page's own host and port. */
export function realtimeClientConfig(config: AppServices['config']): RealtimeClientConfig {
  const r = config.realtime;
  return {
    key: r.key,
    cluster: r.cluster,
    // Hosted Pusher is reached through its cluster name: the SDK's api-… host is not where browsers connect.
    host: r.embedded || (r.cluster !== null && r.host === `api-${r.cluster}.pusher.com`) ? null : r.host,
    port: r.embedded ? null : r.port,
    use_tls: r.embedded ? new URL(config.publicUrl).protocol === 'https:' : r.useTLS,
    auth_endpoint: `${API_PREFIX}/realtime/auth`,
  };
}

export const realtimeRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // pusher-js's built-in authoriser posts a form; our client posts JSON. Both reach the same schema.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/realtime/config', { schema: { response: { 200: realtimeClientConfigSchema } } }, async () =>
    realtimeClientConfig(services.config),
  );

  /** Only the signed-in donor's own channel, private-user-{id}; anything else is refused. */
  app.post(
    '/realtime/auth',
    {
      onRequest: app.authenticate,
      schema: { body: realtimeAuthRequestSchema, response: { 200: realtimeAuthResponseSchema, 403: apiErrorSchema } },
    },
    async (request) => {
      const { socket_id, channel_name } = request.body;
      if (channel_name !== userChannel(request.user.id)) throw new HttpError(403, errorCodes.forbidden, m.forbidden);
      return { auth: app.realtime.pusher.authorizeChannel(socket_id, channel_name).auth };
    },
  );
};
