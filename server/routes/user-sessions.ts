import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '../../contracts/errors';
import { noContentSchema } from '../../contracts/http';
import { userSessionsSchema, type UserSession } from '../../contracts/user-sessions';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { sessionLabelMessages } from '../users/session-labels';
import { createUserSessions } from '../users/user-sessions';

/** The signed-in person's sessions (docs/api.md): see them, end one, end all the others. */
export const userSessionRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, sessionStatus }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const sessions = createUserSessions({ db, clock, translator: app.translator, sessionStatus });

  app.get(
    '/users/profile/sessions',
    { onRequest: app.authenticate, schema: { response: { 200: userSessionsSchema } } },
    async (request): Promise<UserSession[]> => sessions.list(request.user.id, request.sessionId, request.locale),
  );

  app.delete(
    '/users/profile/sessions/:id',
    { onRequest: app.authenticate, schema: { params: z.object({ id: z.uuid() }), response: { 204: noContentSchema } } },
    async (request, reply) => {
      if (!(await sessions.end(request.user.id, request.params.id)))
        throw new HttpError(404, errorCodes.notFound, sessionLabelMessages.notFound);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/profile/sessions',
    { onRequest: app.authenticate, schema: { response: { 204: noContentSchema } } },
    async (request, reply) => {
      await sessions.endOthers(request.user.id, request.sessionId);
      return reply.status(204).send(null);
    },
  );
};
