import { ADMIN_GROUP, STAFF_GROUP } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';

/**
 * A ScopeUser's fields read from the users row `u`, as a session reads them: for work done for a
 * user outside their session (their calendar feed, their mailed notifications).
 */
export const SCOPE_USER_COLUMNS = sql`u.id, u.tenant_id as "tenantId", u.visibility,
  exists (select 1 from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = u.id and g.name = ${ADMIN_GROUP}) as "isAdmin",
  coalesce((select array_agg(t.user_id::text order by t.user_id) from team_members t
    where t.tenant_id = u.tenant_id and t.team_id = (select m.team_id from team_members m where m.user_id = u.id and m.tenant_id = u.tenant_id)), '{}') as "teamMemberIds"`;

/** Whether the users row `u` is an active account that may use the staff areas (its staff flag, or the staff or admin group), as every CRM route requires. */
export const ACTIVE_STAFF_USER = sql`(u.is_active and (u.is_staff or exists (select 1 from user_groups ug join groups g on g.id = ug.group_id
  where ug.user_id = u.id and g.name in (${ADMIN_GROUP}, ${STAFF_GROUP}))))`;
