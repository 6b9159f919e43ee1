import type { CreateTeam, Team, UpdateTeam } from '@app/shared/contracts';
import { isForeignKeyViolation, isUniqueViolation } from '../../http/errors';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import type { ScopedDb, ScopedTx } from '../../tenancy/database';
import { type AuditActor, recordAudit } from '../audit';
import { teamsRepository, type TeamRow } from './repository';

export const TEAM_NOT_FOUND_DETAIL = 'Team not found.';
export const TEAM_NAME_TAKEN_DETAIL = 'A team with this name already exists.';
export const TEAM_TENANT_NOT_FOUND_DETAIL = 'tenant_id: Tenant not found.';
export const notTenantUsersDetail = (ids: string[]) => `member_ids: not users of this tenant: ${ids.join(', ')}.`;

export function toTeamDto(row: TeamRow): Team {
  return { id: row.id, tenant_id: row.tenantId, name: row.name, member_ids: row.memberIds };
}

export interface TeamsServiceOptions {
  /**
   * Drops the cached sessions of users whose team changed: what they see with visibility `team`
   * follows their team, and must do so from their next request (the app hands in the session cache).
   */
  forgetUsers(userIds: Iterable<string>): void;
}

/** A team as the audit trail keeps it after the change. */
function teamTarget(tenantId: string, id: string, name: string) {
  return { tenantId, targetType: 'team', targetId: id, targetName: name };
}

/** A tenant's teams: a factory of what drops cached sessions; each call on the caller's database (request.db). */
export function teamsService(options: TeamsServiceOptions) {
  /** Whatever the change did, every member it touched reads their team afresh. */
  async function thenForget<T>(change: (affected: Set<string>) => Promise<T>): Promise<T> {
    const affected = new Set<string>();
    try {
      return await change(affected);
    } finally {
      options.forgetUsers(affected);
    }
  }

  function rethrowClash(error: unknown): never {
    if (isUniqueViolation(error, 'teams_tenant_name_unique')) throw conflict(TEAM_NAME_TAKEN_DETAIL);
    // Admins may name any tenant id: one that does not exist is a bad id, like any other.
    if (isForeignKeyViolation(error, 'teams_tenant_id_tenants_id_fk')) throw badRequest(TEAM_TENANT_NOT_FOUND_DETAIL);
    throw error;
  }

  /**
   * Makes `memberIds` the team's members, moving each out of any other team of the tenant (one
   * team per user). Answers who moved from where, and adds everyone touched to `affected`.
   */
  async function setMembers(tx: ScopedTx, tenantId: string, team: { id: string; before: string[] }, memberIds: string[], affected: Set<string>) {
    const repo = teamsRepository(tx);
    const known = await repo.usersOfTenant(tenantId, memberIds);
    const strangers = memberIds.filter((id) => !known.has(id));
    if (strangers.length > 0) throw badRequest(notTenantUsersDetail(strangers));
    const others = await repo.otherTeamsOf(tenantId, memberIds, team.id);
    await repo.setMembers(tenantId, team.id, memberIds);
    for (const id of [...team.before, ...memberIds, ...others.flatMap((other) => other.memberIds)]) affected.add(id);
    const movedFrom = others.flatMap((other) =>
      other.memberIds.filter((id) => memberIds.includes(id)).map((userId) => ({ user_id: userId, team_id: other.id, team_name: other.name })),
    );
    return {
      added: memberIds.filter((id) => !team.before.includes(id)),
      removed: team.before.filter((id) => !memberIds.includes(id)),
      moved_from: movedFrom,
    };
  }

  /** The tenant of a team the caller sees by id alone; any other is not found. */
  async function checkedTenant(db: ScopedDb, id: string): Promise<string> {
    return (await teamsRepository(db).visible(id, TEAM_NOT_FOUND_DETAIL)).tenantId;
  }

  async function load(tx: ScopedTx, tenantId: string, id: string): Promise<Team> {
    const row = await teamsRepository(tx).find(tenantId, id);
    if (!row) throw notFound(TEAM_NOT_FOUND_DETAIL);
    return toTeamDto(row);
  }

  return {
    /** tenantId has been checked by the route (request.tenant). */
    async list(db: ScopedDb, tenantId: string): Promise<Team[]> {
      return (await teamsRepository(db).list(tenantId)).map(toTeamDto);
    },

    async create(db: ScopedDb, actor: AuditActor, tenantId: string, input: Omit<CreateTeam, 'tenant_id'>): Promise<Team> {
      try {
        return await thenForget((affected) =>
          db.transaction(async (tx) => {
            await teamsRepository(tx).lockTenantTeams(tenantId);
            const row = await teamsRepository(tx).insert(tenantId, input.name);
            const members = await setMembers(tx, tenantId, { id: row.id, before: [] }, input.member_ids, affected);
            const team = await load(tx, tenantId, row.id);
            await recordAudit(tx, actor, {
              ...teamTarget(tenantId, team.id, team.name),
              action: 'team.created',
              details: { name: team.name, member_ids: team.member_ids, moved_from: members.moved_from },
            });
            return team;
          }),
        );
      } catch (error) {
        rethrowClash(error);
      }
    },

    async update(db: ScopedDb, actor: AuditActor, id: string, input: UpdateTeam): Promise<Team> {
      const tenantId = await checkedTenant(db, id);
      try {
        return await thenForget((affected) =>
          db.transaction(async (tx) => {
            const repo = teamsRepository(tx);
            await repo.lockTenantTeams(tenantId);
            const before = await repo.find(tenantId, id);
            if (!before) throw notFound(TEAM_NOT_FOUND_DETAIL);
            if (input.name !== undefined && input.name !== before.name) await repo.rename(tenantId, id, input.name);
            const members =
              input.member_ids !== undefined ? await setMembers(tx, tenantId, { id, before: before.memberIds }, input.member_ids, affected) : undefined;
            const team = await load(tx, tenantId, id);
            const renamed = team.name !== before.name ? { renamed: { from: before.name, to: team.name } } : {};
            await recordAudit(tx, actor, {
              ...teamTarget(tenantId, team.id, team.name),
              action: 'team.updated',
              details: { name: team.name, member_ids: team.member_ids, ...renamed, ...(members ?? {}) },
            });
            return team;
          }),
        );
      } catch (error) {
        rethrowClash(error);
      }
    },

    async remove(db: ScopedDb, actor: AuditActor, id: string): Promise<void> {
      const tenantId = await checkedTenant(db, id);
      await thenForget((affected) =>
        db.transaction(async (tx) => {
          await teamsRepository(tx).lockTenantTeams(tenantId);
          const team = await load(tx, tenantId, id);
          if (!(await teamsRepository(tx).delete(tenantId, id))) throw notFound(TEAM_NOT_FOUND_DETAIL);
          for (const memberId of team.member_ids) affected.add(memberId);
          await recordAudit(tx, actor, {
            ...teamTarget(tenantId, team.id, team.name),
            action: 'team.deleted',
            details: { name: team.name, member_ids: team.member_ids },
          });
        }),
      );
    },
  };
}
