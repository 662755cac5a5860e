import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { forgotPasswordSchema, resetPasswordSchema } from '../../contracts/user';
import type { AppServices } from '../app-services';
import { createPasswordReset } from '../auth/password-reset';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { HttpError } from '../http/http-error';

export const passwordRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const passwordReset = createPasswordReset({ ...services, translator: app.translator, publicUrl: services.config.publicUrl });

  /** Always 204, so the answer never tells whether an account exists. */
  app.post('/password/forgot', { schema: { body: forgotPasswordSchema }, config: app.authRateLimit }, async (request, reply) => {
    await passwordReset.request(request.body.email, request.locale);
    return reply.status(204).send();
  });

  app.post('/password/reset', { schema: { body: resetPasswordSchema }, config: app.authRateLimit }, async (request, reply) => {
    assertPasswordNotCommon(request.body.password);
    if (!(await passwordReset.complete(request.body.token, request.body.password))) throw new HttpError(400, errorCodes.resetInvalid, m.resetInvalid);
    return reply.status(204).send();
  });
};
