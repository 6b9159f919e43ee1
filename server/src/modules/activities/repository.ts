import { ACTIVITY_HISTORY_LIMIT, type CrmActivity } from '@app/shared/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { crmActivities, type ActivityKind } from '../../db/schema';
import { isoSql, rowsOf } from '../../db/raw-sql';

/** Who made an entry: full name, else email (users `u`); null once the user is deleted. */
const USER_NAME = `coalesce(nullif(u.full_name, ''), u.email)`;

/**
 * History entries `about` selects (a condition over crm_activities `a`), newest first, as the JSON
 * array of the history's answer. The one writer of an entry: the call queue's card holds a
 * prospect's newest entries inside its own statement, written by the database, so the history
 * route reads the same SQL rather than mapping rows a second way. The tenant is an SQL expression
 * (of the outer statement, for the card).
 */
function activitiesJson(tenantId: SQL, about: SQL, limit: number): SQL {
  return sql`(select coalesce(json_agg(r), '[]') from (
      select a.id, a.kind, a.summary, a.notes, ${sql.raw(USER_NAME)} as user_name, ${sql.raw(isoSql('a.created_at'))} as created_at
      from crm_activities a left join users u on u.id = a.user_id
      where a.tenant_id = ${tenantId} and (${about})
      order by a.created_at desc, a.id desc
      limit ${sql.raw(String(Math.trunc(limit)))}) r)`;
}

/** A prospect's newest entries (activitiesJson), for a statement whose own expressions name the prospect. */
export function recentActivitiesJson(tenantId: SQL, prospectId: SQL, limit: number): SQL {
  return activitiesJson(tenantId, sql`a.prospect_id = ${prospectId}`, limit);
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
      if (subject.prospectId) about.push(sql`a.prospect_id = ${subject.prospectId}`);
      if (subject.leadId) about.push(sql`a.lead_id = ${subject.leadId}`);
      if (about.length === 0) return [];
      const result = await db.execute(sql`select ${activitiesJson(sql`${tenantId}`, sql.join(about, sql` or `), ACTIVITY_HISTORY_LIMIT)}::text as entries`);
      return JSON.parse(rowsOf<{ entries: string }>(result)[0].entries);
    },
  };
}
