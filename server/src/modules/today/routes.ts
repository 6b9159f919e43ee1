import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverDaySchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { localDate } from '../../lib/today';

export interface TodayRoutesOptions {
  /** The app's clock (tests move it). */
  clock: () => Date;
}

export const todayRoutes: FastifyPluginAsyncZod<TodayRoutesOptions> = async (app, { clock }) => {
  app.get(
    '/crm/today',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['calendar'],
        summary:
          "The server's day (its TZ): the CRM's today, which calls count on, goals are active on and a new task's or goal's dates default to, whatever the browser's clock says",
        security: [{ bearerAuth: [] }],
        response: { 200: serverDaySchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ today: localDate(clock()) }),
  );
};
