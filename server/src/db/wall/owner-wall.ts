import { AsyncLocalStorage } from 'node:async_hooks';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../types';
import { withSystemContext } from './context';

/** Called with a transaction, or inside one of its own: the system context would not reach the work. */
export class OwnerWallInTransactionError extends Error {
  constructor(reason: string) {
    super(`Passing the owner wall (${reason}) needs a transaction of its own: it cannot run inside a transaction already open.`);
    this.name = 'OwnerWallInTransactionError';
  }
}

const passing = new AsyncLocalStorage<string>();

/**
 * The one way a user's flow writes past the owner wall (rows handed to owners the caller does not
 * see): the work runs as the system, within the tenant the route has checked, in a transaction of
 * its own. The context is bound when a transaction begins, so inside a transaction already open a
 * switch to the system would change nothing: handed a transaction (or called again from its own
 * work) it refuses and runs nothing.
 */
export async function passOwnerWall<T>(db: DbOrTx, reason: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (is(db, PgTransaction) || passing.getStore() !== undefined) throw new OwnerWallInTransactionError(reason);
  return passing.run(reason, () => withSystemContext(reason, () => db.transaction(work)));
}
