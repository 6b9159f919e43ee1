import type { FastifyInstance } from 'fastify';

/**
 * API answers carry access tokens and signed-in users' records, and the public quotation answers a
 * client's link: no browser, shared proxy or back/forward cache may keep them. A route that says
 * how its answer is cached (a download) keeps its own header.
 */
export function registerNoStore(api: FastifyInstance) {
  api.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
