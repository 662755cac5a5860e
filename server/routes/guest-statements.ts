import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_TOKEN_HEADER } from '../../contracts/constants';
import { apiErrorSchema } from '../../contracts/errors';
import { guestStatementMailedSchema } from '../../contracts/guest-statements';
import { fileAnswerOf } from '../../contracts/http';
import { pathParam } from '../../contracts/plain-text';
import type { AppServices } from '../app-services';
import { createGuestStatements } from '../services/statements/guest-statements';

/**
 * A guest's statement through the receipt they hold (docs/privacy.md, "Statement delivery"): asked from the
 * donation's page, mailed to the donation's e-mail, whose link answers the PDF.
 */
export const guestStatementRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const statements = createGuestStatements({ db, translator: app.translator, config });

  app.post(
    '/donations/:id/statement-mail',
    {
      onRequest: app.optionalAuthenticate,
      // It sends mail: the sign-in's limit per address, so a receipt cannot be used to flood a mailbox.
      config: { ...app.authRateLimit, noStore: true },
      schema: { params: z.object({ id: pathParam() }), response: { 202: guestStatementMailedSchema, 409: apiErrorSchema } },
    },
    async (request, reply) => {
      const reader = { userId: request.userId, receiptToken: request.headers[RECEIPT_TOKEN_HEADER] };
      return reply.status(202).send(await statements.mail(request.params.id, reader, request.locale, clock.now()));
    },
  );

  app.get(
    '/statements/guest/:token',
    { config: { noStore: true }, schema: { params: z.object({ token: pathParam().max(100) }), response: { 200: fileAnswerOf('pdf') } } },
    async (request, reply) => {
      const { year, bytes } = await statements.pdf(request.params.token, request.locale, clock.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="semear-comprovante-${year}.pdf"`)
        .send(Buffer.from(bytes));
    },
  );
};
