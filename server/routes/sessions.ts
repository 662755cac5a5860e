import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  refreshedTokensSchema,
  refreshTokenSchema,
  sessionSchema,
  signInSchema,
  type RefreshedTokens,
  type Session,
} from '../../contracts/user';
import { noContentSchema } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { createSessions } from '../services/auth/sessions';

export const sessionRoutes: FastifyPluginAsync<AppServices> = async (
  instance,
  { db, config, clock, accessTokens, refreshTokens, userStatus },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const sessions = createSessions({
    db,
    accessTokens,
    refreshTokens,
    userStatus,
    clock,
    translator: app.translator,
    publicUrl: config.publicUrl,
  });

  app.post(
    '/sessions',
    { schema: { body: signInSchema, response: { 200: sessionSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request): Promise<Session> =>
      sessions.signIn(request.body.email, request.body.password, { locale: request.locale, ip: request.ip, log: request.log }),
  );

  app.post(
    '/sessions/refresh/token',
    { schema: { body: refreshTokenSchema, response: { 200: refreshedTokensSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request): Promise<RefreshedTokens> => sessions.refresh(request.body.refresh_token),
  );

  /** Sign-out: ends the refresh family; the short-lived access token simply runs out. */
  app.delete(
    '/sessions',
    { schema: { body: refreshTokenSchema, response: { 204: noContentSchema } }, config: { noStore: true } },
    async (request, reply) => {
      await sessions.signOut(request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );
};
