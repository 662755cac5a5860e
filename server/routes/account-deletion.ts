import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletionSchema,
  guestDeletionConfirmationSchema,
  guestDeletionDoneSchema,
  guestDeletionRequestedSchema,
} from '../../contracts/account-deletion';
import { RECEIPT_TOKEN_HEADER } from '../../contracts/constants';
import { apiErrorSchema, errorCodes } from '../../contracts/errors';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { noContentSchema } from '../../contracts/http';
import { pathParam } from '../../contracts/plain-text';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { createAccountDeletion } from '../services/account-deletion/delete-account';
import { createGuestDeletion } from '../services/account-deletion/guest-deletion';
import { accountDeletionMessages as adm } from '../services/account-deletion/deletion-messages';

/** LGPD art. 18, VI (docs/privacy.md, "Deleting an account"): an account's deletion, and a guest's. */
export const accountDeletionRoutes: FastifyPluginAsync<AppServices> = async (instance, services) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = services;
  const deletion = createAccountDeletion({ ...services, log: app.log });
  const guests = createGuestDeletion({ ...services, translator: app.translator, publicUrl: config.publicUrl, secret: config.jwtSecret });

  /**
   * The password again, and the step-up of money actions when the account has a second factor: a stolen
   * session alone cannot erase an account. The providers are asked after the answer (and retried by a job).
   */
  app.delete(
    '/users/profile',
    {
      onRequest: [app.authenticate, app.requireStepUp],
      // A wrong password is 403: the session is valid, the confirmation is not.
      schema: { body: accountDeletionSchema, response: { 204: noContentSchema, 403: apiErrorSchema } },
      config: { ...app.authRateLimit, noStore: true },
    },
    async (request, reply) => {
      const { requestId } = await deletion.deleteOwnAccount(request.user.id, request.body.password);
      app.afterAnswer(reply, 'deleted account provider calls', () => deletion.providerCalls(requestId));
      return reply.status(204).send(null);
    },
  );

  /** From a guest's receipt: mails a confirmation link to the donation's address. */
  app.post(
    '/donations/:id/data-deletion',
    {
      schema: { params: z.object({ id: pathParam() }), response: { 202: guestDeletionRequestedSchema } },
      config: { ...app.authRateLimit, noStore: true },
    },
    async (request, reply) => {
      const reader = { userId: null, receiptToken: request.headers[RECEIPT_TOKEN_HEADER] };
      if (!(await guests.request(request.params.id, reader, request.locale)))
        throw new HttpError(404, errorCodes.donationNotFound, gm.donationNotFound);
      return reply.status(202).send({ message: request.t(adm.guestMailSent) });
    },
  );

  app.post(
    '/data-deletions/confirmations',
    {
      schema: { body: guestDeletionConfirmationSchema, response: { 200: guestDeletionDoneSchema } },
      config: { ...app.authRateLimit, noStore: true },
    },
    async (request) => guests.confirm(request.body.token),
  );
};
