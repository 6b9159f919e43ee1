import { AsyncLocalStorage } from 'node:async_hooks';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DatabaseHandle, Db, Tx } from '../db/client';
import { currentDbContext, MissingDbContextError, scopeContext, systemContext } from '../db/wall/context';
import { SYSTEM_SCOPE, type Scope, type UserScope } from './scope';

/**
 * The database as one caller sees it: every statement it sends carries that caller's context (the
 * database's tenant and owner walls), and it carries the very scope its repositories filter by. So
 * the wall's context and the queries' filters come from one object, handed down explicitly: nothing
 * is read from the request behind a signature. Transactions of it carry the same scope.
 */
export interface Scoped {
  readonly scope: Scope;
  /** Why this handle sees every tenant, when it does (a named system task); undefined for a user's. */
  readonly reason: string | undefined;
  /** The same database for a named task of the system's (every tenant, every owner). */
  asSystem(reason: string): ScopedDb;
}

/** Its transactions carry the scope too. Named before drizzle's own, so `db.transaction(async (tx) => …)` types `tx` as a ScopedTx. */
interface ScopedTransactions {
  transaction<T>(work: (tx: ScopedTx) => Promise<T>): Promise<T>;
}

export type ScopedDb = Scoped & ScopedTransactions & Db;
export type ScopedTx = Scoped & ScopedTransactions & Tx;
/** What a repository reads through: a caller's database or one of its transactions. */
export type ScopedDbOrTx = ScopedDb | ScopedTx;

/** The server's database, handed out per caller: `as(scope)` for a signed-in user, `asSystem(reason)` for named system work. */
export interface Database {
  as(scope: UserScope): ScopedDb;
  asSystem(reason: string): ScopedDb;
}

/**
 * drizzle's database or transaction, given the scope and its transactions given the same: their
 * `transaction` hands the work a transaction that carries it too.
 */
function carry<T extends Db | Tx>(target: T, scope: Scope, reason: string | undefined, asSystem: (reason: string) => ScopedDb): T & Scoped {
  const begin = target.transaction.bind(target) as (work: (tx: Tx) => Promise<unknown>) => Promise<unknown>;
  return Object.assign(target, {
    scope,
    reason,
    asSystem,
    transaction: <R>(work: (tx: ScopedTx) => Promise<R>) => begin((tx) => work(carry(tx, scope, reason, asSystem) as ScopedTx)) as Promise<R>,
  });
}

export function scopedDatabase(handle: Pick<DatabaseHandle, 'contextDb'>): Database {
  const asSystem = (reason: string): ScopedDb => carry(handle.contextDb(systemContext(reason)), SYSTEM_SCOPE, reason, asSystem) as ScopedDb;
  return {
    as: (scope) => carry(handle.contextDb(scopeContext(scope)), scope, undefined, asSystem) as ScopedDb,
    asSystem,
  };
}

/** Whether the handle is one of a transaction (work passing a wall needs one of its own). */
export function isTransaction(db: ScopedDbOrTx): db is ScopedTx {
  return is(db, PgTransaction);
}

/*
 * While the modules move to handles of their own (`request.db`, `db.asSystem`), the database the app
 * was built with still reads its context from the request (db/wall/context.ts); it carries that
 * request's scope the same way, so a moved module's `db.scope` works whoever calls it. Goes with the
 * ambient context.
 */
const ambientScopes = new AsyncLocalStorage<Scope>();

/** Runs a synchronous step (a hook's `done`) and all it starts with the request's scope. */
export function runInScope(scope: Scope, step: () => void): void {
  ambientScopes.run(scope, step);
}

function ambientScope(): Scope {
  const scope = ambientScopes.getStore();
  if (scope) return scope;
  if (currentDbContext()?.kind === 'system') return SYSTEM_SCOPE;
  throw new MissingDbContextError();
}

/** The app's ambient database as a scoped one: its scope is the request's (or the system's, in a withSystemContext block). */
export function ambientScopedDb(db: Db, database: Database): ScopedDb {
  const begin = db.transaction.bind(db) as (work: (tx: Tx) => Promise<unknown>) => Promise<unknown>;
  Object.defineProperty(db, 'scope', { get: ambientScope });
  Object.defineProperty(db, 'reason', { get: () => undefined });
  return Object.assign(db, {
    asSystem: database.asSystem,
    transaction: <R>(work: (tx: ScopedTx) => Promise<R>) =>
      begin((tx) => work(carry(tx, ambientScope(), undefined, database.asSystem) as ScopedTx)) as Promise<R>,
  }) as ScopedDb;
}

/** Called with a transaction: the system's context would not reach the work. */
export class OwnerWallInTransactionError extends Error {
  constructor(reason: string) {
    super(`Passing the owner wall (${reason}) needs a transaction of its own: it cannot run inside a transaction already open.`);
    this.name = 'OwnerWallInTransactionError';
  }
}

/**
 * The one way a user's flow writes past the owner wall (rows handed to owners the caller does not
 * see): the work runs on the system's handle, within the tenant the route has checked, in a
 * transaction of its own. The caller's own scope stays the caller's to pass on as data (whom they
 * may hand rows to). Handed a transaction, it refuses and runs nothing: a transaction's context is
 * bound when it begins.
 */
export async function passOwnerWall<T>(db: ScopedDbOrTx, reason: string, work: (tx: ScopedTx) => Promise<T>): Promise<T> {
  if (isTransaction(db)) throw new OwnerWallInTransactionError(reason);
  return db.asSystem(reason).transaction(work);
}
