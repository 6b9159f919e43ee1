import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { ReportLag } from '@app/shared/contracts';
import type { DatabaseHandle, Db, Tx } from '../db/client';
import { scopeContext, systemContext, type DbContext } from '../db/wall/context';
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
  /**
   * Where this caller's reports, list exports and dashboard counts read, through the same walls: the
   * replica with DATABASE_READ_URL (db/read-replica.ts), else the database itself.
   */
  readonly reads: ScopedReads;
}

/** A caller's reads, and how far behind the figures they read are (null: current). */
export type ScopedReads = ScopedDb & { lag(): Promise<ReportLag | null> };

/** Its transactions carry the scope too; written first, so `transaction(async (tx) => …)` gives `tx` this type rather than drizzle's own. */
interface ScopedTransactions {
  transaction<T>(work: (tx: ScopedTx) => Promise<T>): Promise<T>;
}
export type ScopedDb = ScopedTransactions & Scoped & Db;
export type ScopedTx = ScopedTransactions & Scoped & Tx;
/** What a repository reads through: a caller's database or one of its transactions. */
export type ScopedDbOrTx = ScopedDb | ScopedTx;

/** The server's database, handed out per caller: `as(scope)` for a signed-in user, `asSystem(reason)` for named system work. */
export interface Database {
  as(scope: UserScope): ScopedDb;
  asSystem(reason: string): ScopedDb;
}

/** What every handle of one database shares: the way to the system's handle and to a caller's reads. */
interface Kin {
  asSystem(reason: string): ScopedDb;
  readsOf(context: DbContext, scope: Scope, reason: string | undefined): ScopedReads;
}

/**
 * drizzle's database or transaction, given the scope and its transactions given the same: their
 * `transaction` hands the work a transaction that carries it too.
 */
function carry<T extends Db | Tx>(target: T, context: DbContext, scope: Scope, reason: string | undefined, kin: Kin): T & Scoped {
  const begin = target.transaction.bind(target) as (work: (tx: Tx) => Promise<unknown>) => Promise<unknown>;
  let reads: ScopedReads | undefined;
  const carried: Scoped & ScopedTransactions = {
    scope,
    reason,
    asSystem: kin.asSystem,
    // Made when first asked for: most callers never read a replica.
    get reads() {
      return (reads ??= kin.readsOf(context, scope, reason));
    },
    transaction: <R>(work: (tx: ScopedTx) => Promise<R>) => begin((tx) => work(carry(tx, context, scope, reason, kin) as ScopedTx)) as Promise<R>,
  };
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(carried));
  return target as T & Scoped;
}

/** The database handed out per caller, with its reads from `reads` (a replica's, or the database's own). */
export function scopedDatabase(handle: Pick<DatabaseHandle, 'contextDb'> & Partial<Pick<DatabaseHandle, 'reads'>>): Database {
  // Without reads of their own (tools on the owner's connection) the database's own serve, always current.
  const reads = handle.reads ?? { contextDb: handle.contextDb, lag: async () => null };
  const kin: Kin = {
    asSystem: (reason) => handOut(handle.contextDb, systemContext(reason), SYSTEM_SCOPE, reason) as ScopedDb,
    readsOf(context, scope, reason) {
      const scoped = handOut(reads.contextDb, context, scope, reason) as ScopedReads;
      return Object.assign(scoped, { lag: () => reads.lag(scoped) });
    },
  };
  const handOut = (contextDb: (context: DbContext) => Db, context: DbContext, scope: Scope, reason: string | undefined) =>
    carry(contextDb(context), context, scope, reason, kin);
  return {
    as: (scope) => handOut(handle.contextDb, scopeContext(scope), scope, undefined) as ScopedDb,
    asSystem: kin.asSystem,
  };
}

/** Whether the handle is one of a transaction (work passing a wall needs one of its own). */
export function isTransaction(db: ScopedDbOrTx): db is ScopedTx {
  return is(db, PgTransaction);
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
