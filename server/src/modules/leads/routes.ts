import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeLeadStageRequestSchema,
  createLeadSchema,
  deletedResponseSchema,
  idParamsSchema,
  leadAssignRequestSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadSchema,
  pipelineSummaryQuerySchema,
  pipelineSummarySchema,
  updateLeadSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { passJsonThrough, sendJsonText } from '../../http/json-text';
import { auditActor } from '../audit';
import { activitiesRouteOptions } from '../activities';
import { assignRouteOptions } from '../companies';
import { leadsAssignService as assignService } from './assign';
import { leadsService as service } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['leads'];

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/leads',
    {
      // The database writes the answer's JSON (companies/company-page.ts); it goes out as it is.
      serializerCompiler: () => passJsonThrough,
      schema: {
        tags,
        summary: 'Leads of a tenant, newest first; q searches name, email and phone1; after continues after a lead (keyset)',
        security: bearer,
        querystring: leadListQuerySchema,
        response: { 200: leadListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...query } = request.query;
      return sendJsonText(reply, await service.listJson(request.db, request.tenant(tenant_id), query));
    },
  );

  app.get(
    '/crm/pipeline/summary',
    {
      schema: {
        tags,
        summary:
          "The board's figures for the leads of q, in the tenant's currency: per stage count and value, the pipeline (open deals) with its weighted value, and the won and lost deals",
        security: bearer,
        querystring: pipelineSummaryQuerySchema,
        response: { 200: pipelineSummarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { tenant_id, ...query } = request.query;
      return service.summary(request.db, request.tenant(tenant_id), query);
    },
  );

  app.post(
    '/crm/leads',
    {
      schema: {
        tags,
        summary: 'Add a lead (name, phone1 and tenant_id; other company fields optional)',
        security: bearer,
        body: createLeadSchema,
        response: { 201: leadSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send(await service.create(request.db, request.tenant(tenant_id), fields, auditActor(request)));
    },
  );

  app.post('/crm/leads/assign', assignRouteOptions('leads', 'leads', leadAssignRequestSchema), async (request) => {
    const { tenant_id, ...body } = request.body;
    return assignService.assign(request.db, request.tenant(tenant_id), body, auditActor(request));
  });

  app.post(
    '/crm/leads/change-pipeline-stage',
    {
      schema: {
        tags,
        summary: 'Move a lead to another pipeline stage of its tenant',
        security: bearer,
        body: changeLeadStageRequestSchema,
        response: { 200: leadSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.changeStage(request.db, request.body, auditActor(request)),
  );

  app.get('/crm/leads/:id/activities', activitiesRouteOptions('leads', "A lead's history with that of the prospect it was made from"), async (request) =>
    service.activities(request.db, request.params.id),
  );

  app.get(
    '/crm/leads/:id',
    {
      schema: {
        tags,
        summary: 'One lead (the quotation builder fills the client from it)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: leadSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.db, request.params.id),
  );

  app.put(
    '/crm/leads/:id',
    {
      schema: {
        tags,
        summary: 'Change the company fields of a lead (fields left out keep their value)',
        security: bearer,
        params: idParamsSchema,
        body: updateLeadSchema,
        response: { 200: leadSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.update(request.db, request.params.id, request.body, auditActor(request)),
  );

  app.delete(
    '/crm/leads/:id',
    {
      schema: {
        tags,
        summary: 'Delete a lead (its prospect, if any, stays off the prospects list)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.remove(request.db, request.params.id, auditActor(request));
      return { message: 'Lead deleted.' };
    },
  );
};
