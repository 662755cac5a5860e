import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDonationDetailSchema,
  adminDonationQuerySchema,
  adminDonationRowSchema,
  adminRefundSchema,
  refundRequestSchema,
} from '../../contracts/admin-donations';
import { EXPORT_INLINE_MAX_LINES } from '../../contracts/admin-exports';
import { adminMessages as am } from '../../contracts/admin-messages';
import { errorCodes } from '../../contracts/errors';
import { fileAnswerSchema } from '../../contracts/http';
import { ADMIN_ROUTE_PERMISSIONS } from '../../contracts/permissions';
import { refused } from '../domain/errors';
import type { AppServices } from '../app-services';
import { idempotencyKeyOf } from '../http/idempotent-answer';
import { actorOf } from '../services/admin/audit-log';
import { recordDirectExport } from '../services/exports/export-jobs';
import { exportText } from '../services/exports/export-words';
import { adminDonationsAfter, adminDonationsCsv, countAdminDonationsUpTo, listAdminDonations } from '../services/refunds/admin-donations';
import { peopleOf } from '../services/admin/people';
import { adminDonationDetail, presentRefund } from '../services/refunds/donation-detail';
import { createRefundService, type RefundRow } from '../services/refunds/refunds';

const idParams = z.object({ id: z.string().uuid() });

/**
 * The admins' donations and refunds (docs/admin.md; like their page, MANAGE_USERS, MANAGE_FINANCES and
 * MANAGE_CAMPAIGNS): the filtered list, one donation's whole history, refunds (Idempotency-Key; above
 * the threshold a second admin approves or rejects). Every change is audited.
 */
export const adminDonationRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config, gateways }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createRefundService({ db, gateways, clock, translator: app.translator, config });
  const admins = {
    onRequest: app.requirePermissions(ADMIN_ROUTE_PERMISSIONS['/admin/donations']),
    config: { noStore: true },
  };
  /** The refund as the admin who acted sees it (whether they may decide it, who asked). */
  const presented = async (refund: RefundRow, viewerId: string) =>
    presentRefund(refund, await peopleOf(db, [refund.requestedBy, refund.decidedBy]), viewerId);

  app.get(
    '/admin/donations',
    { ...admins, schema: { querystring: adminDonationQuerySchema, response: { 200: z.array(adminDonationRowSchema) } } },
    async (request, reply) => {
      const { rows, total } = await listAdminDonations(db, request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
  app.get(
    '/admin/donations/export.csv',
    { ...admins, schema: { querystring: adminDonationQuerySchema, response: { 200: fileAnswerSchema } } },
    async (request, reply) => {
      const { page: _page, amount: _amount, ...filter } = request.query;
      // Counted first, no further than one row more than allowed: a longer list is an export in the
      // background (POST /admin/donations/exports), refused here without reading a row.
      if ((await countAdminDonationsUpTo(db, filter, EXPORT_INLINE_MAX_LINES + 1)) > EXPORT_INLINE_MAX_LINES) {
        throw refused(errorCodes.exportTooLarge, am.exportTooLarge);
      }
      const rows = await adminDonationsAfter(db, filter, null, EXPORT_INLINE_MAX_LINES);
      const file = { name: 'semear-doacoes.csv', kind: 'donations' as const, format: 'csv' as const, params: filter, lines: rows.length };
      await recordDirectExport(db, actorOf(request), file, clock.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="semear-doacoes.csv"')
        .send(adminDonationsCsv(rows, exportText(app.translator, request.locale)));
    },
  );
  app.get(
    '/admin/donations/:id',
    { ...admins, schema: { params: idParams, response: { 200: adminDonationDetailSchema } } },
    async (request) => adminDonationDetail(db, request.params.id, request.user.id, config),
  );
  app.post(
    '/admin/donations/:id/refunds',
    {
      ...admins,
      config: { ...admins.config, idempotencyKey: true },
      schema: { params: idParams, body: refundRequestSchema, response: { 200: adminRefundSchema, 201: adminRefundSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      // A refund that would wait for a second admin is a large one: a fresh second factor first (docs/security.md).
      if (await service.wouldWait(request.params.id, request.body.amount)) await app.assertStepUp(request);
      const refund = await service.request(actorOf(request), request.params.id, request.body, key);
      return reply.status(201).send(await presented(refund, request.user.id));
    },
  );
  app.post(
    '/admin/refunds/:id/approve',
    { ...admins, onRequest: [admins.onRequest, app.requireStepUp], schema: { params: idParams, response: { 200: adminRefundSchema } } },
    async (request) => presented(await service.decide(actorOf(request), request.params.id, true), request.user.id),
  );
  app.post(
    '/admin/refunds/:id/reject',
    { ...admins, schema: { params: idParams, response: { 200: adminRefundSchema } } },
    async (request) => presented(await service.decide(actorOf(request), request.params.id, false), request.user.id),
  );
};
