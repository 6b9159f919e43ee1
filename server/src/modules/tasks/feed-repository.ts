import { ADMIN_GROUP } from '@app/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { calendarFeeds } from '../../db/schema';
import type { ScopeUser } from '../../tenancy/scope';

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

    /** The active user whose feed secret has this hash, with what their visibility is built from (as a session reads it). */
    async userOf(tokenHash: string): Promise<ScopeUser | undefined> {
      const result = await db.execute(sql`
        select u.id, u.tenant_id as "tenantId", u.visibility,
          exists (select 1 from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = u.id and g.name = ${ADMIN_GROUP}) as "isAdmin",
          coalesce((select array_agg(t.user_id::text order by t.user_id) from team_members t
            where t.tenant_id = u.tenant_id and t.team_id = (select m.team_id from team_members m where m.user_id = u.id and m.tenant_id = u.tenant_id)), '{}') as "teamMemberIds"
        from calendar_feeds f join users u on u.id = f.user_id
        where f.token_hash = ${tokenHash} and u.is_active`);
      return rowsOf<ScopeUser>(result)[0];
    },
  };
}
