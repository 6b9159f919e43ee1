import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/raw-sql';
import { userContext, type DbContext } from '../db/wall/context';
import { createCrmFixture, type CrmFixture } from './crm-fixture';
import { prospectRequests } from './prospect-requests';
import { createTestApp, type TestApp } from './test-app';

export interface WallFixture {
  t: TestApp;
  f: CrmFixture;
  /** The demo tenant's staff user and the other tenant's user, as the database's wall sees them. */
  demoStaff: DbContext;
  outsider: DbContext;
}

/** Two tenants with one prospect each ('Demo Prospect', 'Other Prospect'), for tests of the database's wall. */
export async function createWallFixture(): Promise<WallFixture> {
  const t = await createTestApp();
  const f = await createCrmFixture(t);
  const requests = prospectRequests(t, f);
  await requests.create({ name: 'Demo Prospect', phone1: '+1 555 010 2000' });
  await requests.create({ name: 'Other Prospect', phone1: '+1 555 010 3000' }, f.otherTenantId, f.outsider);
  const idOf = async (email: string) => rowsOf<{ id: string }>(await t.db.execute(sql`select id from users where email = ${email}`))[0].id;
  return {
    t,
    f,
    demoStaff: userContext({ id: await idOf('staff@example.com'), isAdmin: false, tenantId: f.demoTenantId }),
    outsider: userContext({ id: await idOf('outsider@example.com'), isAdmin: false, tenantId: f.otherTenantId }),
  };
}
