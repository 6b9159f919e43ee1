import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserSchema,
  groupListSchema,
  idParamsSchema,
  setUserGroupsSchema,
  updateUserSchema,
  userIdParamsSchema,
  userListSchema,
  userSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import type { usersService } from './service';

export interface UsersRoutesOptions {
  service: ReturnType<typeof usersService>;
}

const bearer = [{ bearerAuth: [] }];

/** User and group administration: admins only (401 without a token, 403 for others). */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/auth/users',
    { schema: { tags: ['users'], summary: 'List users', security: bearer, response: { 200: userListSchema, ...errorResponses(401, 403) } } },
    async (request) => service.list(request.db),
  );

  app.post(
    '/auth/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user',
        security: bearer,
        body: createUserSchema,
        response: { 201: userSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.db, auditActor(request), request.body)),
  );

  app.get(
    '/auth/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user',
        security: bearer,
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.db, request.params.id),
  );

  app.put(
    '/auth/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Change a user (fields left out keep their value)',
        security: bearer,
        params: idParamsSchema,
        body: updateUserSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.db, auditActor(request), request.params.id, request.body),
  );

  app.delete(
    '/auth/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a user',
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.remove(request.db, auditActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/auth/groups',
    { schema: { tags: ['users'], summary: 'List groups', security: bearer, response: { 200: groupListSchema, ...errorResponses(401, 403) } } },
    async (request) => service.listGroups(request.db),
  );

  app.put(
    '/auth/users/:userId/groups',
    {
      schema: {
        tags: ['users'],
        summary: "Replace a user's groups (is_admin and is_staff follow admin and staff)",
        security: bearer,
        params: userIdParamsSchema,
        body: setUserGroupsSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setGroups(request.db, auditActor(request), request.params.userId, request.body),
  );
};
