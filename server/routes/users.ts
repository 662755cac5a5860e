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
import type { Executor } from '../db/types';
import { findUserByEmail, findUserWithGrants, insertUser, isUsable, updateProfile } from '../users/users-repository';

export const userRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post('/users', { schema: { body: signUpSchema }, config: { ...app.authRateLimit, noStore: true } }, async (request, reply) => {
    const input = request.body;
    assertPasswordNotCommon(input.password);
    const emailTaken = new HttpError(409, errorCodes.emailTaken, m.emailTaken);
    if (await findUserByEmail(db, input.email)) throw emailTaken;
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await db.transaction(async (tx) => {
        const row = await insertUser(tx, { ...input, passwordHash, roles: ['DONOR'] }, clock.now());
        return signedInUser(tx, row.id);
      });
      return reply.status(201).send(user);
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw emailTaken;
      throw error;
    }
  });

  /** The user as the API presents it, or 401 when it no longer exists or was deactivated. */
  async function signedInUser(executor: Executor, userId: string) {
    const found = await findUserWithGrants(executor, userId);
    if (!found || !isUsable(found.user)) throw new HttpError(401, errorCodes.tokenInvalid, m.authTokenError);
    return presentUser(found.user, found.grants, config.publicUrl);
  }

  app.get('/users/profile', { onRequest: app.authenticate }, async (request) => signedInUser(db, request.user.id));

  app.put('/users/profile', { onRequest: app.authenticate, schema: { body: profileUpdateSchema } }, async (request) =>
    // A deactivated user's change is rolled back by the 401 signedInUser throws inside the transaction.
    db.transaction(async (tx) => {
      await updateProfile(tx, request.user.id, request.body, clock.now());
      return signedInUser(tx, request.user.id);
    }),
  );
};
