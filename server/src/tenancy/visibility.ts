import { eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { andOwnerFilter, andTenantFilter, ownerFilter, seesOwner, usersFilter, worksInTenant, type Scope, type UserScope } from './scope';

/*
 * Who sees what, beyond tenants and owners (scope.ts): each rule written once, here, and read from
 * the caller's scope.
 */

/** Whose saved views a user is offered besides their own: their team's shared ones; an admin every shared view. */
export function viewSharers(scope: Scope): 'all' | readonly string[] {
  return scope.isAdmin ? 'all' : scope.teamMemberIds;
}

/**
 * Whose open callbacks a user sees in the queue and in My day: a user of team visibility their
 * team's, so one can cover for another; everyone else their own (the system: no one's).
 */
export function callbackOwners(scope: Scope): readonly string[] {
  if (scope.visibility === 'team' && scope.teamMemberIds.length > 0) return scope.teamMemberIds;
  return scope.userId ? [scope.userId] : [];
}

/**
 * Who may hand over many records at once (Assign to with more than one, or a list's whole filter):
 * admins and users who see their team's or all records. One who sees only their own hands over one
 * record at a time.
 */
export function mayAssignInBulk(scope: Scope): boolean {
  return scope.isAdmin || scope.visibility !== 'own';
}

/** Goals are seen as records are, by their user: the scope's users' goals, and goals of nobody. The condition on a goal's user column; undefined: all. */
export function goalsSeen(userColumn: AnyColumn | SQL, scope: Scope): SQL | undefined {
  return ownerFilter(userColumn, scope);
}

/** Whether the scope sees a goal of this user (null: a goal of nobody, which everyone sees). */
export function seesGoal(scope: Scope, goalUserId: string | null): boolean {
  return seesOwner(scope, goalUserId);
}

/**
 * Calls by caller and goals' targets by user, as figures (the dashboard, the Calls report): those of
 * the users the scope sees. Unlike an unassigned record, a call without a caller (a deleted user's)
 * or a goal of nobody is not everyone's: only a scope that sees all sees it. Undefined: all.
 */
export function figuresSeen(userColumn: AnyColumn | SQL, scope: Scope): SQL | undefined {
  return usersFilter(userColumn, scope.owners);
}

/** Whose rows a report counts besides what its reader sees: one owner (null: unassigned records), or a team's members (an empty team: nobody). */
export interface OwnerNarrowing {
  ownerId?: string | null;
  teamMemberIds?: readonly string[];
}

/**
 * The conditions on an owner (or user) column that keep the rows a report counts: those the scope
 * sees (records by their owner, or figures by their user), of the owner or team asked for.
 */
export function ownedBy(column: AnyColumn, scope: Scope, seen: 'records' | 'figures', narrowing: OwnerNarrowing): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [seen === 'records' ? ownerFilter(column, scope) : figuresSeen(column, scope)];
  if (narrowing.ownerId !== undefined) conditions.push(narrowing.ownerId === null ? isNull(column) : eq(column, narrowing.ownerId));
  if (narrowing.teamMemberIds) conditions.push(usersFilter(column, narrowing.teamMemberIds));
  return conditions;
}

/**
 * The task `t` is about a record the scope sees: its lead, or the prospect it was written on (the
 * same rule as the wall's policy on tasks, so the query and the database agree).
 */
export function taskRecordSeen(scope: Scope): SQL {
  return sql`(exists (select 1 from leads l where l.tenant_id = t.tenant_id and l.id = t.lead_id ${andOwnerFilter(sql.raw('l.owner_id'), scope)})
    or exists (select 1 from prospects p where p.tenant_id = t.tenant_id and p.id = t.prospect_id ${andOwnerFilter(sql.raw('p.owner_id'), scope)}))`;
}

/**
 * The notifications `n` of the scope's user that it may see: of its tenants, and of those about a
 * record (prospect, lead, quotation) only while the record is visible to it (as the database's wall
 * checks again).
 */
export function notificationsSeen(scope: UserScope): SQL {
  const tenants = andTenantFilter(sql.raw('n.tenant_id'), scope);
  return sql`n.user_id = ${scope.userId} ${tenants}
    and (n.prospect_id is null or exists (select 1 from prospects p where p.tenant_id = n.tenant_id and p.id = n.prospect_id ${andOwnerFilter(sql.raw('p.owner_id'), scope)}))
    and (n.lead_id is null or exists (select 1 from leads l where l.tenant_id = n.tenant_id and l.id = n.lead_id ${andOwnerFilter(sql.raw('l.owner_id'), scope)}))
    and (n.quotation_id is null or exists (select 1 from quotations q where q.tenant_id = n.tenant_id and q.id = n.quotation_id ${andOwnerFilter(sql.raw('q.owner_id'), scope)}))`;
}

/**
 * Who reads the customer messages (the Messages page: what visitors send through the website's
 * contact form). They belong to no tenant but follow the tenant marked as receiving website
 * enquiries (`inboxTenantId`, read at the time of the request; undefined: none is marked): its users
 * read them, and admins (and system work) whether a tenant is marked or not. The database's policy
 * on support_messages holds the same rule.
 */
export function readsCustomerMessages(scope: Scope, inboxTenantId: string | undefined): boolean {
  return scope.isAdmin || (inboxTenantId !== undefined && worksInTenant(scope, inboxTenantId));
}
