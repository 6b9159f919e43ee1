import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { sql } from 'drizzle-orm';
import type { DueSource } from '../notifications';
import { andTenantFilter } from '../../tenancy/scope';
import { taskRecordSeen } from '../../tenancy/visibility';

/** A moment as the server's local wall-clock time, the way a task's day and time are kept. */
const localStamp = (moment: Date) => format(moment, 'yyyy-MM-dd HH:mm:ss');

/**
 * A task with a time tells its owner once when that time comes (the notifications' due check). A
 * callback's call task is left to the callback, which tells of itself; a task moved to another time
 * tells again then; one missed by more than a day is left to My day's overdue list rather than told late.
 */
export const taskDueSource: DueSource = {
  kind: 'task_due',
  due: (scope) => {
    const now = new Date();
    return sql`
      select t.tenant_id, t.owner_id as user_id,
        'task:' || t.id || ':' || to_char(t.due_date, 'YYYY-MM-DD') || 'T' || to_char(t.due_time, 'HH24:MI') as once_key,
        'Task due now: ' || t.title as text,
        case when t.lead_id is not null then '/crm/leads/' || t.lead_id else '/crm/prospects/' || t.prospect_id end as link,
        t.prospect_id, t.lead_id
      from tasks t
      where t.done_at is null and t.callback_id is null and t.owner_id is not null and t.due_time is not null
        and t.due_date + t.due_time <= ${localStamp(now)}::timestamp
        and t.due_date + t.due_time > ${localStamp(subDays(now, 1))}::timestamp
        ${scope.userId ? sql`and t.owner_id = ${scope.userId}::uuid` : sql``}
        ${andTenantFilter(sql.raw('t.tenant_id'), scope)}
        and ${taskRecordSeen(scope)}`;
  },
};
