import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@app/shared/contracts';
import { operationIdOf } from './operation-id';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

// Fastify reads a body on these (and so may refuse it as too large, 413, or of another media type, 415).
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals Fastify makes before a route's own code runs, documented where they can occur: a
 * body too large (413) or of a media type other than JSON (415) on every operation that reads a
 * body, sent or not, and a path segment over the limit (414) on every operation with a path parameter.
 */
function withFrameworkRefusals(input: TransformInput, method: string): TransformInput {
  const refusals: Record<number, typeof errorResponseSchema> = {};
  if (BODY_METHODS.has(method.toUpperCase())) Object.assign(refusals, { 413: errorResponseSchema, 415: errorResponseSchema });
  if (input.url.includes('/:')) refusals[414] = errorResponseSchema;
  const response = (input.schema.response ?? {}) as Record<number, unknown>;
  return { ...input, schema: { ...input.schema, response: { ...refusals, ...response } } };
}

/**
 * The zod schemas become JSON Schema, and every operation gets its name from its route here, in
 * one place. A route that declares no security needs no sign-in: saying so (`security: []`) tells
 * clients it is public instead of leaving them to guess.
 */
function describeOperation(input: TransformInput) {
  const methods = typeof input.route.method === 'string' ? [input.route.method] : input.route.method;
  const documented = input.schema && !input.schema.hide && methods.length === 1;
  const { schema, url } = jsonSchemaTransform(documented ? withFrameworkRefusals(input, methods[0]) : input);
  if (!schema || schema.hide) return { schema, url };
  if (methods.length !== 1) throw new Error(`${url}: one method per route, so each operation has its own operationId`);
  return { url, schema: { ...schema, operationId: operationIdOf(methods[0], input.url), security: schema.security ?? [] } };
}

/** OpenAPI document generated from the same zod contracts that validate requests, at /api/openapi.json and /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Orbitra API',
        version: '1.0.0',
        // The API serves Orbitra's own apps; nobody else is licensed to use it.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description: 'State-changing calls need the X-CSRFToken header equal to the csrftoken cookie that any response sets. Errors are {"detail": "..."}.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // HttpOnly, SameSite=Strict, sent to /api/v1/auth only: renews the bearer token (POST /auth/refresh).
          refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refresh_token' },
        },
      },
    },
    transform: describeOperation,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', displayOperationId: true }, validatorUrl: false });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
