import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_DETAIL = 'CSRF token missing or invalid.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{32,128}$/;
// Hashed assets and published remote versions (/cdn/) are cached publicly: a Set-Cookie there could
// be kept by a CDN and handed to everyone.
const PUBLIC_CACHED = /^\/((remotes\/[^/]+\/)?assets|cdn)\//;

function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q < 0 ? request.url : request.url.slice(0, q);
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Whether the request is an API call, judged on what the router serves rather than on the raw
 * spelling: `/%61pi/v1/...` reaches the same route as `/api/v1/...`. A path no route matches is
 * decoded, its slashes collapsed and its case folded, so no other spelling of /api slips past.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && isApiPath(route)) return true;
  const raw = pathOf(request);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: judge the raw path (the router refuses it anyway).
  }
  return [raw, decoded].some((path) => isApiPath(path.replace(/[/\\]+/g, '/').toLowerCase()));
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection: the first response to a client without the cookie sets a
 * random csrftoken (readable by the page's script), and every state-changing /api call must
 * echo it in X-CSRFToken. A page on another origin can make the browser send the cookie but
 * cannot read it, so it cannot produce the header.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookie: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request);
    const cookie = request.cookies[CSRF_COOKIE];
    const hasValidCookie = typeof cookie === 'string' && TOKEN_FORMAT.test(cookie);

    if (!hasValidCookie && !PUBLIC_CACHED.test(path)) {
      reply.setCookie(CSRF_COOKIE, crypto.randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: options.secureCookie,
        // A year: the token is not a credential, only proof the caller can read our cookies.
        maxAge: 365 * 24 * 60 * 60,
      });
    }

    if (STATE_CHANGING.has(request.method) && isApiRequest(request)) {
      const header = request.headers[CSRF_HEADER];
      if (!hasValidCookie || typeof header !== 'string' || !sameToken(header, cookie)) throw forbidden(CSRF_DETAIL);
    }
  });
}
