import { ADMIN_GROUP, STAFF_GROUP, type CreateUser, type Group, type SessionUser, type UpdateUser, type User, type Visibility } from '@app/shared/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import type { ScopedDb } from '../../tenancy/database';
import { isUniqueViolation } from '../../http/errors';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { type AuditActor, auditRepository } from '../audit';
import { hashPassword } from './passwords';
import { teamsRepository } from '../teams';
import { tenantsRepository } from '../tenants';
import { groupsRepository, usersRepository, type GroupRow, type UserRow } from './repository';

export const USER_NOT_FOUND_DETAIL = 'User not found.';
export const EMAIL_TAKEN_DETAIL = 'A user with this email already exists.';
export const LAST_ADMIN_DETAIL = 'At least one active admin must remain. Make another user an admin first.';
export const USER_TENANT_NOT_FOUND_DETAIL = 'tenant_id: Tenant not found.';

export function toGroupDto(row: GroupRow): Group {
  return { id: row.id, name: row.name, description: row.description };
}

export function toUserDto(row: UserRow, groups: GroupRow[]): User {
  const names = groups.map((g) => g.name);
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    is_active: row.isActive,
    is_admin: names.includes(ADMIN_GROUP),
    is_staff: row.isStaff || names.includes(STAFF_GROUP),
    tenant_id: row.tenantId,
    created_at: row.createdAt.toISOString(),
    groups: groups.map(toGroupDto),
    visibility: row.visibility,
  };
}

export function toSessionUser(
  user: { id: string; email: string; fullName: string; isStaff: boolean; createdAt: Date; visibility: Visibility },
  groupNames: string[],
  teamId: string | null,
): SessionUser {
  return {
    _id: user.id,
    email: user.email,
    full_name: user.fullName,
    groups: groupNames,
    is_admin: groupNames.includes(ADMIN_GROUP),
    is_staff: user.isStaff || groupNames.includes(STAFF_GROUP),
    created_at: user.createdAt.toISOString(),
    visibility: user.visibility,
    team_id: teamId,
  };
}

/** Joins or leaves a built-in group; is_staff is also a column, kept equal to staff membership. */
async function setBuiltinMembership(tx: Tx, userId: string, groupName: string, member: boolean) {
  const groups = groupsRepository(tx);
  const group = await groups.findByName(groupName);
  if (!group) throw new Error(`built-in group ${groupName} is missing; migrations not applied?`);
  if (member) await groups.addMember(userId, group.id);
  else await groups.removeMember(userId, group.id);
  if (groupName === STAFF_GROUP) await usersRepository(tx).update(userId, { isStaff: member });
}

/** Checked at the end of every transaction that can take admin rights away; throwing rolls it back. */
async function ensureActiveAdminRemains(tx: Tx) {
  if ((await usersRepository(tx).countActiveMembers(ADMIN_GROUP)) === 0) throw conflict(LAST_ADMIN_DETAIL);
}

async function loadUser(db: DbOrTx, userId: string): Promise<User> {
  const row = await usersRepository(db).findById(userId);
  if (!row) throw notFound(USER_NOT_FOUND_DETAIL);
  const groups = await groupsRepository(db).forUsers([row.id]);
  return toUserDto(row, groups.get(row.id) ?? []);
}

function userTarget(user: User) {
  return { tenantId: user.tenant_id, targetType: 'user', targetId: user.id, targetName: user.email };
}

/** What the trail keeps of a user: enough to recognise them after deletion, nothing secret. */
function userFacts(user: User) {
  return { email: user.email, is_active: user.is_active, groups: user.groups.map((group) => group.name), visibility: user.visibility };
}

function rethrowEmailConflict(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_unique')) throw conflict(EMAIL_TAKEN_DETAIL);
  throw error;
}

/**
 * How a change to a user ends their sign-ins. The app hands in the auth module's sessions, so
 * that auth, which reads users to sign them in, is the only one of the two to know the other.
 */
export interface UserSessions {
  /** Ends every open session of the user, in the change's transaction. */
  revokeAll(tx: Tx, userId: string): Promise<void>;
  /** Drops the user's cached sessions once the change is over, committed or not. */
  forget(userId: string): void;
}

/** Users and their groups (admins only): a factory of the sessions a change ends; each call on the caller's database (request.db). */
export function usersService(options: { sessions: UserSessions }) {
  /** Whatever a change did to a user (rights, activity, password), their cached sessions are re-read. */
  async function thenForget<T>(userId: string, change: Promise<T>): Promise<T> {
    try {
      return await change;
    } finally {
      options.sessions.forget(userId);
    }
  }

  return {
    async list(db: ScopedDb): Promise<User[]> {
      const rows = await usersRepository(db).list();
      const groups = await groupsRepository(db).forUsers(rows.map((r) => r.id));
      return rows.map((row) => toUserDto(row, groups.get(row.id) ?? []));
    },

    get(db: ScopedDb, userId: string): Promise<User> {
      return loadUser(db, userId);
    },

    async listGroups(db: ScopedDb): Promise<Group[]> {
      return (await groupsRepository(db).list()).map(toGroupDto);
    },

    async create(db: ScopedDb, actor: AuditActor, input: CreateUser): Promise<User> {
      if (await usersRepository(db).emailTaken(input.email)) throw conflict(EMAIL_TAKEN_DETAIL);
      if (input.tenant_id && !(await tenantsRepository(db).findById(input.tenant_id))) throw badRequest(USER_TENANT_NOT_FOUND_DETAIL);
      // Hashing takes tens of milliseconds: outside the transaction, so no locks are held meanwhile.
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const row = await usersRepository(tx).insert({
            email: input.email,
            fullName: input.full_name,
            passwordHash,
            tenantId: input.tenant_id,
            isActive: input.is_active,
            isStaff: input.is_staff,
            visibility: input.visibility,
          });
          if (input.is_admin) await setBuiltinMembership(tx, row.id, ADMIN_GROUP, true);
          if (input.is_staff) await setBuiltinMembership(tx, row.id, STAFF_GROUP, true);
          const user = await loadUser(tx, row.id);
          await auditRepository(tx).record(actor, { ...userTarget(user), action: 'user.created', details: userFacts(user) });
          return user;
        });
      } catch (error) {
        rethrowEmailConflict(error);
      }
    },

    async update(db: ScopedDb, actor: AuditActor, userId: string, input: UpdateUser): Promise<User> {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      try {
        return await thenForget(
          userId,
          db.transaction(async (tx) => {
            await groupsRepository(tx).lockByName(ADMIN_GROUP);
            const users = usersRepository(tx);
            const existing = await users.findById(userId);
            if (!existing) throw notFound(USER_NOT_FOUND_DETAIL);
            if (input.email !== undefined && input.email !== existing.email && (await users.emailTaken(input.email, userId))) {
              throw conflict(EMAIL_TAKEN_DETAIL);
            }
            if (input.tenant_id && !(await tenantsRepository(tx).findById(input.tenant_id))) throw badRequest(USER_TENANT_NOT_FOUND_DETAIL);

            await users.update(userId, {
              ...(input.email !== undefined ? { email: input.email } : {}),
              ...(input.full_name !== undefined ? { fullName: input.full_name } : {}),
              ...(input.tenant_id !== undefined ? { tenantId: input.tenant_id } : {}),
              ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
              ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
              ...(passwordHash ? { passwordHash } : {}),
            });
            // Teams are of the user's home tenant: one who moves leaves those of the tenant they left.
            if (input.tenant_id !== undefined && input.tenant_id !== existing.tenantId) await teamsRepository(tx).leaveTeamsOutside(input.tenant_id, userId);
            if (input.is_admin !== undefined) await setBuiltinMembership(tx, userId, ADMIN_GROUP, input.is_admin);
            if (input.is_staff !== undefined) await setBuiltinMembership(tx, userId, STAFF_GROUP, input.is_staff);
            // A new password or a deactivation ends the sessions that are open with the old state.
            if (passwordHash || input.is_active === false) await options.sessions.revokeAll(tx, userId);
            await ensureActiveAdminRemains(tx);
            const user = await loadUser(tx, userId);
            // Which fields changed, never their secret values (a new password shows as "password").
            const fields = Object.keys(input).filter((field) => input[field as keyof UpdateUser] !== undefined);
            const action = input.is_active === false && existing.isActive ? 'user.deactivated' : 'user.updated';
            // A narrower or wider view of the tenant's records is worth reading back: old and new.
            const visibility = existing.visibility !== user.visibility ? { visibility_changed: { from: existing.visibility, to: user.visibility } } : {};
            await auditRepository(tx).record(actor, { ...userTarget(user), action, details: { ...userFacts(user), fields, ...visibility } });
            return user;
          }),
        );
      } catch (error) {
        rethrowEmailConflict(error);
      }
    },

    async remove(db: ScopedDb, actor: AuditActor, userId: string): Promise<void> {
      await thenForget(
        userId,
        db.transaction(async (tx) => {
          await groupsRepository(tx).lockByName(ADMIN_GROUP);
          const user = await loadUser(tx, userId);
          if (!(await usersRepository(tx).delete(userId))) throw notFound(USER_NOT_FOUND_DETAIL);
          await ensureActiveAdminRemains(tx);
          await auditRepository(tx).record(actor, { ...userTarget(user), action: 'user.deleted', details: userFacts(user) });
        }),
      );
    },

    async setGroups(db: ScopedDb, actor: AuditActor, userId: string, groupIds: string[]): Promise<User> {
      const wanted = [...new Set(groupIds.map((id) => id.toLowerCase()))];
      return thenForget(
        userId,
        db.transaction(async (tx) => {
          const groups = groupsRepository(tx);
          await groups.lockByName(ADMIN_GROUP);
          if (!(await usersRepository(tx).findById(userId))) throw notFound(USER_NOT_FOUND_DETAIL);
          const found = await groups.findByIds(wanted);
          const missing = wanted.filter((id) => !found.some((g) => g.id === id));
          if (missing.length > 0) throw badRequest(`Unknown group id: ${missing.join(', ')}.`);
          await groups.replaceMemberships(userId, wanted);
          await usersRepository(tx).update(userId, { isStaff: found.some((g) => g.name === STAFF_GROUP) });
          await ensureActiveAdminRemains(tx);
          const user = await loadUser(tx, userId);
          await auditRepository(tx).record(actor, { ...userTarget(user), action: 'user.groups_changed', details: userFacts(user) });
          return user;
        }),
      );
    },
  };
}
