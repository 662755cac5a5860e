import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  refreshedTokensSchema,
  refreshTokenSchema,
  sessionSchema,
  signInSchema,
  type RefreshedTokens,
  type Session,
} from '../../contracts/user';
import { noContentSchema } from '../../contracts/http';
import { apiErrorSchema } from '../../contracts/errors';
import { secondFactorRequiredSchema } from '../../contracts/second-factor';
import type { AppServices } from '../app-services';
import { createSessions, signInContext } from '../services/auth/sessions';

export const sessionRoutes: FastifyPluginAsync<AppServices> = async (
  instance,
  { db, config, clock, accessTokens, refreshTokens, userStatus, sessionStatus },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const sessions = createSessions({
    db,
    accessTokens,
    refreshTokens,
    userStatus,
    sessionStatus,
    clock,
    translator: app.translator,
    publicUrl: config.publicUrl,
  });

  app.post(
    '/sessions',
    {
      // An account with a second factor answers 401 with the challenge of the second step (routes/second-factors.ts).
      schema: { body: signInSchema, response: { 200: sessionSchema, 401: z.union([secondFactorRequiredSchema, apiErrorSchema]) } },
      config: { ...app.authRateLimit, noStore: true },
    },
    async (request): Promise<Session> => sessions.signIn(request.body.email, request.body.password, signInContext(request)),
  );

  app.post(
    '/sessions/refresh/token',
    { schema: { body: refreshTokenSchema, response: { 200: refreshedTokensSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request): Promise<RefreshedTokens> => sessions.refresh(request.body.refresh_token),
  );

  /** Sign-out: ends the session; its access tokens stop too. */
  app.delete(
    '/sessions',
    { schema: { body: refreshTokenSchema, response: { 204: noContentSchema } }, config: { noStore: true } },
    async (request, reply) => {
      await sessions.signOut(request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );
};
