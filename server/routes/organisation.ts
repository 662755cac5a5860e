import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataRequestSchema,
  dataRequestsQuerySchema,
  organisationProfileInputSchema,
  organisationProfileSchema,
  organisationPublicSchema,
} from '../../contracts/organisation';
import type { AppServices } from '../app-services';
import { actorOf } from '../services/admin/audit-log';
import { listDataRequests } from '../services/organisation/data-requests-view';
import { organisationProfileData, organisationPublicData, saveOrganisationProfile } from '../services/organisation/organisation-admin';
import { readOrganisationProfile } from '../services/organisation/organisation-profile';

/**
 * The organisation's legal data (docs/privacy.md, "Organização"; the page /admin/organization needs MANAGE_TEAM),
 * its public part for the privacy policy, and the DPO's list of LGPD requests (/admin/privacy, MANAGE_USERS).
 */
export const organisationRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const team = { onRequest: app.requirePermissions(['MANAGE_TEAM']), config: { noStore: true } };
  // What every receipt and company declaration prints (the CNPJ, the title that entitles deductions): a change
  // needs a fresh second factor, as the team's grants do (docs/security.md, Step-up).
  const changing = { ...team, onRequest: [team.onRequest, app.requireStepUp] };

  app.get('/organization', { schema: { response: { 200: organisationPublicSchema } } }, async () =>
    organisationPublicData(await readOrganisationProfile(db)),
  );
  app.get('/admin/organization', { ...team, schema: { response: { 200: organisationProfileSchema } } }, async () =>
    organisationProfileData(await readOrganisationProfile(db)),
  );
  app.put(
    '/admin/organization',
    { ...changing, schema: { body: organisationProfileInputSchema, response: { 200: organisationProfileSchema } } },
    async (request) => organisationProfileData(await saveOrganisationProfile(db, actorOf(request), request.body, clock.now())),
  );
  app.get(
    '/admin/data-requests',
    {
      onRequest: app.requirePermissions(['MANAGE_USERS']),
      config: { noStore: true },
      schema: { querystring: dataRequestsQuerySchema, response: { 200: z.array(dataRequestSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await listDataRequests(db, actorOf(request), request.query, clock.now());
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
