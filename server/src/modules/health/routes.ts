import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/errors';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** Liveness only: it answers while the process serves requests, without touching the database. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    // Its one failure is the one any URL can meet: a path that does not decode (`/health%`) answers 400.
    { schema: { tags: ['health'], summary: 'Liveness probe', response: { 200: healthResponseSchema, ...errorResponses(400) } } },
    async () => ({ status: 'ok' as const }),
  );
};
