import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedResponseSchema, idParamsSchema, tenantQuerySchema, tenantIdSchema } from '@app/shared/contracts';
import type { z } from 'zod';
import { errorResponses } from '../../http/errors';
import { type AuditActor, auditActor } from '../audit';
import type { ScopedDb } from '../../tenancy/database';

/** What the routes need of tenantOptionsService (service.ts), for either kind of option: each call on the caller's database. */
export interface OptionRoutesService<Dto, Create, Update> {
  list(db: ScopedDb, tenantId: string): Promise<Dto[]>;
  create(db: ScopedDb, actor: AuditActor, tenantId: string, input: Create): Promise<Dto>;
  update(db: ScopedDb, actor: AuditActor, id: string, input: Update): Promise<Dto>;
  remove(db: ScopedDb, actor: AuditActor, id: string): Promise<void>;
}

/** One kind of tenant option: where it lives, its contracts and the words its documentation uses. */
export interface OptionRoutesKind<Item extends z.ZodType, Create extends z.ZodObject<{ tenant_id: typeof tenantIdSchema }>, Update extends z.ZodType> {
  path: string;
  tag: string;
  /** 'status option': the API documentation and the delete answer name it. */
  noun: string;
  /** What becomes of the prospects and leads that had a deleted option. */
  onDelete: string;
  schemas: { item: Item; list: z.ZodArray<Item>; create: Create; update: Update };
}

/** List, create, change and delete of a tenant's status options or pipeline stages, served by the kind's service. */
export function tenantOptionsRoutes<Item extends z.ZodType, Create extends z.ZodObject<{ tenant_id: typeof tenantIdSchema }>, Update extends z.ZodType>(
  kind: OptionRoutesKind<Item, Create, Update>,
  service: OptionRoutesService<z.output<Item>, Omit<z.output<Create>, 'tenant_id'>, z.output<Update>>,
): FastifyPluginAsyncZod {
  const security = [{ bearerAuth: [] }];
  const tags = [kind.tag];
  const deleted = `${kind.noun[0].toUpperCase()}${kind.noun.slice(1)} deleted.`;
  // Widened for fastify's types, which cannot follow a generic schema; the service's types hold.
  const item: z.ZodType = kind.schemas.item;

  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get(
      kind.path,
      {
        schema: {
          tags,
          summary: `A tenant's ${kind.noun}s, by sort_order (inactive ones included)`,
          security,
          querystring: tenantQuerySchema,
          response: { 200: kind.schemas.list, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => service.list(request.db, request.tenant(request.query.tenant_id)),
    );

    app.post(
      kind.path,
      {
        schema: {
          tags,
          summary: `Create a ${kind.noun}`,
          security,
          body: kind.schemas.create,
          response: { 201: item, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const { tenant_id, ...fields } = request.body as z.output<Create>;
        return reply.code(201).send(await service.create(request.db, auditActor(request), request.tenant(tenant_id), fields));
      },
    );

    app.put(
      `${kind.path}/:id`,
      {
        schema: {
          tags,
          summary: `Change a ${kind.noun} (fields left out keep their value)`,
          security,
          params: idParamsSchema,
          body: kind.schemas.update,
          response: { 200: item, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => service.update(request.db, auditActor(request), request.params.id, request.body as z.output<Update>),
    );

    app.delete(
      `${kind.path}/:id`,
      {
        schema: {
          tags,
          summary: `Delete a ${kind.noun}; ${kind.onDelete}`,
          security,
          params: idParamsSchema,
          response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await service.remove(request.db, auditActor(request), request.params.id);
        return { message: deleted };
      },
    );
  };
}
