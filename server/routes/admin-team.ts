import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMessages as am } from '../../contracts/admin-messages';
import {
  invitationAcceptSchema,
  invitationCreatedSchema,
  invitationPreviewSchema,
  memberPermissionsSchema,
  permissionChangeWaitingSchema,
  permissionsGrantedSchema,
  teamInviteSchema,
  teamSchema,
} from '../../contracts/admin-team';
import { errorCodes } from '../../contracts/errors';
import { noContentSchema } from '../../contracts/http';
import { pathParam } from '../../contracts/plain-text';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { actorOf } from '../services/admin/audit-log';
import { createTeamService } from '../services/admin/team';

const idParams = z.object({ id: z.uuid() });

/**
 * The team (docs/admin.md; /admin/team needs MANAGE_TEAM) and the invitation's own calls: its page
 * reads it by the link's token, and the signed-in account with the invited e-mail accepts it.
 */
export const adminTeamRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, config }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const team = createTeamService({
    db,
    translator: app.translator,
    publicUrl: config.publicUrl,
    now: () => clock.now(),
    adminSecondFactor: config.adminSecondFactor,
  });
  const teamAdmin = { onRequest: app.requirePermissions(['MANAGE_TEAM']), config: { noStore: true } };
  // Granting permissions (an invitation, a wider set, an approval) needs a fresh second factor (docs/security.md, Step-up).
  const granting = { ...teamAdmin, onRequest: [teamAdmin.onRequest, app.requireStepUp] };

  app.get('/admin/team', { ...teamAdmin, schema: { response: { 200: teamSchema } } }, async (request) => team.team(request.user.id));
  app.post(
    '/admin/team/invitations',
    { ...granting, schema: { body: teamInviteSchema, response: { 201: invitationCreatedSchema } } },
    async (request, reply) => {
      const id = await team.invite(actorOf(request), request.body, request.locale);
      const mustEnrol = await team.mustEnrolSecondFactor(await team.accountIdOf(request.body.email), request.body.permissions);
      return reply.status(201).send({ id, must_enrol_second_factor: mustEnrol });
    },
  );
  app.delete(
    '/admin/team/invitations/:id',
    { ...teamAdmin, schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await team.revokeInvitation(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.patch(
    '/admin/team/members/:id',
    {
      ...teamAdmin,
      schema: {
        params: idParams,
        body: memberPermissionsSchema,
        response: { 200: permissionsGrantedSchema, 202: permissionChangeWaitingSchema, 204: noContentSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { permissions } = request.body;
      // Taking permissions away stays quick (a compromised account's, say); giving any needs a fresh second factor.
      const before = await team.permissionsOfMember(id);
      if (permissions.some((p) => !before.includes(p))) await app.assertStepUp(request);
      const change = await team.setPermissions(actorOf(request), id, permissions);
      const mustEnrol = await team.mustEnrolSecondFactor(id, permissions);
      if (change) return reply.status(202).send({ change, ...(mustEnrol ? { must_enrol_second_factor: true } : {}) });
      return mustEnrol ? reply.status(200).send({ must_enrol_second_factor: true }) : reply.status(204).send(null);
    },
  );
  for (const [verb, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const)
    app.post(
      `/admin/team/changes/:id/${verb}`,
      { ...(approve ? granting : teamAdmin), schema: { params: idParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await team.decideChange(actorOf(request), (request.params as { id: string }).id, approve);
        return reply.status(204).send(null);
      },
    );
  app.delete(
    '/admin/team/members/:id',
    { ...teamAdmin, schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await team.removeMember(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/team-invitations/:token',
    { config: { noStore: true }, schema: { params: z.object({ token: pathParam() }), response: { 200: invitationPreviewSchema } } },
    async (request) => {
      const preview = await team.preview(request.params.token);
      if (!preview) throw new HttpError(404, errorCodes.notFound, am.inviteNotFound);
      return preview;
    },
  );
  app.post(
    '/team-invitations/accept',
    {
      onRequest: app.authenticate,
      schema: { body: invitationAcceptSchema, response: { 202: permissionChangeWaitingSchema, 204: noContentSchema } },
    },
    async (request, reply) => {
      const change = await team.accept(request.user.id, request.body.token, request.ip);
      return change ? reply.status(202).send({ change }) : reply.status(204).send(null);
    },
  );
};
