import type pg from 'pg';
import { causeChain } from '../lib/error-causes';

/**
 * SQLSTATEs of a database that is going away or not there yet: shut down by its administrator
 * (57P01-57P03), a connection failure (class 08), no free connection slot (53300).
 */
const UNAVAILABLE_STATES = /^(57P0[123]|08...|53300)$/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres' own sentences for a connection that broke, never came, cannot be used any more, or
// sent a statement the database never answered (client.ts's answer timeout).
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed|Connection ended|terminating connection|Query read timeout/i;

/**
 * A connection the pool could not hand out: whatever the reason (the database not accepting
 * connections, dropped, at its connection limit, or a code no list foresaw), no statement of the
 * request ran, so it is the database being away for the client, never its request's fault.
 */
export class DatabaseConnectError extends Error {
  constructor(cause: unknown) {
    super(`No connection to the database: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseConnectError';
  }
}

/** A connection from the pool, its failure to come a DatabaseConnectError. */
export function connectOrUnavailable(pool: pg.Pool): Promise<pg.PoolClient> {
  return pool.connect().catch((error: unknown) => {
    throw new DatabaseConnectError(error);
  });
}

/** Whether the error is the database being unreachable (worth waiting for, or a 503 for a client), rather than a refusal of what was asked. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causeChain(error)) {
    if (e instanceof DatabaseConnectError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(String((e as Error).message ?? ''))) return true;
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs work that must not be dropped while the database is away (recording that a mail went out,
 * a queue job): tried again, waiting longer each time up to 5 s, until the database answers.
 * Any other error, or an abort, ends it.
 */
export async function untilDatabaseAnswers<T>(work: () => Promise<T>, abort?: AbortSignal): Promise<T> {
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || abort?.aborted) throw error;
      await sleep(wait);
    }
  }
}
