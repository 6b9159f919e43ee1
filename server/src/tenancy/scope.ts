import type { Visibility } from '@app/shared/contracts';
import { is, isNull, or, SQL, sql, type AnyColumn, type SQLWrapper } from 'drizzle-orm';
import { teamMembers } from '../db/schema';
import { notFound } from '../lib/refusal';
import { visibleTenantIds } from './tenant-access';

/** What the scope of a signed-in user is built from (AuthUser has it). */
export interface ScopeUser {
  id: string;
  isAdmin: boolean;
  tenantId: string | null;
  visibility: Visibility;
  /** Everyone in the user's team, the user included; empty when in none. */
  teamMemberIds: string[];
}

/**
 * What a repository call may see, handed to it as its first argument: nothing reads it from the
 * request behind the signature. The database wall (db/wall/context.ts) checks the same lists again.
 */
export interface Scope {
  /** Who asks; null for work done for nobody in particular (systemScope). */
  userId: string | null;
  /** An admin (or the system): every tenant, every owner, every team's shared views. */
  isAdmin: boolean;
  /** The tenants it may use: 'all' for admins and system work, else the user's home tenant (if any). */
  tenantIds: 'all' | string[];
  /**
   * The owners whose prospects, leads and quotations it sees besides unassigned ones: 'all' for
   * admins and visibility all; else the user alone (own, or team without a team) or their team's members.
   */
  owners: 'all' | string[];
  /** Everyone in the user's team, the user included; empty when in none (or for the system). */
  teamMemberIds: readonly string[];
  /** Whose records the user chose to see (the system: all); the rules of visibility.ts read it beside `owners`. */
  visibility: Visibility;
}

/** The scope of a signed-in user. */
export type UserScope = Scope & { userId: string };

function visibleOwners(user: ScopeUser): 'all' | string[] {
  if (user.isAdmin || user.visibility === 'all') return 'all';
  if (user.visibility === 'team' && user.teamMemberIds.length > 0) return [...new Set([user.id, ...user.teamMemberIds])];
  return [user.id];
}

/** The scope of a signed-in user: the one place the visibility rule is written. */
export function userScope(user: ScopeUser): UserScope {
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    tenantIds: visibleTenantIds(user),
    owners: visibleOwners(user),
    teamMemberIds: user.teamMemberIds,
    visibility: user.visibility,
  };
}

/** Work for no signed-in user (public links, jobs, seeding, tests): every tenant and owner. */
export const SYSTEM_SCOPE: Scope = Object.freeze({ userId: null, isAdmin: true, tenantIds: 'all', owners: 'all', teamMemberIds: [], visibility: 'all' });

/** Whether the scope sees a record of this owner (null: unassigned, which everyone sees). */
export function seesOwner(scope: Scope, ownerId: string | null): boolean {
  return ownerId === null || scope.owners === 'all' || scope.owners.includes(ownerId);
}

/** Whether the scope sees only its own user's records (own visibility, or team without a team). */
export function seesOnlyOwn(scope: Scope): boolean {
  return scope.owners !== 'all' && scope.owners.every((id) => id === scope.userId);
}

/** The ids as one bound uuid[] parameter (never written into the SQL text). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${sql.param(ids)}::uuid[]`;
}

/**
 * The condition on an owner column that keeps the records of these owners (ids, or a uuid[]
 * expression) and unassigned ones; undefined: all.
 */
export function ownersFilter(column: AnyColumn | SQL, owners: 'all' | readonly string[] | SQL): SQL | undefined {
  if (owners === 'all') return undefined;
  const list = is(owners, SQL) ? owners : uuidArray(owners);
  return or(isNull(column), sql`${column} = any(${list})`)!;
}

/**
 * How a statement takes a value: bound as a parameter (the default), or as a named placeholder of a
 * statement prepared once (the call queue's claim), the value then going with each execution.
 */
export type ValueBinder = (name: string, value: unknown) => SQLWrapper;

/**
 * The condition on an owner column that keeps the records the scope sees; undefined: all of them.
 * `bind` takes the owners as the statement takes its values (its value named `owners`).
 */
export function ownerFilter(column: AnyColumn | SQL, scope: Scope, bind?: ValueBinder): SQL | undefined {
  if (!bind || scope.owners === 'all') return ownersFilter(column, scope.owners);
  return ownersFilter(column, sql`${bind('owners', scope.owners)}::uuid[]`);
}

/** `and` the scope sees the record, for raw SQL; nothing when it sees every owner's. */
export function andOwnerFilter(column: AnyColumn | SQL, scope: Scope): SQL {
  const condition = ownerFilter(column, scope);
  return condition ? sql`and ${condition}` : sql``;
}

/** `and` the row is in a tenant the scope works in, for raw SQL; nothing when it works in all of them. */
export function andTenantFilter(column: AnyColumn | SQL, scope: Scope): SQL {
  return scope.tenantIds === 'all' ? sql`` : sql`and ${column} = any(${uuidArray(scope.tenantIds)})`;
}

/** The condition on a user column that keeps exactly these users (no unassigned); undefined: all. */
export function usersFilter(column: AnyColumn | SQL, users: 'all' | readonly string[]): SQL | undefined {
  if (users === 'all') return undefined;
  return users.length ? sql`${column} = any(${uuidArray(users)})` : sql`false`;
}

/** The owner column names a member of the tenant's team. */
export function teamFilter(ownerId: AnyColumn | SQL, tenantId: string, teamId: string): SQL {
  return sql`${ownerId} in (select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.tenantId} = ${tenantId} and ${teamMembers.teamId} = ${teamId})`;
}

/** The condition on a tenant column that keeps the tenants the scope works in; undefined: all of them. */
export function tenantFilter(column: AnyColumn | SQL, scope: Scope): SQL | undefined {
  return scope.tenantIds === 'all' ? undefined : sql`${column} = any(${uuidArray(scope.tenantIds)})`;
}

/** Whether the scope works in the tenant (what tenantFilter keeps). */
export function worksInTenant(scope: Scope, tenantId: string): boolean {
  return scope.tenantIds === 'all' || scope.tenantIds.some((id) => id.toLowerCase() === tenantId.toLowerCase());
}

/**
 * For a row found by id alone through a read that does not filter tenants: its tenant, when the
 * scope works in it. A missing row and a row of another tenant answer the same not-found, so ids of
 * other tenants do not leak.
 */
export function rowTenantSeen(scope: Scope, rowTenantId: string | undefined, detail: string): string {
  if (!rowTenantId || !worksInTenant(scope, rowTenantId)) throw notFound(detail);
  return rowTenantId;
}

/** Called for the system's scope where a user's own is needed. */
export class NotAUserScopeError extends Error {
  constructor() {
    super("A user's own work (their notifications, their day, their feed) runs on their database handle, not the system's.");
    this.name = 'NotAUserScopeError';
  }
}

/** The scope as a signed-in user's: work that is someone's own (their notifications, their day) is never the system's. */
export function userScopeOf(scope: Scope): UserScope {
  if (scope.userId === null) throw new NotAUserScopeError();
  return { ...scope, userId: scope.userId };
}
