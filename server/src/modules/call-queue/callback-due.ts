import { sql } from 'drizzle-orm';
import type { DueSource } from '../notifications';
import { andOwnerFilter, andTenantFilter } from '../../tenancy/scope';

/**
 * A callback tells its owner once when its time comes (the notifications' due check). One missed
 * by more than a day (the server was down, or it is older than the bell) is left to the queue,
 * where it stays first until handled, rather than told late.
 */
export const callbackDueSource: DueSource = {
  kind: 'callback_due',
  due: (scope) => sql`
    select c.tenant_id, c.owner as user_id, 'callback:' || c.id as once_key,
      'Callback due now: ' || p.name as text, '/crm/prospects/' || p.id as link, p.id as prospect_id, null::uuid as lead_id
    from callbacks c join prospects p on p.tenant_id = c.tenant_id and p.id = c.prospect_id
    where c.done_at is null and c.due_at <= now() and c.due_at > now() - interval '1 day'
      ${scope.userId ? sql`and c.owner = ${scope.userId}` : sql``}
      ${andTenantFilter(sql.raw('c.tenant_id'), scope)}
      ${andOwnerFilter(sql.raw('p.owner_id'), scope)}`,
};
