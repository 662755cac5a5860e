import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contracts/errors';
import { recipientSheetResultSchema } from '../../contracts/gift-card-orders';
import { RECIPIENT_SHEET_MAX_BYTES } from '../../contracts/recipient-sheet';
import type { AppServices } from '../app-services';
import { storeRecipientSheet } from '../services/gift-cards/orders/recipient-sheets';
import { createSheetReader } from '../services/gift-cards/orders/sheet-reader-pool';

/** Room above the 2 MB limit, so a file just over it is answered with its own message rather than a bare 413. */
const BODY_LIMIT = RECIPIENT_SHEET_MAX_BYTES + 512 * 1024;
const SHEET_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

/**
 * POST /gift-card-recipient-sheets: a signed-in company sends its recipients spreadsheet (the file's
 * bytes as the body; its bytes, not its name or type, say what it is). It is read again here, the
 * accepted recipients kept for the corporate order, every rejected row answered by its line. Each
 * person's sheets are read one at a time, people in turns (sheet-reader-pool.ts).
 */
export const giftCardRecipientSheetRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, storage, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const reader = createSheetReader();
  app.addHook('onClose', () => reader.close());
  app.addContentTypeParser(SHEET_TYPES, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post(
    '/gift-card-recipient-sheets',
    {
      onRequest: app.authenticate,
      bodyLimit: BODY_LIMIT,
      // 429: three of the caller's sheets are in the reader already; 503: the reader's queue is full for everyone.
      schema: { response: { 201: recipientSheetResultSchema, 429: apiErrorSchema, 503: apiErrorSchema } },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const sheet = await storeRecipientSheet({ db, storage }, reader, request.user.id, bytes, clock.now());
      return reply.status(201).send({
        id: sheet.id,
        accepted: sheet.recipients.length,
        rejected: sheet.rejected.map((row) => ({ ...row, problems: row.problems.map((id) => request.t(id)) })),
      });
    },
  );
};
