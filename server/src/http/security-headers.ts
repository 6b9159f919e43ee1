import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/**
 * The CSP hashes of the shell's inline scripts: the import map (the page's shares, react, @app/shared...,
 * resolve through it, and the build rewrites it each time) and the theme's boot script, inline so the
 * first paint waits for no request and is already in the remembered theme. The pages painted ahead copy
 * index.html's head, so the same hashes cover them. None when there is no build.
 */
export function inlineScriptHashes(shellDist: string): string[] {
  const file = path.join(shellDist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  // A script with a src is loaded, not inline: 'self' already covers it.
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** Origins of remotes served from elsewhere (a CDN, CDN_PUBLIC_URL's bucket); relative paths are 'self'. */
export function remoteOrigins(addresses: string[]): string[] {
  const origins = new Set<string>();
  for (const entry of addresses) {
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
export function contentSecurityPolicy(remoteAddresses: string[], upgradeInsecure: boolean, scriptHashes: string[] = []) {
  const remotes = remoteOrigins(remoteAddresses);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes, ...remotes],
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
 * helmet's headers on every answer, through its Fastify plugin (hooks on the request, so pages,
 * API answers, errors and not-found answers all carry them).
 * remoteAddresses: where remotes load from (MF_REMOTES' entries, CDN_PUBLIC_URL); the origins of absolute ones are allowed.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { remoteAddresses: string[]; https: boolean; scriptHashes?: string[] }) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(options.remoteAddresses, options.https, options.scriptHashes),
    // Remote entries may come from a CDN origin; module scripts need CORS there, not CORP here.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Same rule as frame-ancestors 'none', for browsers that predate CSP.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}
