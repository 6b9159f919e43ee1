import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { calendarFeeds } from '../../db/schema';
import type { ScopeUser } from '../../tenancy/scope';
import { ACTIVE_STAFF_USER, SCOPE_USER_COLUMNS } from '../../tenancy/scope-user-sql';

export function calendarFeedsRepository(db: DbOrTx) {
  return {
    async of(userId: string): Promise<{ createdAt: Date } | undefined> {
      const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
      return row;
    },

    /** The user's one feed secret, replacing any before it. */
    async replace(userId: string, tokenHash: string, createdAt: Date): Promise<void> {
      await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash, createdAt })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt } });
    },

    async remove(userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },

    /**
     * The user whose feed secret has this hash, with what their visibility is built from (as a
     * session reads it); none once the account is deactivated or has lost its staff access.
     */
    async userOf(tokenHash: string): Promise<ScopeUser | undefined> {
      const result = await db.execute(sql`
        select ${SCOPE_USER_COLUMNS}
        from calendar_feeds f join users u on u.id = f.user_id
        where f.token_hash = ${tokenHash} and ${ACTIVE_STAFF_USER}`);
      return rowsOf<ScopeUser>(result)[0];
    },
  };
}
