import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Visibility } from '@app/shared/contracts';
import type { Db, DbOrTx } from '../db/client';
import { calls, goals, leads, prospects, teamMembers, teams, users } from '../db/schema';

/** More demo staff, so each demo team has people; they sign in with the demo staff's password. */
export const DEMO_TEAM_STAFF: ReadonlyArray<{ email: string; fullName: string; visibility: Visibility }> = [
  { email: 'maya@example.com', fullName: 'Maya Patel', visibility: 'own' },
  { email: 'jonas@example.com', fullName: 'Jonas Berg', visibility: 'team' },
  { email: 'lucia@example.com', fullName: 'Lucia Alvarez', visibility: 'all' },
];

/** The demo tenant's teams by the emails of their members (staff@example.com is the demo staff). */
export const DEMO_TEAMS: ReadonlyArray<{ name: string; members: string[] }> = [
  { name: 'Inbound', members: ['staff@example.com', 'maya@example.com'] },
  { name: 'Outbound', members: ['jonas@example.com', 'lucia@example.com'] },
];

/**
 * A call counts on a goal its caller sees (their own, one of nobody, a teammate's for Team records,
 * any for All records): the demo's calls whose caller may not see their goal's user (Maya, of Own
 * records, on the demo staff's goal) are made on no goal, as the app would have recorded them.
 */
export async function demoCallsOnGoalsSeen(db: DbOrTx, tenantId: string): Promise<void> {
  await db.execute(sql`update ${calls} c set goal_id = null
    from ${goals} g, ${users} u
    where c.tenant_id = ${tenantId} and g.tenant_id = c.tenant_id and g.id = c.goal_id and u.id = c.caller_id
      and g.user_id is not null and g.user_id <> c.caller_id
      and (u.visibility = 'own' or (u.visibility = 'team' and not exists (
        select 1 from ${teamMembers} a join ${teamMembers} b on b.tenant_id = a.tenant_id and b.team_id = a.team_id
        where a.tenant_id = c.tenant_id and a.user_id = c.caller_id and b.user_id = g.user_id)))`);
}

/** Every fifth demo prospect stays unassigned, for the Unassigned filter and the assign menu. */
const UNASSIGNED_EVERY = 5;

/**
 * The demo tenant's teams, and the demo prospects and leads spread over their members (some left
 * unassigned); a lead keeps its prospect's owner, and a call is made by its prospect's owner. Only when the tenant has no team yet, so a second
 * start changes nothing; and only records still as the demo made them (no owner, or the demo staff).
 */
export async function seedDemoTeams(db: Db, tenantId: string, demoStaffId: string | null): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(teams).where(eq(teams.tenantId, tenantId));
  if (Number(existing.n) > 0) return [];
  const emails = DEMO_TEAMS.flatMap((team) => team.members);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.email, emails)));
  const idOf = new Map(people.map((person) => [person.email, person.id]));
  const owners = emails.map((email) => idOf.get(email)).filter((id): id is string => Boolean(id));
  if (owners.length === 0) return [];

  await db.transaction(async (tx) => {
    for (const team of DEMO_TEAMS) {
      const [row] = await tx.insert(teams).values({ tenantId, name: team.name }).returning({ id: teams.id });
      const members = team.members.map((email) => idOf.get(email)).filter((id): id is string => Boolean(id));
      if (members.length) await tx.insert(teamMembers).values(members.map((userId) => ({ tenantId, teamId: row.id, userId })));
    }

    const asMade = demoStaffId ? or(isNull(prospects.ownerId), eq(prospects.ownerId, demoStaffId)) : isNull(prospects.ownerId);
    const rows = await tx
      .select({ id: prospects.id })
      .from(prospects)
      .where(and(eq(prospects.tenantId, tenantId), asMade))
      .orderBy(asc(prospects.name), asc(prospects.id));
    // Round the owners, in name order: the same spread on every fresh start.
    const byOwner = new Map<string | null, string[]>();
    rows.forEach((row, i) => {
      const owner = i % UNASSIGNED_EVERY === UNASSIGNED_EVERY - 1 ? null : owners[(i - Math.floor(i / UNASSIGNED_EVERY)) % owners.length];
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), row.id]);
    });
    for (const [ownerId, ids] of byOwner) {
      await tx
        .update(prospects)
        .set({ ownerId })
        .where(and(eq(prospects.tenantId, tenantId), inArray(prospects.id, ids)));
    }

    const leadAsMade = demoStaffId ? sql`(${leads.ownerId} is null or ${leads.ownerId} = ${demoStaffId})` : sql`${leads.ownerId} is null`;
    await tx.execute(sql`update ${leads} set owner_id = p.owner_id, assigned_to = p.owner_id
      from ${prospects} p
      where ${leads.tenantId} = ${tenantId} and p.tenant_id = ${tenantId} and p.id = ${leads.prospectId} and ${leadAsMade}`);

    // The demo's calls, all the demo staff's as made, are each made by the owner of the prospect called, on the demo staff's goal.
    const callAsMade = demoStaffId ? sql`(${calls.callerId} is null or ${calls.callerId} = ${demoStaffId})` : sql`${calls.callerId} is null`;
    await tx.execute(sql`update ${calls} set caller_id = p.owner_id
      from ${prospects} p
      where ${calls.tenantId} = ${tenantId} and p.tenant_id = ${tenantId} and p.id = ${calls.prospectId} and p.owner_id is not null and ${callAsMade}`);
    await demoCallsOnGoalsSeen(tx, tenantId);
  });
  return DEMO_TEAMS.map((team) => `team ${team.name}`);
}
