import type { Visibility } from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { auditEvents, teamMembers, teams, users } from '../db/schema';
import { expectStatus, type CrmFixture } from './crm-fixture';
import type { TestApp } from './test-app';

export interface OwnerUser {
  id: string;
  token: string;
  fullName: string;
}

/**
 * A staff user of a tenant with a visibility, signed in after it is set (a session read before
 * would keep the old one for a few seconds).
 */
export async function ownerUser(
  t: TestApp,
  f: CrmFixture,
  user: { email: string; fullName: string; visibility?: Visibility; tenantId?: string },
): Promise<OwnerUser> {
  const password = 'owner-user-password';
  const created = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email: user.email, full_name: user.fullName, password, tenant_id: user.tenantId ?? f.demoTenantId, is_staff: true },
    }),
    201,
  );
  if (user.visibility) await t.db.update(users).set({ visibility: user.visibility }).where(eq(users.id, created.id));
  return { id: created.id, token: await t.login(user.email, password), fullName: user.fullName };
}

/** A team of the tenant with these members, written straight into the tables. */
export async function teamOf(t: TestApp, tenantId: string, name: string, memberIds: string[]): Promise<string> {
  const [team] = await t.db.insert(teams).values({ tenantId, name }).returning({ id: teams.id });
  if (memberIds.length > 0) await t.db.insert(teamMembers).values(memberIds.map((userId) => ({ tenantId, teamId: team!.id, userId })));
  return team!.id;
}

/** The audit trail's events of an action, oldest first. */
export async function auditOf(t: TestApp, action: string) {
  return (await t.db.select().from(auditEvents).where(eq(auditEvents.action, action))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
