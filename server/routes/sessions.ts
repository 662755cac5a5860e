import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
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
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { HttpError } from '../http/http-error';
import { presentUser } from '../users/user-presenter';
import { findUserByEmail, findUserById, findUserWithGrants, isUsable } from '../users/users-repository';

export const sessionRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, config, accessTokens, refreshTokens, userStatus }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/sessions',
    { schema: { body: signInSchema, response: { 200: sessionSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request): Promise<Session> => {
      const { email, password } = request.body;
      const user = await findUserByEmail(db, email);
      // Without an account we still verify a hash, so the answer time does not reveal which e-mails exist.
      const passwordMatches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !passwordMatches) throw new HttpError(401, errorCodes.invalidCredentials, m.invalidCredentials);
      if (!isUsable(user)) throw new HttpError(403, errorCodes.userInactive, m.userInactive);
      // The account was just read: a reactivated one must not wait out a cached "closed".
      userStatus.forget(user.id);
      const [token, refreshToken, found] = await Promise.all([
        accessTokens.issue(user.id),
        refreshTokens.issue(db, user.id),
        findUserWithGrants(db, user.id),
      ]);
      if (!found) throw new HttpError(401, errorCodes.invalidCredentials, m.invalidCredentials);
      return { token, refresh_token: refreshToken, user: presentUser(found.user, found.grants, config.publicUrl) };
    },
  );

  app.post(
    '/sessions/refresh/token',
    { schema: { body: refreshTokenSchema, response: { 200: refreshedTokensSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request): Promise<RefreshedTokens> => {
      const result = await refreshTokens.rotate(request.body.refresh_token);
      if (!result.ok) {
        throw result.reason === 'reused'
          ? new HttpError(401, errorCodes.refreshReused, m.refreshInvalid)
          : new HttpError(401, errorCodes.refreshInvalid, m.refreshInvalid);
      }
      const user = await findUserById(db, result.userId);
      if (!user || !isUsable(user)) {
        await refreshTokens.revokeAllOfUser(db, result.userId);
        throw new HttpError(401, errorCodes.refreshInvalid, m.refreshInvalid);
      }
      userStatus.forget(user.id);
      return { token: await accessTokens.issue(user.id), refresh_token: result.refreshToken };
    },
  );

  /** Sign-out: ends the refresh family; the short-lived access token simply runs out. */
  app.delete(
    '/sessions',
    { schema: { body: refreshTokenSchema, response: { 204: noContentSchema } }, config: { noStore: true } },
    async (request, reply) => {
      await refreshTokens.revokeFamilyOf(request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );
};
