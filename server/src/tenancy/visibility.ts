import type { Scope } from './scope';

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
