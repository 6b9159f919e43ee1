import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-request';

export const NO_STORE = 'no-store';

/**
 * API answers carry access tokens and signed-in users' records, and the public quotation answers a
 * client's link: no browser, shared proxy or back/forward cache may keep them. Every answer under
 * /api says so, however the path is spelled, refusals made before any route (404, 405, 414, a CSRF
 * 403) included; a route that says how its answer is cached (a download) keeps its own header.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isApiRequest(request)) reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}
