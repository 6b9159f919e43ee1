import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, toInt } from '../../db/raw-sql';
import type { ScopedDb } from '../../tenancy/database';

/** How many exports may download at once: per user, and per tenant (whoever asks). */
export interface ExportLimits {
  perUser: number;
  perTenant: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { perUser: 2, perTenant: 4 };

/** A lease lapses this long after its last renewal: an instance that died frees its exports' places then. */
const LEASE_MS = 90_000;
/** A running export renews its lease this often. */
const RENEW_EVERY_MS = 30_000;

export interface ExportLease {
  /** Gives the places back (idempotent). */
  release(): Promise<void>;
}

export type LeaseRefusal = { refused: 'user' | 'tenant'; limit: number };

// Counting and taking places is system work: leases are no tenant's data (db/schema/security.ts).
const LEASES = 'export leases';

/**
 * Places for exports, shared by every instance through the database: a new export takes one place of
 * its user and one of its tenant, or is refused when either is full. Takings of one tenant (and of one
 * user) are serialised by transaction-level advisory locks, so two instances never both take the last
 * place.
 */
export function exportLeases(limits: ExportLimits) {
  return {
    /** A place for an export of the caller's (`db`: their database, whose system handle keeps the leases). */
    async acquire(db: ScopedDb, tenantId: string, userId: string): Promise<ExportLease | LeaseRefusal> {
      const holders = { tenant: `tenant:${tenantId}`, user: `user:${userId}` };
      const leaseId = randomUUID();
      const system = db.asSystem(LEASES);
      const refusal = await system.transaction(async (tx) => {
        // Tenant first, then user, always: no two takings wait on each other in a circle.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${holders.tenant}, 727372002))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${holders.user}, 727372002))`);
        const counts = rowsOf<{ holder: string; n: unknown }>(
          await tx.execute(sql`select holder, count(*) as n from export_leases
              where holder in (${holders.tenant}, ${holders.user}) and expires_at > now() group by holder`),
        );
        const running = (holder: string) => toInt(counts.find((row) => row.holder === holder)?.n);
        if (running(holders.user) >= limits.perUser) return { refused: 'user', limit: limits.perUser } as const;
        if (running(holders.tenant) >= limits.perTenant) return { refused: 'tenant', limit: limits.perTenant } as const;
        await tx.execute(sql`delete from export_leases where holder in (${holders.tenant}, ${holders.user}) and expires_at <= now()`);
        await tx.execute(sql`insert into export_leases (holder, lease_id, expires_at)
            select holder, ${leaseId}::uuid, now() + make_interval(secs => ${LEASE_MS / 1000})
            from unnest(array[${holders.tenant}, ${holders.user}]) as holder`);
        return undefined;
      });
      if (refusal) return refusal;

      let released = false;
      // A renewal that fails (the database away) is tried again at the next tick; past the lease's
      // time the places free themselves, which errs on letting another export start.
      const renewal = setInterval(() => {
        void system
          .execute(sql`update export_leases set expires_at = now() + make_interval(secs => ${LEASE_MS / 1000}) where lease_id = ${leaseId}::uuid`)
          .catch(() => undefined);
      }, RENEW_EVERY_MS);
      renewal.unref();
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(renewal);
          await system.execute(sql`delete from export_leases where lease_id = ${leaseId}::uuid`).catch(() => undefined);
        },
      };
    },
  };
}
