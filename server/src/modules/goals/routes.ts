import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGoalSchema,
  deletedResponseSchema,
  goalListQuerySchema,
  goalListSchema,
  goalSchema,
  idParamsSchema,
  updateGoalSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import { goalsService as service } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['goals'];

export const goalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/goals',
    {
      schema: {
        tags,
        summary:
          "A tenant's goals the caller sees (their users' records, by the caller's visibility, and goals of nobody) with their calls per day on their active days (goals active today first); active=true: only those active today",
        security: bearer,
        querystring: goalListQuerySchema,
        response: { 200: goalListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.db, request.tenant(request.query.tenant_id), request.query.active),
  );

  app.post(
    '/crm/goals',
    {
      schema: {
        tags,
        summary: 'Create a goal (owned by the caller; an admin may name someone of the tenant in user_id)',
        security: bearer,
        body: createGoalSchema,
        response: { 201: goalSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send(await service.create(request.db, auditActor(request), request.tenant(tenant_id), fields));
    },
  );

  app.put(
    '/crm/goals/:id',
    {
      schema: {
        tags,
        summary: "Change a goal (all fields, as the goal dialog sends them): its user's or an admin's; only an admin hands it to someone else",
        security: bearer,
        params: idParamsSchema,
        body: updateGoalSchema,
        response: { 200: goalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { tenant_id, ...fields } = request.body;
      return service.update(request.db, auditActor(request), request.tenant(tenant_id), request.params.id, fields);
    },
  );

  app.delete(
    '/crm/goals/:id',
    {
      schema: {
        tags,
        summary: "Delete a goal without calls (its user's or an admin's); one with calls is refused (409): end it instead",
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(request.db, auditActor(request), request.params.id);
      return { message: 'Goal deleted.' };
    },
  );
};
