import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAME_PATTERN, VERSION_PATTERN } from '@app/shared/build/release-control';
import type { RemotesManifest } from '@app/shared/contracts';
import { REMOTE_NAMES } from '@app/shared/federation/remote-names';
import { isApiPath, pathOf } from './api-request';
import { CDN_PATH } from '../config';
import { METHOD_NOT_ALLOWED_DETAIL, NOT_FOUND_DETAIL, PATH_SEGMENT_TOO_LONG_DETAIL } from './errors';
import prerendered from './prerendered-pages.json';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** /mf-remotes.json differs per user (canaries): no shared cache may keep it, nor the browser reuse it. */
export const PER_USER = 'private, no-store';
/** A visitor's place for canaries by share, kept a year so a visitor stays on one side. */
export const BUCKET_COOKIE = 'mf_bucket';
const BUCKET_FORMAT = /^\d{1,4}$/;
/** The CDN folder's files are served under this prefix (when no bucket keeps them). */
export const CDN_PREFIX = `${CDN_PATH}/`;

/** A versioned file (<remote>/<version>/…) never changes under its path; the manifest changes on every promotion. */
export function isVersionedCdnFile(relative: string): boolean {
  const [remote, version, ...rest] = relative.split('/');
  return rest.length > 0 && REMOTE_NAME_PATTERN.test(remote ?? '') && VERSION_PATTERN.test(version ?? '');
}

/** Who loads the shell, for the canaries: a signed-in user, or a visitor by the bucket (0 ≤ bucket < 100) their cookie keeps. */
export type RemotesAsker = { user: { id: string; tenantId: string | null } } | { visitorBucket: number };

/**
 * Hashed build output lives under assets/ and never changes under its name; everything else
 * (index.html, a remote's page entries such as crm.js, mf-manifest.json, favicon) must be revalidated so a deploy is
 * picked up on the next load. In the CDN folder, a whole published version is immutable.
 */
function cacheHeaders(root: string, immutable: (relative: string) => boolean = (relative) => relative.startsWith('assets/')) {
  return (reply: FastifyReply, filePath: string) => {
    const relative = path.relative(root, filePath).split(path.sep).join('/');
    reply.header('cache-control', immutable(relative) ? IMMUTABLE : NO_CACHE);
  };
}

/** The path as the shell's router reads it (percent-decoded); a path that does not decode is kept as sent. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Media ranges a page answers: HTML, and the wildcards a client sends that takes anything. */
const PAGE_RANGES = new Set(['text/html', 'application/xhtml+xml', 'text/*', '*/*']);

/**
 * Whether a client takes a page: one that says nothing (curl, a link checker, a crawler) or accepts
 * HTML or anything does. Only a client that lists what it takes without any of these (an API client
 * asking for JSON alone), or that refuses them all with q=0, gets the JSON answer instead.
 */
export function acceptsPage(accept: string | string[] | undefined): boolean {
  const header = (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).trim();
  if (header === '') return true;
  return header.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!PAGE_RANGES.has(type)) return false;
    const q = params.find((param) => /^q\s*=/.test(param));
    return q === undefined || Number(q.slice(q.indexOf('=') + 1).trim()) > 0;
  });
}

/** A navigation to a client route (/crm, /reset-password): not the API, not a file, from a client that takes a page. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const p = pathOf(request.url);
  if (isApiPath(p) || p.startsWith('/remotes/') || p.startsWith(CDN_PREFIX) || p.startsWith('/assets/')) return false;
  if (/\.[A-Za-z0-9]+$/.test(path.posix.basename(p))) return false;
  return acceptsPage(request.headers.accept);
}

/** The shell's route table as its build writes it beside index.html (packages/shared/build/federation.mjs). */
interface RouteTable {
  shellPages: Array<{ path: string }>;
  remoteRoutes: Array<{ path: string }>;
}

/**
 * Whether an address is a page of the app: a shell page (`/q/:token` takes one segment), or a remote's area (its
 * path or anything below it, which that remote's own router reads). Read from the build's route table, so a route
 * added there is known here; a build without one (older) knows every address, as before.
 */
export function pageRouteMatcher(shellDist: string): (pathname: string) => boolean {
  let table: RouteTable | null = null;
  let patterns: RegExp[] = [];
  return (pathname) => {
    // Read once it is there: a build made after the server started is picked up too.
    if (table === null) {
      try {
        table = JSON.parse(fs.readFileSync(path.join(shellDist, 'route-table.json'), 'utf8')) as RouteTable;
        const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        patterns = [
          ...table.shellPages.map(
            ({ path: page }) =>
              new RegExp(
                `^${page
                  .split('/')
                  .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
                  .join('/')}/?$`,
              ),
          ),
          ...table.remoteRoutes.map(({ path: area }) => (area === '/' ? /^\/$/ : new RegExp(`^${escape(area)}(/.*)?$`))),
        ];
      } catch {
        return true;
      }
    }
    return patterns.some((pattern) => pattern.test(pathname));
  };
}

/**
 * The page a build step painted ahead for this path (scripts/prerender-public.mjs), relative to the
 * shell's build; null when the path has none or the build has not made it.
 */
function prerenderedPage(shellDist: string, pathname: string): string | null {
  const name = Object.hasOwn(prerendered.pages, pathname) ? prerendered.pages[pathname as keyof typeof prerendered.pages] : null;
  if (!name) return null;
  const relative = `${prerendered.dir}/${name}`;
  return fs.existsSync(path.join(shellDist, relative)) ? relative : null;
}

/**
 * A build folder under a URL prefix, its precompressed files included; no directory index. `only`,
 * when given, names the files (relative to the folder, as decoded and normalized) that may be served.
 */
async function serveFolder(
  app: FastifyInstance,
  root: string,
  prefix: string,
  immutable?: (relative: string) => boolean,
  only?: (relative: string) => boolean,
) {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    wildcard: true,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: cacheHeaders(root, immutable),
    // The release tool's lock and half-copied versions are dotfiles; builds have none.
    dotfiles: 'ignore',
    ...(only ? { allowedPath: (pathName: string) => only(pathName.replace(/^\/+/, '')) } : {}),
    suppressWarning: true,
  });
}

export interface StaticOptions {
  shellDist: string;
  remotesDir: string;
  /** The CDN folder served at /cdn/; null when a bucket keeps the published versions. */
  cdnDir: string | null;
  /** /mf-remotes.json for whoever asks: which version of each remote they load (the releases module's placement). */
  remotes: (asker: RemotesAsker) => Promise<RemotesManifest>;
  /** Methods a known API path answers to (http/allowed-methods.ts); others get 405. */
  allowedMethods?: (path: string) => string[];
  /** The signed-in user of a request that sends a token, or null: who gets which canary. */
  identify?: (request: FastifyRequest, reply: FastifyReply) => Promise<{ id: string; tenantId: string | null } | null>;
  secureCookie?: boolean;
}

/**
 * Who this request is for canaries: a signed-in user, or a visitor by a random bucket kept in a
 * first-party cookie (set on the first visit).
 */
async function askerOf(request: FastifyRequest, reply: FastifyReply, options: StaticOptions): Promise<RemotesAsker> {
  const user = (await options.identify?.(request, reply)) ?? null;
  if (user) return { user: { id: user.id, tenantId: user.tenantId } };
  const cookie = request.cookies?.[BUCKET_COOKIE];
  if (typeof cookie === 'string' && BUCKET_FORMAT.test(cookie)) return { visitorBucket: Number(cookie) / 100 };
  const bucket = crypto.randomInt(10_000);
  reply.setCookie(BUCKET_COOKIE, String(bucket), {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: options.secureCookie ?? false,
    maxAge: 365 * 24 * 60 * 60,
  });
  return { visitorBucket: bucket / 100 };
}

/**
 * The built shell at /, each remote at /remotes/<name>/, published remote versions at /cdn/,
 * the remotes manifest (live CDN versions over the configured addresses), and the fallback that
 * lets the shell's router handle deep links. Missing folders only log: tests and API-only runs have
 * no builds.
 */
export async function registerStaticFiles(app: FastifyInstance, options: StaticOptions) {
  app.get('/mf-remotes.json', { schema: { hide: true } }, async (request, reply) => {
    const asker = await askerOf(request, reply, options);
    return reply
      .header('cache-control', PER_USER)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(await options.remotes(asker)));
  });

  await app.register(fastifyStatic, {
    root: options.shellDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // The build writes .br and .gz beside each asset; they are sent to clients that accept them.
    preCompressed: true,
    setHeaders: cacheHeaders(options.shellDist),
    // The shell's own copy would shadow the configurable manifest above; routes win, but be explicit.
    // A page painted ahead replaces index.html at / (the fallback below sends it).
    allowedPath: (pathName) => pathName !== '/mf-remotes.json' && !(pathName === '/' && prerenderedPage(options.shellDist, '/')),
    suppressWarning: true,
  });
  const missing = [options.shellDist, ...REMOTE_NAMES.map((name) => path.join(options.remotesDir, name, 'dist'))].filter((dir) => !fs.existsSync(dir));
  // Served as soon as they are built; until then their paths answer 404.
  if (missing.length > 0) app.log.info({ missing }, 'Some app builds are missing; run `pnpm build` to serve them.');

  for (const name of REMOTE_NAMES) await serveFolder(app, path.join(options.remotesDir, name, 'dist'), `/remotes/${name}/`);
  // Read at request time: the folder may appear with the first release, after the server started.
  // Only published versions' files: a manifest.json left from before the database (history, canary
  // tenants) is never served. With a bucket, browsers load the versions from CDN_PUBLIC_URL instead.
  if (options.cdnDir) await serveFolder(app, options.cdnDir, CDN_PREFIX, isVersionedCdnFile, isVersionedCdnFile);

  const indexHtml = path.join(options.shellDist, 'index.html');
  /** A request no route takes that is not a page: 414, 405 or 404. */
  const refuseUnrouted = (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = options.allowedMethods?.(pathOf(request.url)) ?? [];
    // The path fits a route of this method, yet the router passed it on: a segment was over maxParamLength
    // (GET and HEAD reach here through the static files' wildcard; other methods get frameworkErrors' 414).
    if (allowed.includes(request.method)) return reply.code(414).type('application/json; charset=utf-8').send({ detail: PATH_SEGMENT_TOO_LONG_DETAIL });
    if (allowed.length > 0) {
      return reply.code(405).header('allow', allowed.join(', ')).type('application/json; charset=utf-8').send({ detail: METHOD_NOT_ALLOWED_DETAIL });
    }
    return reply.code(404).type('application/json; charset=utf-8').send({ detail: NOT_FOUND_DETAIL });
  };
  // Nothing would read the body of a request no route takes: it is answered before a byte of it is
  // read (a large one would otherwise be parsed, holding the event loop, only to be refused).
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD') return refuseUnrouted(request, reply);
  });
  const isPage = pageRouteMatcher(options.shellDist);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request.url);
    // `/` reaches here only when its page was painted ahead (allowedPath above); it answers as index.html did.
    const home = pathname === '/' && (request.method === 'GET' || request.method === 'HEAD');
    if ((isClientRoute(request) || home) && fs.existsSync(indexHtml)) {
      // An address no route takes gets the app all the same (it shows its Not found page), as a 404: a link
      // checker, a crawler or a bookmark sees the page is not there.
      if (!isPage(decodedPath(pathname))) return reply.code(404).header('cache-control', NO_CACHE).sendFile('index.html', options.shellDist);
      return reply.header('cache-control', NO_CACHE).sendFile(prerenderedPage(options.shellDist, pathname) ?? 'index.html', options.shellDist);
    }
    return refuseUnrouted(request, reply);
  });
}
