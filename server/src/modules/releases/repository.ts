import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { ReleaseFailure } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { releaseFailures } from '../../db/schema';

/** Failure reports of remote versions; they belong to no tenant, so none is taken. */
export function releaseFailuresRepository(db: DbOrTx) {
  return {
    async record(remote: string, failure: ReleaseFailure, reporter: string): Promise<void> {
      await db.insert(releaseFailures).values({ remote, version: failure.version, phase: failure.phase, message: failure.message, reporter });
      // Kept well past the day the Releases page counts, then dropped, so reports cannot pile up.
      await db.delete(releaseFailures).where(and(eq(releaseFailures.remote, remote), lt(releaseFailures.createdAt, sql`now() - interval '30 days'`)));
    },

    /**
     * Distinct reporters per remote and version over the last 24 hours: one browser reporting again
     * and again counts once. A report older than the reporter column counts as a reporter of its own.
     */
    async countsOfLastDay(): Promise<Array<{ remote: string; version: string; count: number }>> {
      return db
        .select({
          remote: releaseFailures.remote,
          version: releaseFailures.version,
          count: sql<number>`count(distinct coalesce(${releaseFailures.reporter}, ${releaseFailures.id}::text))::int`,
        })
        .from(releaseFailures)
        .where(gte(releaseFailures.createdAt, sql`now() - interval '24 hours'`))
        .groupBy(releaseFailures.remote, releaseFailures.version);
    },
  };
}
