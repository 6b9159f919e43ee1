import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isApiRequest, pathOf } from './api-request';
import { forbidden } from '../lib/refusal';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_DETAIL = 'CSRF token missing or invalid.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{32,128}$/;
// Hashed assets and published remote versions (/cdn/) are cached publicly: a Set-Cookie there could
// be kept by a CDN and handed to everyone.
const PUBLIC_CACHED = /^\/((remotes\/[^/]+\/)?assets|cdn)\//;

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
 *
 * Plain double submit, not @fastify/csrf-protection's signed tokens: the API's documented contract
 * is "the header equals the cookie", which API clients and scripts meet with a token of their
 * own, and a signed pair bound to no session protects no better here (whoever can plant a cookie
 * can plant a pair fetched from us); signed-in calls carry their bearer token in a header anyway.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookie: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
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
