import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db';
import { runMigrations } from '../migrate';
import { leads, prospects, tenants } from '../schema';
import { systemContext } from '../wall/context';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

test('starting fills the E.164 of existing phones that parse, keeps every text and row, and a second start changes nothing', async () => {
  const db = database.handle.contextDb(systemContext('test'));
  const [us] = await db.insert(tenants).values({ name: 'Old US', domain: 'old-us.example.com' }).returning();
  const [gb] = await db.insert(tenants).values({ name: 'Old GB', domain: 'old-gb.example.com', defaultCountry: 'GB' }).returning();
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  // Rows as the tables held them before phones were read: text only.
  await db.insert(prospects).values([
    { tenantId: us.id, name: 'Oldest', phone1: '(555) 101-1102', phone2: '555 101 2000 ext. 7', phone3: 'ask for Bob', createdAt: at(1), updatedAt: at(1) },
    { tenantId: us.id, name: 'Same number', phone1: '+1 555-101-1102', createdAt: at(2), updatedAt: at(2) },
    { tenantId: us.id, name: 'Words', phone1: 'call me maybe', createdAt: at(3), updatedAt: at(3) },
    { tenantId: us.id, name: 'Broken line', phone1: 'click"),+1 555 000 0002,,Nowhere', createdAt: at(4), updatedAt: at(4) },
    { tenantId: gb.id, name: 'London', phone1: '020 7946 0500', createdAt: at(5), updatedAt: at(5) },
    // Another tenant may hold the same number.
    { tenantId: gb.id, name: 'Same in GB', phone1: '+1 555 101 1102', createdAt: at(6), updatedAt: at(6) },
  ]);
  await db.insert(leads).values({ tenantId: us.id, name: 'Old lead', phone1: '555.303.0303', phone2: 'nope' });

  const read = () =>
    db
      .select({
        name: prospects.name,
        phone1: prospects.phone1,
        phone1E164: prospects.phone1E164,
        phone2E164: prospects.phone2E164,
        phone1Shown: prospects.phone1Shown,
        phone2Shown: prospects.phone2Shown,
        phone3: prospects.phone3,
        phone3E164: prospects.phone3E164,
        digits: prospects.phoneDigits,
        updatedAt: prospects.updatedAt,
      })
      .from(prospects)
      .orderBy(prospects.createdAt);

  await runMigrations(database.handle);
  const filled = await read();
  expect(filled.map((row) => [row.name, row.phone1, row.phone1E164, row.phone2E164, row.phone3, row.phone3E164, row.digits])).toEqual([
    ['Oldest', '(555) 101-1102', '+15551011102', '+15551012000', 'ask for Bob', null, '15551011102'],
    // The tenant already has this number (the older prospect keeps it): listed under Invalid phone to be resolved.
    ['Same number', '+1 555-101-1102', null, null, null, null, ''],
    ['Words', 'call me maybe', null, null, null, null, ''],
    ['Broken line', 'click"),+1 555 000 0002,,Nowhere', null, null, null, null, ''],
    ['London', '020 7946 0500', '+442079460500', null, null, null, '442079460500'],
    ['Same in GB', '+1 555 101 1102', '+15551011102', null, null, null, '15551011102'],
  ]);
  // Each number also gets the text screens show, the extension typed kept.
  expect(filled.map((row) => [row.name, row.phone1Shown, row.phone2Shown])).toEqual([
    ['Oldest', '+1 555 101 1102', '+1 555 101 2000 ext. 7'],
    ['Same number', null, null],
    ['Words', null, null],
    ['Broken line', null, null],
    ['London', '+44 20 7946 0500', null],
    ['Same in GB', '+1 555 101 1102', null],
  ]);
  // Filling is not an edit: the prospects still read as unworked (an import's revert relies on it).
  expect(filled.map((row) => row.updatedAt.getTime())).toEqual([1, 2, 3, 4, 5, 6].map((s) => at(s).getTime()));
  const [lead] = await db.select().from(leads).where(eq(leads.tenantId, us.id));
  expect([lead.phone1E164, lead.phone1Shown, lead.phone2, lead.phone2E164, lead.phone2Shown]).toEqual(['+15553030303', '+1 555 303 0303', 'nope', null, null]);

  // q's column now holds the E.164 digits too.
  const [searched] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(prospects)
    .where(sql`${prospects.searchText} like '%15551011102%'`);
  expect(Number(searched.n)).toBe(2);

  await runMigrations(database.handle);
  expect(await read()).toEqual(filled);
});

test('a row that has its E.164 from before phones were shown by the server gets its shown text at the next start', async () => {
  const db = database.handle.contextDb(systemContext('test'));
  const [tenant] = await db.insert(tenants).values({ name: 'Before shown', domain: 'before-shown.example.com' }).returning();
  await db.insert(prospects).values({ tenantId: tenant.id, name: 'Had E.164', phone1: '555-707-0707 x3', phone1E164: '+15557070707' });
  await runMigrations(database.handle);
  const [row] = await db.select().from(prospects).where(eq(prospects.tenantId, tenant.id));
  expect([row.phone1E164, row.phone1Shown]).toEqual(['+15557070707', '+1 555 707 0707 ext. 3']);
});
