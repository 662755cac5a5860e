import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { forgotPasswordSchema, resetPasswordSchema } from '../../contracts/user';
import { noContentSchema } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { createPasswordReset } from '../auth/password-reset';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { HttpError } from '../http/http-error';

export const passwordRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const passwordReset = createPasswordReset({ ...services, translator: app.translator, publicUrl: services.config.publicUrl });

  /**
   * Always 204 at once, and the lookup, link and mail come after the answer: neither the status nor
   * the time tells whether an account exists.
   */
  app.post(
    '/password/forgot',
    { schema: { body: forgotPasswordSchema, response: { 204: noContentSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request, reply) => {
      const { email } = request.body;
      const { locale } = request;
      app.afterAnswer(reply, 'password reset request', () => passwordReset.request(email, locale));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/password/reset',
    { schema: { body: resetPasswordSchema, response: { 204: noContentSchema } }, config: { ...app.authRateLimit, noStore: true } },
    async (request, reply) => {
      assertPasswordNotCommon(request.body.password);
      if (!(await passwordReset.complete(request.body.token, request.body.password)))
        throw new HttpError(400, errorCodes.resetInvalid, m.resetInvalid);
      return reply.status(204).send(null);
    },
  );
};
