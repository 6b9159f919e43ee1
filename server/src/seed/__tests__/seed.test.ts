import { and, count, eq, isNotNull } from 'drizzle-orm';
import { ConfigError } from '../../config';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db';
import { buildApp } from '../../app';
import { testConfig, TEST_SECRET, TEST_CSRF } from '../../testing/test-app';
import { DEMO_GOAL_NAME, DEMO_PROSPECT_COUNT } from '../demo-crm';
import { DEMO_HISTORY_GOAL, DEMO_HISTORY_LEADS } from '../demo-history';
import {
  goals,
  groups,
  leads,
  notifications,
  products,
  prospectCounters,
  prospects,
  recordNotes,
  teamMembers,
  teams,
  tenants,
  userGroups,
  users,
} from '../../db/schema';
import { DEMO_ADMIN, DEMO_STAFF, DEMO_TENANT, ensureInitialAdmin, seedDemo } from '../seed';
import { systemContext } from '../../db/wall/context';

describe('seedDemo', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  test('first run creates the demo tenant, admin and staff; a second run adds nothing', async () => {
    const db = database.handle.contextDb(systemContext('test'));
    const first = await seedDemo(database.handle);
    expect(first.created.slice(0, 4)).toEqual([
      `tenant ${DEMO_TENANT.name}`,
      `user ${DEMO_ADMIN.email}`,
      `user ${DEMO_STAFF.email}`,
      `${DEMO_PROSPECT_COUNT} demo prospects`,
    ]);
    expect(first.created[4]).toMatch(/^\d+ demo leads$/);
    expect(first.created[5]).toBe(`goal ${DEMO_GOAL_NAME}`);
    // The year's deals come last, once the demo teams' staff exist to own them.
    expect(first.created.slice(-2)).toEqual([`${DEMO_HISTORY_LEADS} demo leads of the past year`, `goal ${DEMO_HISTORY_GOAL}`]);
    // A few notes on the demo's records, by their owners, for the record pages.
    expect(first.created).toContain('6 demo notes');
    // And a few notifications for the demo users, so the bell shows a count on a first start.
    expect(first.created).toContainEqual(expect.stringMatching(/^\d+ demo notifications$/));
    // A catalogue for the quotation builder to pick from, one of it archived.
    expect(first.created).toContain('7 sample products and services');
    expect(first.logins).toEqual([
      { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, role: 'admin' },
      { email: DEMO_STAFF.email, password: DEMO_STAFF.password, role: 'staff' },
    ]);

    const counts = async () => ({
      tenants: (await db.select({ n: count() }).from(tenants))[0].n,
      users: (await db.select({ n: count() }).from(users))[0].n,
      memberships: (await db.select({ n: count() }).from(userGroups))[0].n,
      groups: (await db.select({ n: count() }).from(groups))[0].n,
      prospects: (await db.select({ n: count() }).from(prospects))[0].n,
      leads: (await db.select({ n: count() }).from(leads))[0].n,
      goals: (await db.select({ n: count() }).from(goals))[0].n,
      teams: (await db.select({ n: count() }).from(teams))[0].n,
      teamMembers: (await db.select({ n: count() }).from(teamMembers))[0].n,
      notes: (await db.select({ n: count() }).from(recordNotes))[0].n,
      notifications: (await db.select({ n: count() }).from(notifications))[0].n,
      products: (await db.select({ n: count() }).from(products))[0].n,
      archivedProducts: (await db.select({ n: count() }).from(products).where(isNotNull(products.archivedAt)))[0].n,
    });
    const before = await counts();
    // The admin, the demo staff and their three colleagues of the demo teams; two goals: the daily
    // outreach and the past year's follow-up calls (demo-history.ts).
    expect(before).toMatchObject({
      tenants: 1,
      users: 5,
      memberships: 6,
      groups: 2,
      prospects: DEMO_PROSPECT_COUNT,
      goals: 2,
      teams: 2,
      teamMembers: 4,
      products: 7,
      archivedProducts: 1,
    });
    expect(before.leads).toBeGreaterThan(5 + DEMO_HISTORY_LEADS);
    // The demo staff's bell has news, one of it unread.
    const staffBell = await db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.email, DEMO_STAFF.email));
    expect(staffBell.filter((row) => row.readAt === null).length).toBeGreaterThan(0);

    const second = await seedDemo(database.handle);
    expect(second.created).toEqual([]);
    expect(second.tenantId).toBe(first.tenantId);
    expect(await counts()).toEqual(before);
  });

  test("the demo tenant's count of active prospects is the triggers' count of its rows", async () => {
    const db = database.handle.contextDb(systemContext('test'));
    const { tenantId } = await seedDemo(database.handle);
    const [kept] = await db.select({ active: prospectCounters.active }).from(prospectCounters).where(eq(prospectCounters.tenantId, tenantId));
    const [rows] = await db
      .select({ n: count() })
      .from(prospects)
      .where(and(eq(prospects.tenantId, tenantId), eq(prospects.state, 'active')));
    expect(rows.n).toBeGreaterThan(0);
    expect(kept.active).toBe(rows.n);
  });

  test('ADMIN_EMAIL / ADMIN_PASSWORD replace the demo admin, whose password is then not printed', async () => {
    const result = await seedDemo(database.handle, { adminEmail: 'Owner@Example.com', adminPassword: 'owner-password' });
    expect(result.created).toEqual(['user owner@example.com']);
    expect(result.logins[0]).toEqual({ email: 'owner@example.com', password: null, role: 'admin' });

    const app = await buildApp({ config: testConfig(), database: database.handle, authSecret: TEST_SECRET, logger: false });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        cookies: { csrftoken: TEST_CSRF },
        headers: { 'x-csrftoken': TEST_CSRF },
        payload: { email: 'owner@example.com', password: 'owner-password' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ is_admin: true, is_staff: true });
    } finally {
      await app.close();
    }
  });
});

describe('ensureInitialAdmin (production)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  test('requires ADMIN_EMAIL and ADMIN_PASSWORD while no admin exists, then creates it once', async () => {
    const db = database.handle.contextDb(systemContext('test'));
    await expect(ensureInitialAdmin(database.handle, {})).rejects.toThrow(ConfigError);
    await expect(ensureInitialAdmin(database.handle, { adminEmail: 'root@example.com', adminPassword: 'short' })).rejects.toThrow(/at least 12/);
    expect(await ensureInitialAdmin(database.handle, { adminEmail: 'Root@Example.com', adminPassword: 'a-long-production-password' })).toBe(
      'created admin root@example.com',
    );
    // Later starts: an admin exists, so nothing is needed or done.
    expect(await ensureInitialAdmin(database.handle, {})).toBeNull();
    expect((await db.select({ n: count() }).from(tenants))[0].n).toBe(0);
  });
});
