import type { FastifyRequest } from 'fastify';

/** The path of a URL, without its query. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** Whether a path, as written, is under /api. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Whether the request is an API call, judged on what the router serves rather than on the raw
 * spelling: `/%61pi/v1/...` reaches the same route as `/api/v1/...`. A path no route matches is
 * decoded, its slashes collapsed and its case folded, so no other spelling of /api slips past.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && isApiPath(route)) return true;
  const raw = pathOf(request.url);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: judge the raw path (the router refuses it anyway).
  }
  return [raw, decoded].some((path) => isApiPath(path.replace(/[/\\]+/g, '/').toLowerCase()));
}
