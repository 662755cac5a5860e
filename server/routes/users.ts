import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { profileUpdateSchema, signUpSchema } from '../../contracts/user';
import type { AppServices } from '../app-services';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/http-error';
import { presentUser } from '../users/user-presenter';
import { findUserByEmail, findUserById, findUserWithGrants, grantsOfUser, insertUser, isUsable, updateProfile } from '../users/users-repository';

export const userRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post('/users', { schema: { body: signUpSchema }, config: app.authRateLimit }, async (request, reply) => {
    const input = request.body;
    assertPasswordNotCommon(input.password);
    const emailTaken = new HttpError(409, errorCodes.emailTaken, m.emailTaken);
    if (await findUserByEmail(db, input.email)) throw emailTaken;
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await db.transaction(async (tx) => {
        const row = await insertUser(tx, { ...input, passwordHash, roles: ['DONOR'] }, clock.now());
        return presentUser(row, await grantsOfUser(tx, row.id), config.publicUrl);
      });
      return reply.status(201).send(user);
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw emailTaken;
      throw error;
    }
  });

  /** The signed-in user, or 401 when the token's user no longer exists or was deactivated. */
  async function currentUser(userId: string) {
    const row = await findUserById(db, userId);
    if (!row || !isUsable(row)) throw new HttpError(401, errorCodes.tokenInvalid, m.authTokenError);
    return row;
  }

  app.get('/users/profile', { preHandler: app.authenticate }, async (request) => {
    const found = await findUserWithGrants(db, request.userId as string);
    if (!found || !isUsable(found.user)) throw new HttpError(401, errorCodes.tokenInvalid, m.authTokenError);
    return presentUser(found.user, found.grants, config.publicUrl);
  });

  app.put('/users/profile', { preHandler: app.authenticate, schema: { body: profileUpdateSchema } }, async (request) => {
    await currentUser(request.userId as string);
    const row = await updateProfile(db, request.userId as string, request.body, clock.now());
    if (!row) throw new HttpError(401, errorCodes.tokenInvalid, m.authTokenError);
    return presentUser(row, await grantsOfUser(db, row.id), config.publicUrl);
  });
};
