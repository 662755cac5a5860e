import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyLogoSchema } from '../../contracts/gift-cards';
import type { AppServices } from '../app-services';
import { storeCompanyLogo } from '../services/gift-cards/store-company-logo';
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
