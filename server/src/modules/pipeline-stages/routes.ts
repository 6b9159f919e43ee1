import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPipelineStageSchema,
  deletedResponseSchema,
  idParamsSchema,
  pipelineStageListSchema,
  pipelineStageSchema,
  tenantQuerySchema,
  updatePipelineStageSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import type { pipelineStagesService } from './service';

export interface PipelineStagesRoutesOptions {
  service: ReturnType<typeof pipelineStagesService>;
}

const bearer = [{ bearerAuth: [] }];
const tags = ['pipeline-stages'];

export const pipelineStagesRoutes: FastifyPluginAsyncZod<PipelineStagesRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/pipeline-stage-options',
    {
      schema: {
        tags,
        summary: "A tenant's pipeline stages, by sort_order (inactive ones included)",
        security: bearer,
        querystring: tenantQuerySchema,
        response: { 200: pipelineStageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.tenant(request.query.tenant_id)),
  );

  app.post(
    '/crm/pipeline-stage-options',
    {
      schema: {
        tags,
        summary: 'Create a pipeline stage',
        security: bearer,
        body: createPipelineStageSchema,
        response: { 201: pipelineStageSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send(await service.create(request.tenant(tenant_id), fields));
    },
  );

  app.put(
    '/crm/pipeline-stage-options/:id',
    {
      schema: {
        tags,
        summary: 'Change a pipeline stage (fields left out keep their value)',
        security: bearer,
        params: idParamsSchema,
        body: updatePipelineStageSchema,
        response: { 200: pipelineStageSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.update(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/crm/pipeline-stage-options/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pipeline stage; prospects and leads in it keep no stage',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.remove(request.user!, request.params.id);
      return { message: 'Pipeline stage deleted.' };
    },
  );
};
