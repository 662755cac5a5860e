import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswerSchema } from '../../contracts/http';
import {
  documentCodeParam,
  documentVerificationSchema,
  statementSchema,
  statementYearParam,
  statementYearsSchema,
} from '../../contracts/statements';
import type { AppServices } from '../app-services';
import { notFound } from '../domain/errors';
import { apiErrorSchema, errorCodes } from '../../contracts/errors';
import { createDonorDocuments, verifyDocument } from '../services/documents';
import { documentMessages as dm } from '../services/documents/document-messages';

/**
 * A donor's year (docs/privacy.md, "Statements and declarations"): the years with gifts, each year's statement as
 * JSON and as an A4 PDF with a verification code, and a company's deduction declarations; plus the public check
 * of a code (the page /recibos/{code}), which says the document is genuine without saying whom it names.
 */
export const statementRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const documents = createDonorDocuments({ db, translator: app.translator, publicUrl: config.publicUrl });
  const signedIn = { onRequest: app.authenticate, config: { noStore: true } };
  const year = z.object({ year: statementYearParam });
  // A declaration is refused while the NGO holds no title (409), and for gifts not given as a company (403).
  const declarationAnswers = { 200: fileAnswerSchema, 403: apiErrorSchema, 409: apiErrorSchema };
  const pdf = (reply: FastifyReply, name: string, bytes: Uint8Array) =>
    reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(Buffer.from(bytes));

  app.get('/users/profile/statements', { ...signedIn, schema: { response: { 200: statementYearsSchema } } }, async (request) =>
    documents.years(request.user.id),
  );

  app.get(
    '/users/profile/statements/:year',
    { ...signedIn, schema: { params: year, response: { 200: statementSchema } } },
    async (request) => documents.statement(request.user.id, request.params.year, clock.now()),
  );

  app.get(
    '/users/profile/statements/:year.pdf',
    { ...signedIn, schema: { params: year, response: { 200: fileAnswerSchema } } },
    async (request, reply) =>
      pdf(
        reply,
        `semear-comprovante-${request.params.year}.pdf`,
        await documents.statementPdf(request.user.id, request.params.year, request.locale, clock.now()),
      ),
  );

  app.get(
    '/users/profile/declarations/:year.pdf',
    { ...signedIn, schema: { params: year, response: declarationAnswers } },
    async (request, reply) =>
      pdf(
        reply,
        `semear-declaracao-${request.params.year}.pdf`,
        await documents.yearDeclarationPdf(request.user.id, request.params.year, clock.now()),
      ),
  );

  app.get(
    '/users/profile/declarations/donations/:id.pdf',
    { ...signedIn, schema: { params: z.object({ id: z.uuid() }), response: declarationAnswers } },
    async (request, reply) =>
      pdf(
        reply,
        `semear-declaracao-${request.params.id.slice(0, 8)}.pdf`,
        await documents.donationDeclarationPdf(request.user.id, request.params.id, clock.now()),
      ),
  );

  app.get(
    '/documents/:code',
    { schema: { params: z.object({ code: documentCodeParam }), response: { 200: documentVerificationSchema } } },
    async (request) => {
      const found = await verifyDocument(db, request.params.code);
      if (!found) throw notFound(errorCodes.documentNotFound, dm.notFound);
      return found;
    },
  );
};
