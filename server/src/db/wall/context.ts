/**
 * Whose rows a database statement may see. Row-level security reads it from transaction-local
 * settings, so every statement runs inside a transaction that sets them first (scoped-db.ts).
 * - `user`: a signed-in request; admins see every tenant, everyone else their tenants; within a
 *   tenant, `ownerIds` are the owners whose prospects, leads and quotations it sees besides
 *   unassigned ones ('all': every owner), the user's visibility (tenancy/scope.ts).
 * - `system`: deliberate work for no signed-in user (sign-in itself, public links, seeding, CLI
 *   commands); it sees every tenant, so each use names its reason.
 */
export type DbContext =
  { kind: 'system'; reason: string } | { kind: 'user'; userId: string; isAdmin: boolean; tenantIds: string[]; ownerIds: 'all' | string[] };

/** The transaction-local settings the policies read (the migration's orbitra_* functions). */
export const CONTEXT_SETTINGS = {
  scope: 'orbitra.scope',
  tenantIds: 'orbitra.tenant_ids',
  userId: 'orbitra.user_id',
  ownerIds: 'orbitra.owner_ids',
} as const;

export function systemContext(reason: string): DbContext {
  return { kind: 'system', reason };
}

/**
 * The context of a request: the scope its repositories are given (tenancy/scope.ts, structurally, as
 * db/ sits below tenancy), handed to the database, so the wall checks the very lists the queries filter by.
 */
export function scopeContext(scope: { userId: string; tenantIds: 'all' | readonly string[]; owners: 'all' | readonly string[] }): DbContext {
  return {
    kind: 'user',
    userId: scope.userId,
    isAdmin: scope.tenantIds === 'all',
    tenantIds: scope.tenantIds === 'all' ? [] : scope.tenantIds.map((id) => id.toLowerCase()),
    ownerIds: scope.owners === 'all' ? 'all' : [...scope.owners],
  };
}

/** A user's context from their record (tests and tools): admins every tenant, others their own; every owner unless given. */
export function userContext(user: { id: string; isAdmin: boolean; tenantId: string | null; ownerIds?: 'all' | string[] }): DbContext {
  return scopeContext({ userId: user.id, tenantIds: user.isAdmin ? 'all' : user.tenantId ? [user.tenantId] : [], owners: user.ownerIds ?? 'all' });
}

export interface ContextValues {
  scope: 'system' | 'admin' | 'member';
  /** A PostgreSQL uuid[] literal. */
  tenantIds: string;
  userId: string;
  /** '*' for every owner, else a PostgreSQL uuid[] literal. */
  ownerIds: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checkedUuid(value: string): string {
  const lower = value.toLowerCase();
  // The tenant ids are written into a uuid[] literal: only uuids may get there.
  if (!UUID.test(lower)) throw new Error('A database context id is not a uuid.');
  return lower;
}

export function contextValues(context: DbContext): ContextValues {
  if (context.kind === 'system') return { scope: 'system', tenantIds: '{}', userId: '', ownerIds: '*' };
  return {
    scope: context.isAdmin ? 'admin' : 'member',
    tenantIds: `{${context.tenantIds.map(checkedUuid).join(',')}}`,
    userId: checkedUuid(context.userId),
    ownerIds: context.ownerIds === 'all' ? '*' : `{${context.ownerIds.map(checkedUuid).join(',')}}`,
  };
}

/**
 * The statement that sets the four settings, transaction-local (`set_config(..., true)`), from its
 * parameters: scope, tenant ids, user id, owner ids (contextArgs). The first statement of every transaction.
 */
const SETTING_NAMES = [CONTEXT_SETTINGS.scope, CONTEXT_SETTINGS.tenantIds, CONTEXT_SETTINGS.userId, CONTEXT_SETTINGS.ownerIds];

export const CONTEXT_SQL = `select ${SETTING_NAMES.map((name, i) => `set_config('${name}', $${i + 1}, true)`).join(', ')}`;

/**
 * The same settings for the whole session (`set_config(..., false)`): a pooled PostgreSQL connection
 * handed to a transaction gets them before its BEGIN, and SESSION_CONTEXT_RESET_SQL takes them off
 * again before the connection serves anyone else (wall/context-pool.ts).
 */
export const SESSION_CONTEXT_SQL = `select ${SETTING_NAMES.map((name, i) => `set_config('${name}', $${i + 1}, false)`).join(', ')}`;

/** Empty settings, as every connection has them outside a context: the policies read '' as none. */
export const SESSION_CONTEXT_RESET_SQL = `select ${SETTING_NAMES.map((name) => `set_config('${name}', '', false)`).join(', ')}`;

// A request's context object serves all its statements: its parameters are worked out once.
const contextParameters = new WeakMap<DbContext, string[]>();

/** The context as CONTEXT_SQL's parameters: scope, tenant ids, user id, owner ids. */
export function contextArgs(context: DbContext): string[] {
  let args = contextParameters.get(context);
  if (args === undefined) {
    const values = contextValues(context);
    contextParameters.set(context, (args = [values.scope, values.tenantIds, values.userId, values.ownerIds]));
  }
  return args;
}
