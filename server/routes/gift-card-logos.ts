import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyLogoSchema } from '../../contracts/gift-cards';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import type { AppServices } from '../app-services';
import { isUuid } from '../db/uuid';
import type { FileStorage } from '../services/storage/file-storage';
import { logoKey, storeCompanyLogo } from '../services/gift-cards/store-company-logo';
import { LOGO_MAX_BYTES } from '../services/gift-cards/company-logo';

/** Room above the 2 MB limit, so a logo just over it is answered with its own message rather than a bare 413. */
const BODY_LIMIT = LOGO_MAX_BYTES + 512 * 1024;

/**
 * POST /gift-card-logos: a signed-in buyer sends a company logo (the image's bytes as the body,
 * whatever type they claim: the bytes decide); it is checked, re-encoded and kept (docs/gift-cards.md).
 */
export const giftCardLogoRoutes: FastifyPluginAsync<AppServices> = async (instance, { storage }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/gift-card-logos',
    { onRequest: app.authenticate, bodyLimit: BODY_LIMIT, schema: { response: { 201: companyLogoSchema } } },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return reply.status(201).send(await storeCompanyLogo(storage, bytes));
    },
  );
};

/** A year: a logo's id changes with its content (a new upload is a new id). */
const MAX_AGE_S = 31_536_000;

/**
 * GET /img/logos/{id}.png: a stored logo, always as image/png (we made the file), never sniffed, and
 * sandboxed should anyone open it as a page.
 */
export const logoImageRoutes: FastifyPluginAsync<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get<{ Params: { file: string } }>('/img/logos/:file', async (request, reply) => {
    const id = /^(.+)\.png$/.exec(request.params.file)?.[1];
    const file = id && isUuid(id) ? await storage.get(logoKey(id.toLowerCase())) : null;
    if (!file) return reply.status(404).send({ message: request.t(m.notFound), code: errorCodes.notFound });
    return reply
      .header('cache-control', `public, max-age=${MAX_AGE_S}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline; filename="logo.png"')
      .type('image/png')
      .send(file.body);
  });
};
