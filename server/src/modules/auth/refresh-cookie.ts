import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'refresh_token';

export interface RefreshCookieOptions {
  /** Where the cookie is sent: the auth routes only (`/api/v1/auth`), never the rest of the API or the pages. */
  path: string;
  /** The site is served over https (PUBLIC_URL): the cookie is Secure whatever the request says. */
  httpsSite: boolean;
}

function attributes(request: FastifyRequest, options: RefreshCookieOptions) {
  return {
    path: options.path,
    httpOnly: true,
    // Never sent by a request another site starts; the CSRF header guards the refresh route besides.
    sameSite: 'strict' as const,
    // request.protocol follows X-Forwarded-Proto only when TRUST_PROXY trusts the proxy.
    secure: options.httpsSite || request.protocol === 'https',
  };
}

/** The refresh token goes into an HttpOnly cookie that a script on the page cannot read; it lasts as long as its session. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, options: RefreshCookieOptions, token: string, expiresAt: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...attributes(request, options), expires: expiresAt });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, options: RefreshCookieOptions): void {
  reply.clearCookie(REFRESH_COOKIE, attributes(request, options));
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE];
}
