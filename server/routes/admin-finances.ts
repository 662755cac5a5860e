import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_INLINE_MAX_LINES } from '../../contracts/admin-exports';
import { financeQuerySchema, financeReportSchema, type FinanceQuery } from '../../contracts/admin-finances';
import { adminMessages as am } from '../../contracts/admin-messages';
import { errorCodes } from '../../contracts/errors';
import { fileAnswerSchema as fileSchema } from '../../contracts/http';
import type { AppServices } from '../app-services';
import { actorOf } from '../services/admin/audit-log';
import { recordDirectExport } from '../services/exports/export-jobs';
import { exportText } from '../services/exports/export-words';
import { financeFileParts } from '../services/finances/finance-export';
import { financePages } from '../services/finances/finance-pages';
import { countFinanceLines, financeReport } from '../services/finances/finances';
import { contentTypeOfKey } from '../services/storage/file-storage';
import { refused } from '../domain/errors';

/**
 * The finances (docs/admin.md; MANAGE_FINANCES, like the page): a period's figures with the previous
 * period's, and its ledger lines as CSV or XLSX (the figures are sums of those lines).
 */
export const adminFinanceRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Counted first, no further than one line more than allowed: a longer period is an export in the
  // background (POST /admin/finances/exports), refused here without reading a line.
  const inlineCount = async (period: FinanceQuery) => {
    const lines = await countFinanceLines(db, period, EXPORT_INLINE_MAX_LINES + 1);
    if (lines > EXPORT_INLINE_MAX_LINES) throw refused(errorCodes.exportTooLarge, am.exportTooLarge);
    return lines;
  };
  const finance = { onRequest: app.requirePermissions(['MANAGE_FINANCES']), config: { noStore: true } };

  app.get(
    '/admin/finances',
    { ...finance, schema: { querystring: financeQuerySchema, response: { 200: financeReportSchema } } },
    async (request) => financeReport(db, request.query, clock.now(), request.locale),
  );
  // The period's lines at once, with their audit entry (they name donors): read page by page and written as
  // they come, by the background export's own writer (financeFileParts), so even an XLSX is never whole in memory.
  const directExport = async (request: FastifyRequest<{ Querystring: FinanceQuery }>, reply: FastifyReply, format: 'csv' | 'xlsx') => {
    const { from, to } = request.query;
    const lines = await inlineCount(request.query);
    const name = `semear-financas-${from}-${to}.${format}`;
    await recordDirectExport(db, actorOf(request), { name, kind: 'finances', format, params: { from, to }, lines }, clock.now());
    const pages = financePages(db, { from, to }, { locale: request.locale, maxLines: EXPORT_INLINE_MAX_LINES });
    return reply
      .type(contentTypeOfKey(name))
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(financeFileParts(format, pages, exportText(app.translator, request.locale))));
  };
  app.get(
    '/admin/finances/export.csv',
    { ...finance, schema: { querystring: financeQuerySchema, response: { 200: fileSchema } } },
    async (request, reply) => directExport(request, reply, 'csv'),
  );
  app.get(
    '/admin/finances/export.xlsx',
    { ...finance, schema: { querystring: financeQuerySchema, response: { 200: fileSchema } } },
    async (request, reply) => directExport(request, reply, 'xlsx'),
  );
};
