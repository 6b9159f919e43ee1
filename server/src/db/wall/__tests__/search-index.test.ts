import { sql } from 'drizzle-orm';
import { createCrmFixture, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { userContext } from '../context';

let t: TestApp;
let f: CrmFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

/**
 * The plan of a statement as a signed-in member of the demo tenant, behind the wall, with sequential
 * scans ruled out: the search condition is the statement's only one, so only an index on it can serve.
 */
async function planBehindWall(statement: ReturnType<typeof sql>): Promise<string> {
  const member = userContext({ id: '00000000-0000-4000-8000-000000000001', isAdmin: false, tenantId: f.demoTenantId });
  return t.database.handle.contextDb(member).transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const result = await tx.execute(sql`explain ${statement}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

// Without a leakproof LIKE, row-level security keeps the search out of the index: every row of the
// tenant is read and filtered, which on a large tenant takes hundreds of milliseconds.
test.each([
  ['leads', 'leads_search_trgm_idx', sql`select id from leads where search_text like '%quixotic%'`],
  ['quotations', 'quotations_search_trgm_idx', sql`select id from quotations where search_text like '%quixotic%'`],
])('a search of %s behind the tenant wall is answered from its trigram index', async (_table, index, statement) => {
  const plan = await planBehindWall(statement);
  expect(plan).toContain(index);
  expect(plan).toMatch(/Index Cond: .*search_text ~~/);
});

// The prospects' trigram index is partial (active rows), and on a test-sized table the planner
// prefers another partial index there; the same leakproof LIKE is what lets it serve.
test('LIKE is leakproof, so the prospects search can use its trigram index behind the wall too', async () => {
  const plan = await planBehindWall(sql`select id from prospects where state = 'active' and search_text like '%quixotic%'`);
  // A leaky condition would be filtered only after the wall's own condition.
  expect(plan).toMatch(/Filter: \(\(search_text ~~ '%quixotic%'::text\) AND/);
});

// A q that reads as a phone looks for its digits as well: two LIKEs on the same column, one bitmap
// OR over the trigram index, still behind the wall.
test('a search by any writing of a phone behind the tenant wall is answered from the trigram index', async () => {
  const plan = await planBehindWall(sql`select id from leads where search_text like '%(555) 101-1102%' or search_text like '%5551011102%'`);
  expect(plan).toContain('leads_search_trgm_idx');
  expect(plan).toMatch(/BitmapOr|Index Cond: .*search_text ~~.*OR/s);
});
