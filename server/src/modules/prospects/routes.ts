import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkProspectsRequestSchema,
  bulkProspectsResponseSchema,
  changeProspectStageRequestSchema,
  changeProspectStageResponseSchema,
  changeStatusRequestSchema,
  changeStatusResponseSchema,
  createProspectSchema,
  deletedResponseSchema,
  idParamsSchema,
  MAX_BULK_ROWS,
  prospectListQuerySchema,
  prospectAssignRequestSchema,
  prospectListResponseSchema,
  prospectSchema,
  updateProspectSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { passJsonThrough, sendJsonText } from '../../http/json-text';
import { auditActor } from '../audit';
import { activitiesRouteOptions } from '../activities';
import { assignRouteOptions } from '../companies';
import { prospectsAssignService } from './assign';
import type { prospectsService } from './service';
import type { prospectStatusService } from './status-change';

export interface ProspectsRoutesOptions {
  service: ReturnType<typeof prospectsService>;
  statusService: ReturnType<typeof prospectStatusService>;
  bulkBodyLimitBytes: number;
}

const bearer = [{ bearerAuth: [] }];
const tags = ['prospects'];

export const prospectsRoutes: FastifyPluginAsyncZod<ProspectsRoutesOptions> = async (app, { service, statusService, bulkBodyLimitBytes }) => {
  app.addHook('onRequest', app.requireUser);
  const assignService = prospectsAssignService();

  app.get(
    '/crm/prospects',
    {
      // The hot path: the database writes the answer's JSON (companies/company-page.ts), which
      // goes out as it is; the schema still documents it.
      serializerCompiler: () => passJsonThrough,
      schema: {
        tags,
        summary:
          'Active prospects of a tenant, newest first; q searches name, email and phone1 (a phone however written); invalid_phone=true keeps those with a phone that is not a number',
        security: bearer,
        querystring: prospectListQuerySchema,
        response: { 200: prospectListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...query } = request.query;
      return sendJsonText(reply, await service.listJson(request.db, request.tenant(tenant_id), query));
    },
  );

  app.post(
    '/crm/prospects',
    {
      schema: {
        tags,
        summary: 'Add a prospect (409 when its phone is already a prospect of the tenant)',
        security: bearer,
        body: createProspectSchema,
        response: { 201: prospectSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send(await service.create(request.db, request.tenant(tenant_id), fields, auditActor(request)));
    },
  );

  app.post(
    '/crm/prospects/bulk',
    {
      bodyLimit: bulkBodyLimitBytes,
      // A row holding text that may not be stored is one row error; the other rows are saved.
      config: { textCheckedPerItem: 'prospects' },
      schema: {
        tags,
        summary: `Upload up to ${MAX_BULK_ROWS} prospects; valid rows are inserted in one transaction, the others reported, and values the clean-up dropped listed as warnings; the upload is recorded as an import`,
        security: bearer,
        body: bulkProspectsRequestSchema,
        response: { 200: bulkProspectsResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const { tenant_id, prospects, file_name, import_id, assign } = request.body;
      return service.bulkUpload(
        request.db,
        request.tenant(tenant_id),
        prospects,
        { userId: request.user!.id, fileName: file_name, importId: import_id, assign },
        auditActor(request),
      );
    },
  );

  app.post('/crm/prospects/assign', assignRouteOptions('prospects', 'prospects', prospectAssignRequestSchema), async (request) => {
    const { tenant_id, ...body } = request.body;
    return assignService.assign(request.db, request.tenant(tenant_id), body, auditActor(request));
  });

  app.post(
    '/crm/prospects/change-status',
    {
      schema: {
        tags,
        summary: 'Set the status; may count a call on a goal, create a lead and take the prospect off the list',
        security: bearer,
        body: changeStatusRequestSchema,
        response: { 200: changeStatusResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => statusService.changeStatus(request.db, request.body, auditActor(request)),
  );

  app.post(
    '/crm/prospects/change-pipeline-stage',
    {
      schema: {
        tags,
        summary: 'Move a prospect to another pipeline stage of its tenant',
        security: bearer,
        body: changeProspectStageRequestSchema,
        response: { 200: changeProspectStageResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => statusService.changeStage(request.db, request.body, auditActor(request)),
  );

  app.get(
    '/crm/prospects/:id',
    {
      schema: {
        tags,
        summary: 'One prospect',
        security: bearer,
        params: idParamsSchema,
        response: { 200: prospectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.db, request.params.id),
  );

  app.get(
    '/crm/prospects/:id/activities',
    activitiesRouteOptions('prospects', "A prospect's history of status and stage changes with their notes"),
    async (request) => service.activities(request.db, request.params.id),
  );

  app.put(
    '/crm/prospects/:id',
    {
      schema: {
        tags,
        summary: 'Change the company fields of a prospect (fields left out keep their value)',
        security: bearer,
        params: idParamsSchema,
        body: updateProspectSchema,
        response: { 200: prospectSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.update(request.db, request.params.id, request.body, auditActor(request)),
  );

  app.delete(
    '/crm/prospects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a prospect and its lead',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.remove(request.db, request.params.id, auditActor(request));
      return { message: 'Prospect deleted.' };
    },
  );
};
