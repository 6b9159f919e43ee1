import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Origins of remotes served from elsewhere (a CDN); relative manifest paths are 'self'. */
export function remoteOrigins(mfRemotes: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(mfRemotes)) {
    try {
      const url = new URL(entry);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // A relative path: served by this server.
    }
  }
  return [...origins];
}

/**
 * CSP: scripts only from here and from the remotes' origins; styled-components injects
 * <style> tags, hence 'unsafe-inline' for styles only. The same policy fits the Swagger UI
 * page, whose scripts and styles are served from /api/docs.
 */
export function contentSecurityPolicy(mfRemotes: Record<string, string>, upgradeInsecure: boolean) {
  const remotes = remoteOrigins(mfRemotes);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...remotes],
      styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
      imgSrc: ["'self'", 'data:', ...remotes],
      fontSrc: ["'self'", 'data:', ...remotes],
      connectSrc: ["'self'", ...remotes],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // Only when served over https: on plain http it would break every asset request.
      ...(upgradeInsecure ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * helmet's own middleware on each answer's response. None of its headers depends on the request, and
 * helmet works every value out when the middleware is made (the CSP string too), so each answer
 * only pays the header writes.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { mfRemotes: Record<string, string>; https: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(options.mfRemotes, options.https),
    // Remote entries may come from a CDN origin; module scripts need CORS there, not CORP here.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Same rule as frame-ancestors 'none', for browsers that predate CSP.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => (error ? done(error instanceof Error ? error : new Error(String(error))) : done())),
  );
}
