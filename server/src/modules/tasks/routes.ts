import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  calendarFileParamsSchema,
  deletedResponseSchema,
  idParamsSchema,
  myDaySchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskSchema,
  taskUpdateSchema,
  tenantQuerySchema,
} from '@app/shared/contracts';
import { errorResponses, HttpError } from '../../http/errors';
import type { Limit } from '../../config';
import { auditActor } from '../audit';
import type { tasksService } from './service';

export interface TasksRoutesOptions {
  service: ReturnType<typeof tasksService>;
}

const bearer = [{ bearerAuth: [] }];
const tags = ['tasks'];

/** Tasks on prospects and leads, seen exactly as their records; My day; the user's calendar feed settings. */
export const tasksRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/tasks',
    {
      schema: {
        tags,
        summary: 'Tasks of the records the caller sees, open first, by due day and time; filters: owner, record, done, due range',
        security: bearer,
        querystring: taskListQuerySchema,
        response: { 200: taskListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.user!, request.tenant(request.query.tenant_id), request.query),
  );

  app.post(
    '/crm/tasks',
    {
      schema: {
        tags,
        summary: 'Add a task on a prospect or lead (owner: the creator unless given, one whose records the creator sees)',
        security: bearer,
        body: taskCreateSchema,
        response: { 201: taskSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user!, request.body, auditActor(request))),
  );

  app.put(
    '/crm/tasks/:id',
    {
      schema: {
        tags,
        summary: "Change a task, or mark it done or open again (a callback's call task takes its callback along)",
        security: bearer,
        params: idParamsSchema,
        body: taskUpdateSchema,
        response: { 200: taskSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.update(request.user!, request.params.id, request.body, auditActor(request)),
  );

  app.delete(
    '/crm/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a task',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.remove(request.user!, request.params.id, auditActor(request));
      return { message: 'Task deleted.' };
    },
  );

  app.get(
    '/crm/my-day',
    {
      schema: {
        tags,
        summary: "The caller's open tasks: overdue, today's by time, callbacks due, and the next 7 days (the server's today)",
        security: bearer,
        querystring: tenantQuerySchema,
        response: { 200: myDaySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.myDay(request.user!, request.tenant(request.query.tenant_id)),
  );

  app.get(
    '/crm/calendar-feed',
    {
      schema: {
        tags,
        summary: "Whether the caller's calendar feed is on (its address is shown only when made)",
        security: bearer,
        response: { 200: calendarFeedSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.feed(request.user!),
  );

  app.post(
    '/crm/calendar-feed',
    {
      schema: {
        tags,
        summary: "Make a new secret address for the caller's calendar feed (the one before stops working)",
        security: bearer,
        response: { 201: calendarFeedCreatedSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.regenerateFeed(request.user!, auditActor(request))),
  );

  app.delete(
    '/crm/calendar-feed',
    {
      schema: {
        tags,
        summary: "Turn the caller's calendar feed off (its address answers 404 from now on)",
        security: bearer,
        response: { 200: deletedResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await service.revokeFeed(request.user!, auditActor(request));
      return { message: 'Calendar feed turned off.' };
    },
  );
};

export interface CalendarRoutesOptions {
  service: ReturnType<typeof tasksService>;
  perIp: Limit;
}

/** The calendar feed itself: no session, the secret in its address says whose (rate-limited per address, so guessing is slow). */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, { service, perIp }) => {
  app.get(
    '/calendar/:file',
    {
      config: {
        rateLimit: {
          max: perIp.max,
          timeWindow: perIp.windowMs,
          keyGenerator: (request: FastifyRequest) => `calendar-feed:${request.ip}`,
          groupId: 'calendar-feed',
          errorResponseBuilder: () => new HttpError(429, 'Too many requests. Please try again later.'),
        },
      },
      schema: {
        tags: ['calendar'],
        summary: "A user's open tasks with a time as iCalendar (RFC 5545); {file} is the feed's secret and .ics; 404 when unknown or turned off",
        params: calendarFileParamsSchema,
        response: {
          200: { description: 'The feed as an iCalendar file', content: { 'text/calendar': { schema: z.string().describe('VCALENDAR text, CRLF lines') } } },
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const body = await service.calendarFile(request.params.file);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'no-store').send(body);
    },
  );
};
