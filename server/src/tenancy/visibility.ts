import type { Scope } from './scope';

/*
 * Who sees what, beyond tenants and owners (scope.ts): each rule written once, here, and read from
 * the caller's scope.
 */

/** Whose saved views a user is offered besides their own: their team's shared ones; an admin every shared view. */
export function viewSharers(scope: Scope): 'all' | readonly string[] {
  return scope.isAdmin ? 'all' : scope.teamMemberIds;
}
