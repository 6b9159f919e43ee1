import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the same zod contracts that validate requests, at /api/openapi.json and /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Orbitra API',
        version: '1.0.0',
        description: 'State-changing calls need the X-CSRFToken header equal to the csrftoken cookie that any response sets. Errors are {"detail": "..."}.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' }, validatorUrl: false });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
