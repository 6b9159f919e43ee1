import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** Liveness only: it answers while the process serves requests, without touching the database. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], summary: 'Liveness probe', response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));
};
