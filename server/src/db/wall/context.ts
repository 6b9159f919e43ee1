import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a database statement may see. Row-level security reads it from transaction-local
 * settings, so every statement runs inside a transaction that sets them first (scoped-db.ts).
 * - `user`: a signed-in request; admins see every tenant, everyone else their tenants.
 * - `system`: deliberate work for no signed-in user (sign-in itself, public links, seeding, CLI
 *   commands); it sees every tenant, so each use names its reason.
 */
export type DbContext = { kind: 'system'; reason: string } | { kind: 'user'; userId: string; isAdmin: boolean; tenantIds: string[] };

/** The transaction-local settings the policies read (the migration's orbitra_* functions). */
export const CONTEXT_SETTINGS = { scope: 'orbitra.scope', tenantIds: 'orbitra.tenant_ids', userId: 'orbitra.user_id' } as const;

export class MissingDbContextError extends Error {
  constructor() {
    super('Database used without a context: sign the request in, or run the work with withSystemContext(reason, ...).');
  }
}

export function systemContext(reason: string): DbContext {
  return { kind: 'system', reason };
}

/** The context of a signed-in user: the same rule as tenancy/tenant-access.ts, handed to the database. */
export function userContext(user: { id: string; isAdmin: boolean; tenantId: string | null }): DbContext {
  return { kind: 'user', userId: user.id, isAdmin: user.isAdmin, tenantIds: user.tenantId ? [user.tenantId.toLowerCase()] : [] };
}

const store = new AsyncLocalStorage<DbContext>();

export function currentDbContext(): DbContext | undefined {
  return store.getStore();
}

/** Runs a synchronous step (a hook's `done`) and all it starts in the context. */
export function runInDbContext(context: DbContext, step: () => void): void {
  store.run(context, step);
}

/**
 * Runs work in the context. Awaited inside, so a drizzle query handed back unawaited (a thenable
 * that only runs when awaited) still runs in the context.
 */
export function withDbContext<T>(context: DbContext, work: () => T | PromiseLike<T>): Promise<T> {
  return store.run(context, async () => await work());
}

/** Runs work that serves no signed-in user, with every tenant visible; the reason says why. */
export function withSystemContext<T>(reason: string, work: () => T | PromiseLike<T>): Promise<T> {
  return withDbContext(systemContext(reason), work);
}

export interface ContextValues {
  scope: 'system' | 'admin' | 'member';
  /** A PostgreSQL uuid[] literal. */
  tenantIds: string;
  userId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checkedUuid(value: string): string {
  const lower = value.toLowerCase();
  // The values end up in SQL text (a transaction's first statement, PGlite's exec); only uuids get there.
  if (!UUID.test(lower)) throw new Error('A database context id is not a uuid.');
  return lower;
}

export function contextValues(context: DbContext): ContextValues {
  if (context.kind === 'system') return { scope: 'system', tenantIds: '{}', userId: '' };
  return {
    scope: context.isAdmin ? 'admin' : 'member',
    tenantIds: `{${context.tenantIds.map(checkedUuid).join(',')}}`,
    userId: checkedUuid(context.userId),
  };
}

// A request's context object serves all its statements: its SQL and parameters are written once.
const contextSql = new WeakMap<DbContext, string>();
const contextParameters = new WeakMap<DbContext, readonly string[]>();

/** `SELECT set_config(...)` for the context, transaction-local; safe as literal SQL (checked values only). */
export function setContextSql(context: DbContext): string {
  let text = contextSql.get(context);
  if (text === undefined) contextSql.set(context, (text = writeContextSql(context)));
  return text;
}

/** The context as the parameters of context-query.ts's statement: scope, tenant ids, user id. */
export function contextArgs(context: DbContext): readonly string[] {
  let args = contextParameters.get(context);
  if (args === undefined) {
    const values = contextValues(context);
    contextParameters.set(context, (args = [values.scope, values.tenantIds, values.userId]));
  }
  return args;
}

/**
 * The statement that sets the three settings, transaction-local, from SQL expressions in the order of
 * contextArgs: quoted literals (setContextSql) or parameters (context-query.ts's prepared statement).
 */
export function contextSelectSql([scope, tenantIds, userId]: readonly string[]): string {
  const set = (name: string, value: string) => `set_config('${name}', ${value}, true)`;
  return `select ${set(CONTEXT_SETTINGS.scope, scope)}, ${set(CONTEXT_SETTINGS.tenantIds, tenantIds)}, ${set(CONTEXT_SETTINGS.userId, userId)}`;
}

function writeContextSql(context: DbContext): string {
  return contextSelectSql(contextArgs(context).map((value) => `'${value}'`));
}
