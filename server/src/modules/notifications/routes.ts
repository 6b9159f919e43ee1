import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesSchema,
  notificationsReadResponseSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import type { notificationsService } from './service';

export interface NotificationsRoutesOptions {
  service: ReturnType<typeof notificationsService>;
}

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's own notifications and mail preferences: nobody reads or marks another's. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first, with how many are unread",
        security,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.list(request.db, request.query),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification of the signed-in user read',
        security,
        response: { 200: notificationsReadResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.markAllRead(request.db),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification of the signed-in user read',
        security,
        params: idParamsSchema,
        response: { 200: notificationsReadResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.markRead(request.db, request.params.id),
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Which kinds of notification the signed-in user also gets by mail',
        security,
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.preferences(request.db),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Choose which kinds of notification are also mailed (kinds left out stay as they were)',
        security,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.setPreferences(request.db, request.body, auditActor(request)),
  );
};
