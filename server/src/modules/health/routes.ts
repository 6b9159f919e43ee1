import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/errors';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export const degradedHealthSchema = z.object({ status: z.literal('degraded'), database: z.literal('down') });

/** How long the probe waits for the database before calling it down. */
const DATABASE_PROBE_TIMEOUT_MS = 1000;

export interface HealthOptions {
  /** Resolves when the database answers a trivial statement; rejects otherwise. */
  probeDatabase: () => Promise<unknown>;
}

async function databaseUp(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** 200 while the process serves requests and its database answers; 503 "degraded" while the database is away. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { probeDatabase }) => {
  app.get(
    '/health',
    // Besides 503, its one failure is the one any URL can meet: a path that does not decode (`/health%`) answers 400.
    {
      schema: {
        tags: ['health'],
        summary: 'Health: the process and its database',
        response: { 200: healthResponseSchema, 503: degradedHealthSchema, ...errorResponses(400) },
      },
    },
    async (_request, reply) => {
      if (await databaseUp(probeDatabase)) return { status: 'ok' as const, database: 'up' as const };
      return reply.code(503).send({ status: 'degraded' as const, database: 'down' as const });
    },
  );
};
