import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_GROUP, STAFF_GROUP, type Visibility } from '@app/shared/contracts';
import { forbidden, unauthorized } from '../../lib/refusal';
import { userScope, type UserScope } from '../../tenancy/scope';
import { assertTenantAccess } from '../../tenancy/tenant-access';
import type { Database, ScopedDb } from '../../tenancy/database';
import { sessionsRepository } from './repository';
import { SessionCache } from './session-cache';
import { verifyAccessToken } from './tokens';

/** The signed-in user of a request. */
export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  tenantId: string | null;
  isAdmin: boolean;
  isStaff: boolean;
  groups: string[];
  createdAt: Date;
  /** Which of the tenant's records the user sees (tenancy/scope.ts); admins see all whatever it says. */
  visibility: Visibility;
  teamId: string | null;
  /** Everyone in the user's team, the user included; empty when in none. */
  teamMemberIds: string[];
}

export const NO_CREDENTIALS_DETAIL = 'Authentication credentials were not provided.';
export const INVALID_TOKEN_DETAIL = 'Invalid or expired token.';
export const ADMIN_REQUIRED_DETAIL = 'Admin privileges required.';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
    /**
     * The tenant id the request may use, after the access check: 400 when missing, 403 unless
     * the user is an admin or it is their home tenant. Every tenant-scoped query goes through it.
     */
    tenant(tenantId: unknown): string;
    /** What the signed-in user sees (tenancy/scope.ts), handed to every repository call that filters by owner. */
    scope(): UserScope;
    /** The signed-in user's database: its statements carry their scope to the wall, and its repositories filter by the same scope. */
    readonly db: ScopedDb;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid, unrevoked access token of an active user is sent. */
    requireUser: Hook;
    /** onRequest hook: requireUser, then 403 unless the user is an admin. */
    requireAdmin: Hook;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

export function registerAuthentication(app: FastifyInstance, options: { database: Database; secret: string; sessionCache?: SessionCache; clock?: () => Date }) {
  // Who is calling is not known yet: finding out is the one thing done for nobody in particular.
  const sessions = sessionsRepository(options.database.asSystem('authentication'));
  const cache = options.sessionCache ?? new SessionCache(0);
  const clock = options.clock ?? (() => new Date());

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tenant', function tenant(this: FastifyRequest, tenantId: unknown): string {
    if (!this.user) throw unauthorized(NO_CREDENTIALS_DETAIL);
    return assertTenantAccess(this.user, tenantId);
  });
  app.decorateRequest('scope', function scope(this: FastifyRequest): UserScope {
    if (!this.user) throw unauthorized(NO_CREDENTIALS_DETAIL);
    return userScope(this.user);
  });
  // The caller's database: their scope, and the wall's context from the same scope (tenancy/database.ts).
  const handles = new WeakMap<FastifyRequest, ScopedDb>();
  app.decorateRequest('db', {
    getter(this: FastifyRequest): ScopedDb {
      let db = handles.get(this);
      if (!db) handles.set(this, (db = options.database.as(this.scope())));
      return db;
    },
  });

  const requireUser: Hook = async (request, reply) => {
    if (request.user) return;
    const token = bearerToken(request);
    reply.header('www-authenticate', 'Bearer');
    if (token === null) throw unauthorized(NO_CREDENTIALS_DETAIL);
    const now = clock();
    const claims = token ? await verifyAccessToken(token, options.secret, Math.floor(now.getTime() / 1000)) : null;
    if (!claims) throw unauthorized(INVALID_TOKEN_DETAIL);
    const record = await cache.resolve(claims.sid, claims.sub, () => sessions.findActive(claims.sid, claims.sub, now));
    if (!record) throw unauthorized(INVALID_TOKEN_DETAIL);
    reply.removeHeader('www-authenticate');
    const { user, groupNames, teamId, teamMemberIds } = record;
    request.sessionId = record.sessionId;
    request.user = {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      tenantId: user.tenantId,
      isAdmin: groupNames.includes(ADMIN_GROUP),
      isStaff: user.isStaff || groupNames.includes(STAFF_GROUP),
      groups: groupNames,
      createdAt: user.createdAt,
      visibility: user.visibility,
      teamId,
      teamMemberIds,
    };
  };

  const requireAdmin: Hook = async (request, reply) => {
    await requireUser(request, reply);
    if (!request.user?.isAdmin) throw forbidden(ADMIN_REQUIRED_DETAIL);
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', requireAdmin);
}
