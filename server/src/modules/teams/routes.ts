import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTeamSchema,
  deletedResponseSchema,
  idParamsSchema,
  teamListSchema,
  teamSchema,
  tenantQuerySchema,
  updateTeamSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import type { teamsService } from './service';

export interface TeamsRoutesOptions {
  service: ReturnType<typeof teamsService>;
}

const security = [{ bearerAuth: [] }];
const tags = ['teams'];
const MOVES =
  'A user is in at most one team per tenant: a member who is in another team of the tenant moves to this one (and leaves the other), as the audit entry records.';

/** A tenant's teams: every user of the tenant reads them (owner and team filters); admins change them. */
export const teamsRoutes: FastifyPluginAsyncZod<TeamsRoutesOptions> = async (app, { service }) => {
  app.get(
    '/crm/teams',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "A tenant's teams with their members' ids, by name",
        security,
        querystring: tenantQuerySchema,
        response: { 200: teamListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.db, request.tenant(request.query.tenant_id)),
  );

  app.post(
    '/crm/teams',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Create a team (admins)',
        description: `The name is unique in the tenant, whatever its case; member_ids are users whose home tenant is this one. ${MOVES}`,
        security,
        body: createTeamSchema,
        response: { 201: teamSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send(await service.create(request.db, auditActor(request), request.tenant(tenant_id), fields));
    },
  );

  app.put(
    '/crm/teams/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Rename a team or replace its members (admins; fields left out keep their value)',
        description: `member_ids is the whole new list: users left out leave the team. ${MOVES}`,
        security,
        params: idParamsSchema,
        body: updateTeamSchema,
        response: { 200: teamSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.db, auditActor(request), request.params.id, request.body),
  );

  app.delete(
    '/crm/teams/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Delete a team (admins); its members are in no team afterwards, their records keep their owners',
        security,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(request.db, auditActor(request), request.params.id);
      return { message: 'Team deleted.' };
    },
  );
};
