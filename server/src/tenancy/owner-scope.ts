import type { Visibility } from '@app/shared/contracts';
import { isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { contextOwners } from '../db/wall/context';

/** What the visibility rule needs to know about a user (AuthUser has it). */
export interface RecordViewer {
  id: string;
  isAdmin: boolean;
  visibility: Visibility;
  /** Everyone in the user's team, the user included; empty when in none. */
  teamMemberIds: string[];
}

/**
 * The owners whose prospects, leads and quotations the user sees besides unassigned ones: `all`
 * for every owner (admins, visibility all); else the user alone (own, or team without a team)
 * or their team's members. The database wall gets the same list (wall/context.ts).
 */
export function visibleOwners(user: RecordViewer): 'all' | string[] {
  if (user.isAdmin || user.visibility === 'all') return 'all';
  if (user.visibility === 'team' && user.teamMemberIds.length > 0) return [...new Set([user.id, ...user.teamMemberIds])];
  return [user.id];
}

/** Whether the user sees a record of this owner (null: unassigned, which everyone sees). */
export function seesOwner(user: RecordViewer, ownerId: string | null): boolean {
  const owners = visibleOwners(user);
  return ownerId === null || owners === 'all' || owners.includes(ownerId);
}

/**
 * The condition on an owner_id column that keeps the records of these owners (ids, or a uuid[]
 * expression) and unassigned ones; undefined: all.
 */
export function ownersCondition(column: AnyColumn | SQL, owners: 'all' | string[] | SQL): SQL | undefined {
  if (owners === 'all') return undefined;
  const list = Array.isArray(owners) ? sql`${`{${owners.join(',')}}`}::uuid[]` : owners;
  return or(isNull(column), sql`${column} = any(${list})`)!;
}

/** The condition on an owner_id column that keeps the user's visible records; undefined: all of them. */
export function visibleOwnerCondition(column: AnyColumn | SQL, user: RecordViewer | undefined): SQL | undefined {
  return ownersCondition(column, user ? visibleOwners(user) : 'all');
}

/** The condition that keeps the records the current request's user sees (its database context); undefined: all. */
export function requestOwnerCondition(column: AnyColumn | SQL): SQL | undefined {
  return ownersCondition(column, contextOwners());
}

/** `and` the request's user sees the record, for raw SQL; nothing when they see every owner's. */
export function andRequestOwner(column: AnyColumn | SQL): SQL {
  const condition = requestOwnerCondition(column);
  return condition ? sql`and ${condition}` : sql``;
}
