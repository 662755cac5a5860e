import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authMessages } from '../../contracts/auth-messages';
import {
  profileUpdateSchema,
  sessionSchema,
  signUpAcceptedSchema,
  signUpConfirmationSchema,
  signUpRequestSchema,
  userSchema,
  type Session,
  type SignUpAccepted,
} from '../../contracts/user';
import type { AppServices } from '../app-services';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { personalJson, sendPersonalAnswer } from '../http/personal-answer';
import { signInContext } from '../services/auth/sessions';
import { createSignUps } from '../users/sign-ups';
import { createUserAccounts } from '../users/user-accounts';

export const userRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const { db, clock, config, personalCache } = services;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const accounts = createUserAccounts({ db, publicUrl: config.publicUrl });
  const signUps = createSignUps({ ...services, translator: app.translator, publicUrl: config.publicUrl });

  /**
   * Always the same 202 once the body is valid, and the lookup, the pending sign-up and the mail come
   * after the answer: neither the answer nor its time tells whether the address has an account. The
   * account itself is created by POST /users/confirmations, from the mailed link.
   */
  app.post(
    '/users',
    {
      schema: { body: signUpRequestSchema, response: { 202: signUpAcceptedSchema } },
      config: { ...app.authRateLimit, noStore: true },
    },
    async (request, reply): Promise<SignUpAccepted> => {
      assertPasswordNotCommon(request.body.password);
      const { return_url: returnUrl, ...input } = request.body;
      const { locale } = request;
      app.afterAnswer(reply, 'sign-up request', () => signUps.request(input, locale, returnUrl));
      return reply.status(202).send({ message: request.t(authMessages.signUpMailSent, { email: input.email }) });
    },
  );

  app.post(
    '/users/confirmations',
    {
      schema: { body: signUpConfirmationSchema, response: { 201: sessionSchema } },
      config: { ...app.authRateLimit, noStore: true },
    },
    async (request, reply): Promise<Session> => reply.status(201).send(await signUps.confirm(request.body.token, signInContext(request))),
  );

  // From memory until a commit changes the person's row or grants (docs/auth-and-profile.md, "Signed-in reads from memory").
  app.get('/users/profile', { onRequest: app.authenticate, schema: { response: { 200: userSchema } } }, async (request, reply) => {
    const userId = request.user.id;
    const answer = await personalCache.answer(userId, 'profile', async () => personalJson(userSchema, await accounts.signedInUser(userId)));
    return sendPersonalAnswer(request, reply, answer);
  });

  app.put(
    '/users/profile',
    { onRequest: app.authenticate, schema: { body: profileUpdateSchema, response: { 200: userSchema } } },
    async (request) => accounts.updateOwnProfile(request.user.id, request.body, clock.now()),
  );
};
