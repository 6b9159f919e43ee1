import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { teamMembers, teams, users } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { tenantFilter } from '../../tenancy/scope';

export interface TeamRow {
  id: string;
  tenantId: string;
  name: string;
  memberIds: string[];
}

const memberIds = sql<
  string[]
>`coalesce((select array_agg(m.user_id order by m.user_id) from ${teamMembers} m where m.tenant_id = ${teams.tenantId} and m.team_id = ${teams.id}), '{}')`;
const teamColumns = { id: teams.id, tenantId: teams.tenantId, name: teams.name, memberIds };

/** A tenant's teams and who is in them, as the caller's database handle sees them; every other function takes the tenant first. */
export function teamsRepository(db: ScopedDbOrTx) {
  const ofTenant = (tenantId: string, id: string) => and(eq(teams.tenantId, tenantId), eq(teams.id, id));

  return {
    /**
     * Team changes of a tenant take turns, to the end of the transaction: a change reads who is in
     * which team before moving them, and two changes moving the same people must not cross.
     */
    async lockTenantTeams(tenantId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`teams:${tenantId}`}, 0))`);
    },

    /** A team by id alone in a tenant the caller works in; any other answers not-found (another tenant's id tells nothing). */
    async visible(id: string, detail: string): Promise<TeamRow> {
      const [row] = await db
        .select(teamColumns)
        .from(teams)
        .where(and(eq(teams.id, id), tenantFilter(teams.tenantId, db.scope)))
        .limit(1);
      if (!row) throw notFound(detail);
      return row;
    },

    list(tenantId: string): Promise<TeamRow[]> {
      return db
        .select(teamColumns)
        .from(teams)
        .where(eq(teams.tenantId, tenantId))
        .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
    },

    /** The team as it is; in a change, after lockTenantTeams. */
    async find(tenantId: string, id: string): Promise<TeamRow | undefined> {
      const [row] = await db.select(teamColumns).from(teams).where(ofTenant(tenantId, id)).limit(1);
      return row;
    },

    async insert(tenantId: string, name: string): Promise<{ id: string; name: string }> {
      const [row] = await db.insert(teams).values({ tenantId, name }).returning({ id: teams.id, name: teams.name });
      return row;
    },

    async rename(tenantId: string, id: string, name: string): Promise<void> {
      await db.update(teams).set({ name }).where(ofTenant(tenantId, id));
    },

    /** Its memberships go with it (cascade). */
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.delete(teams).where(ofTenant(tenantId, id)).returning({ id: teams.id });
      return rows.length > 0;
    },

    /** Of the given ids, those of users whose home tenant is this one. */
    async usersOfTenant(tenantId: string, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
      return new Set(rows.map((row) => row.id));
    },

    /** The teams the given users are in now, other than `exceptTeamId`, with all their members. */
    async otherTeamsOf(tenantId: string, userIds: string[], exceptTeamId: string | null): Promise<TeamRow[]> {
      if (userIds.length === 0) return [];
      const inTeams = db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), inArray(teamMembers.userId, userIds)));
      const rows = await db
        .select(teamColumns)
        .from(teams)
        .where(and(eq(teams.tenantId, tenantId), inArray(teams.id, inTeams)))
        .orderBy(asc(teams.id));
      return rows.filter((row) => row.id !== exceptTeamId);
    },

    /** A user who moves to another home tenant (or to none) leaves the teams of every other tenant. */
    async leaveTeamsOutside(tenantId: string | null, userId: string): Promise<void> {
      const elsewhere = tenantId ? and(eq(teamMembers.userId, userId), ne(teamMembers.tenantId, tenantId)) : eq(teamMembers.userId, userId);
      await db.delete(teamMembers).where(elsewhere);
    },

    /**
     * The team's members become exactly `userIds`; a user who was in another team of the tenant
     * leaves it (a user is in one team per tenant: the table's key holds it).
     */
    async setMembers(tenantId: string, teamId: string, userIds: string[]): Promise<void> {
      const leaving = userIds.length > 0 ? or(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)) : eq(teamMembers.teamId, teamId);
      await db.delete(teamMembers).where(and(eq(teamMembers.tenantId, tenantId), leaving));
      if (userIds.length > 0) await db.insert(teamMembers).values(userIds.map((userId) => ({ tenantId, teamId, userId })));
    },
  };
}
