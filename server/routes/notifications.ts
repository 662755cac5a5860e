import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { donorMessages as dm } from '../../contracts/donor-messages';
import { errorCodes } from '../../contracts/errors';
import {
  NOTIFICATION_TYPES,
  notificationListSchema,
  notificationPatchSchema,
  notificationPreferencesSchema,
  notificationQuerySchema,
  notificationTypesSchema,
} from '../../contracts/notifications';
import type { AppServices } from '../app-services';
import { HttpError } from '../http/http-error';
import { personalJson, sendPersonalAnswer } from '../http/personal-answer';
import { listNotifications, markNotifications } from '../services/notifications/notification-list';
import { readNotificationPreferences, saveNotificationPreferences } from '../services/notifications/notification-preferences';

const notificationTypes = { notificationTypes: NOTIFICATION_TYPES.map((type) => ({ type })) };

/** docs/spec.md §7: the signed-in donor's notifications and what they want to hear about; one's own only. */
export const notificationRoutes: FastifyPluginAsync<AppServices> = async (instance, { db, clock, personalCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications',
    { onRequest: app.authenticate, schema: { querystring: notificationQuerySchema, response: { 200: notificationListSchema } } },
    async (request, reply) => {
      const userId = request.user.id;
      const { page, amount, read, type } = request.query;
      // Every page and filter from memory until a commit changes one of the person's notifications (migration 0045).
      const answer = await personalCache.answer(userId, `notifications:${page}:${amount}:${read ?? ''}:${type ?? ''}`, async () => {
        const { items, total } = await listNotifications(db, userId, { page, amount, read, type });
        return personalJson(notificationListSchema, items, total);
      });
      return sendPersonalAnswer(request, reply, answer);
    },
  );

  /** All or nothing: any id that is not the caller's (or does not exist) is a 404 and nothing changes. */
  app.patch(
    '/notifications',
    { onRequest: app.authenticate, schema: { body: notificationPatchSchema, response: { 200: notificationListSchema } } },
    async (request) => {
      const updated = await markNotifications(db, request.user.id, request.body.notification_id, request.body.read);
      if (!updated) throw new HttpError(404, errorCodes.notificationNotFound, dm.notificationNotFound);
      return updated;
    },
  );

  app.get(
    '/notification-types',
    { onRequest: app.authenticate, schema: { response: { 200: notificationTypesSchema } } },
    async () => notificationTypes,
  );

  app.get(
    '/notification-preferences',
    { onRequest: app.authenticate, schema: { response: { 200: notificationPreferencesSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readNotificationPreferences(db, request.user.id);
    },
  );

  app.put(
    '/notification-preferences',
    { onRequest: app.authenticate, schema: { body: notificationPreferencesSchema, response: { 200: notificationPreferencesSchema } } },
    async (request) => saveNotificationPreferences(db, request.user.id, request.body, clock.now()),
  );
};
