import { and, asc, eq } from 'drizzle-orm';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { teamMembers, teams, users } from '../../db/schema';

export interface OwnerRow {
  id: string;
  fullName: string;
  email: string;
}

const ownerColumns = { id: users.id, fullName: users.fullName, email: users.email };
/** Who may own a tenant's records: its active users. */
const ownersOf = (tenantId: string) => and(eq(users.tenantId, tenantId), eq(users.isActive, true));

export function ownersRepository(db: ScopedDbOrTx) {
  return {
    /** The tenant's active users by full name (then id, so equal names keep one order). */
    async list(tenantId: string): Promise<OwnerRow[]> {
      return db.select(ownerColumns).from(users).where(ownersOf(tenantId)).orderBy(asc(users.fullName), asc(users.id));
    },

    /** The user, when it is an active user of the tenant. */
    async find(tenantId: string, userId: string): Promise<OwnerRow | undefined> {
      const [row] = await db
        .select(ownerColumns)
        .from(users)
        .where(and(ownersOf(tenantId), eq(users.id, userId)))
        .limit(1);
      return row;
    },

    /**
     * The active members of a team of the tenant in the order an upload hands them rows: by full
     * name, then id. Undefined when the tenant has no such team.
     */
    async teamInTurn(tenantId: string, teamId: string): Promise<OwnerRow[] | undefined> {
      const members = await db
        .select({ ...ownerColumns, teamId: teamMembers.teamId })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.teamId, teamId), ownersOf(tenantId)))
        .orderBy(asc(users.fullName), asc(users.id));
      if (members.length > 0) return members.map(({ id, fullName, email }) => ({ id, fullName, email }));
      return (await this.teamExists(tenantId, teamId)) ? [] : undefined;
    },

    async teamExists(tenantId: string, teamId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)))
        .limit(1);
      return row !== undefined;
    },
  };
}
