import { ADMIN_GROUP, STAFF_GROUP } from '@app/shared/contracts';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { groups, teamMembers, userGroups } from '../db/schema';

/*
 * What a user's scope is built from, read in SQL: the one copy, for the session (auth) and for work
 * done for a user outside their session (their calendar feed, their mailed notifications).
 */

/** The user's team in their home tenant (null: in none): the team their visibility `team` reads. */
export function teamOfUser(userId: AnyColumn | SQL, tenantId: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select m.team_id from ${teamMembers} m where m.user_id = ${userId} and m.tenant_id = ${tenantId})`;
}

/** Everyone in the user's team, the user included, by id; empty when in none. */
export function teamMemberIdsOfUser(userId: AnyColumn | SQL, tenantId: AnyColumn | SQL): SQL<string[]> {
  return sql<string[]>`coalesce((select array_agg(t.user_id::text order by t.user_id) from ${teamMembers} t
    where t.tenant_id = ${tenantId} and t.team_id = ${teamOfUser(userId, tenantId)}), '{}')`;
}

/** Whether the user is in the admin group: every tenant, every owner. */
export function isAdminUser(userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userGroups} ug join ${groups} g on g.id = ug.group_id where ug.user_id = ${userId} and g.name = ${ADMIN_GROUP})`;
}

const U_ID = sql.raw('u.id');
const U_TENANT = sql.raw('u.tenant_id');

/** A ScopeUser's fields read from the users row `u`, as a session reads them. */
export const SCOPE_USER_COLUMNS = sql`u.id, u.tenant_id as "tenantId", u.visibility, ${isAdminUser(U_ID)} as "isAdmin",
  ${teamMemberIdsOfUser(U_ID, U_TENANT)} as "teamMemberIds"`;

/** Whether the users row `u` is an active account that may use the staff areas (its staff flag, or the staff or admin group), as every CRM route requires. */
export const ACTIVE_STAFF_USER = sql`(u.is_active and (u.is_staff or exists (select 1 from user_groups ug join groups g on g.id = ug.group_id
  where ug.user_id = u.id and g.name in (${ADMIN_GROUP}, ${STAFF_GROUP}))))`;
