import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ReportLag } from '@app/shared/contracts';
import type { Db } from './types';
import { connectOrUnavailable, isDatabaseUnavailable } from './database-away';
import { rowsOf } from './raw-sql';
import type { ConnectionSource } from './wall/context-pool';
import type { DbContext } from './wall/context';
import { postgresDb } from './wall/scoped-db';

/** Below this the replica counts as current: a report says how old its figures are only past it. */
export const LAG_NOTE_AFTER_SECONDS = 5;

/** How long a replica that did not answer is left alone (reads go to the primary) before it is tried again. */
export const REPLICA_DOWN_FOR_MS = 5000;

/** What the replica's outages are told to: the app's logger once it has one. */
export interface ReplicaLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Where reports, list exports and the dashboard's counts read: the replica of DATABASE_READ_URL, or
 * the primary when there is none. Everything a user writes and reads back goes to the primary's db.
 */
export interface Reads {
  /**
   * The reads as the app role, every statement carrying `context`, as the primary's: the tenant and
   * owner walls hold on the replica too (tenancy/database.ts hands it out as a caller's `db.reads`).
   */
  contextDb(context: DbContext): Db;
  /** How far behind the figures read on `on` (one of contextDb's) are, when more than LAG_NOTE_AFTER_SECONDS; null when current or read on the primary. */
  lag(on: Db): Promise<ReportLag | null>;
  /** Where the replica's outages and returns are logged (the server's logger, once built). */
  useLog(log: ReplicaLog): void;
}

/** No replica: reads go to the primary, whose figures are always current. */
export function primaryReads(contextDb: (context: DbContext) => Db): Reads {
  return { contextDb, lag: async () => null, useLog: () => undefined };
}

/**
 * Hot standby cancels a statement that conflicts with the replay of the primary's changes (SQLSTATE
 * 40001 on a standby, "canceling statement due to conflict with recovery"): the primary answers it.
 */
function isRecoveryConflict(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '40001' && /conflict with recovery/i.test(error.message);
}

const consoleLog: ReplicaLog = {
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.info(message, details),
};

/**
 * Reads from `replica` (the app's pool on DATABASE_READ_URL), through the same wall as the primary
 * (wall/context-pool.ts). A replica that cannot be reached (refused, or no connection within the pool's
 * connect timeout), or that drops a connection while a statement is on it, is left alone for
 * REPLICA_DOWN_FOR_MS and the reads go to the primary meanwhile: the request is answered, never a 5xx.
 * The outage is logged when it starts and when the replica answers again, not for each request.
 */
export function replicaReads(replica: pg.Pool, primary: pg.Pool, now: () => number = Date.now): Reads & { connections: ConnectionSource } {
  const fromReplica = new WeakSet<pg.PoolClient>();
  let log = consoleLog;
  let downUntil = 0;
  let down = false;

  function wentDown(error: unknown) {
    downUntil = now() + REPLICA_DOWN_FOR_MS;
    if (down) return;
    down = true;
    log.warn(
      { err: error instanceof Error ? error.message : String(error), retryInMs: REPLICA_DOWN_FOR_MS },
      'read replica (DATABASE_READ_URL) unreachable: reports, exports and dashboard counts read the primary until it answers again',
    );
  }

  const connections: ConnectionSource = {
    pools: [replica, primary],
    async connect() {
      if (now() >= downUntil) {
        try {
          const client = await replica.connect();
          fromReplica.add(client);
          if (down) {
            down = false;
            log.info({}, 'read replica (DATABASE_READ_URL) answers again: reports, exports and dashboard counts read it');
          }
          return client;
        } catch (error) {
          wentDown(error);
        }
      }
      return connectOrUnavailable(primary);
    },
    sendAgain(client, error) {
      if (!fromReplica.has(client)) return false;
      if (isDatabaseUnavailable(error)) {
        wentDown(error);
        return true;
      }
      return isRecoveryConflict(error);
    },
  };
  return {
    contextDb: (context) => postgresDb(connections, context),
    connections,
    useLog(next) {
      log = next;
    },
    /**
     * The replica's age: now() - pg_last_xact_replay_timestamp(), the time of the last change it
     * replayed. On a primary that writes nothing that grows without any lag, so a replica that has
     * replayed all it received (receive LSN = replay LSN) is current whatever its age. Read through
     * the same db as the figures, so a read that fell back to the primary (not in recovery) is current.
     */
    async lag(on) {
      const [row] = rowsOf<{ standby: boolean; caught_up: boolean | null; as_of: number | null; seconds: number | null }>(
        await on.execute(sql`select pg_is_in_recovery() as standby,
            pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() as caught_up,
            extract(epoch from pg_last_xact_replay_timestamp())::float8 as as_of,
            extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as seconds`),
      );
      if (!row?.standby || row.caught_up || row.as_of === null || row.seconds === null) return null;
      const seconds = Number(row.seconds);
      if (seconds <= LAG_NOTE_AFTER_SECONDS) return null;
      return { as_of: new Date(Number(row.as_of) * 1000).toISOString(), behind_seconds: Math.floor(seconds) };
    },
  };
}
