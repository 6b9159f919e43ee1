import { ACTIVITY_HISTORY_LIMIT, type CrmActivity } from '@app/shared/contracts';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { crmActivities, users, type ActivityKind } from '../../db/schema';
import { iso } from '../../db/raw-sql';

/** Who made an entry: full name, else email (users `u`); null once the user is deleted. */
const USER_NAME = `coalesce(nullif(u.full_name, ''), u.email)`;
const byUser = alias(users, 'u');

/**
 * A prospect's newest entries as the JSON array of its history's answer (the fields and format of
 * history() below), written by the database inside a larger statement. The ids are SQL
 * expressions of the outer statement.
 */
export function recentActivitiesJson(tenantId: SQL, prospectId: SQL, limit: number): SQL {
  return sql`(select coalesce(json_agg(r), '[]') from (
      select a.id, a.kind, a.summary, a.notes, ${sql.raw(USER_NAME)} as user_name, ${sql.raw(iso('a.created_at'))} as created_at
      from crm_activities a left join users u on u.id = a.user_id
      where a.tenant_id = ${tenantId} and a.prospect_id = ${prospectId}
      order by a.created_at desc, a.id desc
      limit ${sql.raw(String(Math.trunc(limit)))}) r)`;
}

export interface ActivityInput {
  prospectId?: string | null;
  leadId?: string | null;
  userId: string | null;
  kind: ActivityKind;
  summary: string;
  notes?: string | null;
}

/** The history of status and stage changes, with the notes the dialogs let people add. */
export function activitiesRepository(db: DbOrTx) {
  return {
    async add(tenantId: string, activity: ActivityInput): Promise<void> {
      await db.insert(crmActivities).values({ ...activity, notes: activity.notes || null, tenantId });
    },

    /**
     * Newest entries first, with who made each: a prospect's, or a lead's together with those of
     * the prospect it was made from (its calls and status changes before it became a lead).
     */
    async history(tenantId: string, subject: { prospectId?: string | null; leadId?: string | null }): Promise<CrmActivity[]> {
      const about: SQL[] = [];
      if (subject.prospectId) about.push(eq(crmActivities.prospectId, subject.prospectId));
      if (subject.leadId) about.push(eq(crmActivities.leadId, subject.leadId));
      if (about.length === 0) return [];
      const rows = await db
        .select({
          id: crmActivities.id,
          kind: crmActivities.kind,
          summary: crmActivities.summary,
          notes: crmActivities.notes,
          userName: sql<string | null>`${sql.raw(USER_NAME)}`,
          createdAt: crmActivities.createdAt,
        })
        .from(crmActivities)
        .leftJoin(byUser, eq(byUser.id, crmActivities.userId))
        .where(and(eq(crmActivities.tenantId, tenantId), or(...about)))
        .orderBy(desc(crmActivities.createdAt), desc(crmActivities.id))
        .limit(ACTIVITY_HISTORY_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        summary: row.summary,
        notes: row.notes,
        user_name: row.userName,
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}
