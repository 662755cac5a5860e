import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileUpdateSchema, signUpSchema, userSchema } from '../../contracts/user';
import type { AppServices } from '../app-services';
import { createUserAccounts } from '../users/user-accounts';

export const userRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const accounts = createUserAccounts({ db, publicUrl: config.publicUrl });

  app.post(
    '/users',
    { schema: { body: signUpSchema, response: { 201: userSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request, reply) => reply.status(201).send(await accounts.signUp(request.body, clock.now())),
  );

  app.get('/users/profile', { onRequest: app.authenticate, schema: { response: { 200: userSchema } } }, async (request) =>
    accounts.signedInUser(request.user.id),
  );

  app.put(
    '/users/profile',
    { onRequest: app.authenticate, schema: { body: profileUpdateSchema, response: { 200: userSchema } } },
    async (request) => accounts.updateOwnProfile(request.user.id, request.body, clock.now()),
  );
};
