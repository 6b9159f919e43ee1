import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/raw-sql';
import { scopeContext, type DbContext } from '../db/wall/context';
import { userScope, type UserScope } from '../tenancy/scope';
import { createCrmFixture, type CrmFixture } from './crm-fixture';
import { prospectRequests } from './prospect-requests';
import { createTestApp, type TestApp } from './test-app';

export interface WallFixture {
  t: TestApp;
  f: CrmFixture;
  /** The demo tenant's staff user and the other tenant's user, as the database's wall sees them. */
  demoStaff: DbContext;
  outsider: DbContext;
  /** The demo tenant's staff user as a request of theirs gets it (`t.scoped.as(demoStaffScope)` is their request.db). */
  demoStaffScope: UserScope;
}

/** Two tenants with one prospect each ('Demo Prospect', 'Other Prospect'), for tests of the database's wall. */
export async function createWallFixture(): Promise<WallFixture> {
  const t = await createTestApp();
  const f = await createCrmFixture(t);
  const requests = prospectRequests(t, f);
  await requests.create({ name: 'Demo Prospect', phone1: '+1 555 010 2000' });
  await requests.create({ name: 'Other Prospect', phone1: '+1 555 010 3000' }, f.otherTenantId, f.outsider);
  const idOf = async (email: string) => rowsOf<{ id: string }>(await t.db.execute(sql`select id from users where email = ${email}`))[0].id;
  const scopeOf = async (email: string, tenantId: string) =>
    userScope({ id: await idOf(email), isAdmin: false, tenantId, visibility: 'all', teamMemberIds: [] });
  const demoStaffScope = await scopeOf('staff@example.com', f.demoTenantId);
  return { t, f, demoStaff: scopeContext(demoStaffScope), outsider: scopeContext(await scopeOf('outsider@example.com', f.otherTenantId)), demoStaffScope };
}
