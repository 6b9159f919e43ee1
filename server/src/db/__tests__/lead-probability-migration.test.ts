import { eq } from 'drizzle-orm';
import { runMigrationFile } from '../../testing/migration-file';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db';
import { leads, pipelineStages, tenants } from '../schema';
import { systemContext } from '../wall/context';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

test('probabilities the old Edit Value froze at the stage default are cleared; any other stays', async () => {
  const db = database.handle.contextDb(systemContext('test'));
  const [tenant] = await db.insert(tenants).values({ name: 'Frozen', domain: 'frozen.example.com' }).returning();
  const stage = async (name: string, kind: 'open' | 'won' | 'lost', probability: number, sortOrder: number) =>
    (await db.insert(pipelineStages).values({ tenantId: tenant.id, name, kind, probability, sortOrder }).returning())[0];
  const qualified = await stage('Qualified', 'open', 40, 1);
  const proposal = await stage('Proposal', 'open', 60, 2);
  const won = await stage('Won', 'won', 100, 3);
  const lost = await stage('Lost', 'lost', 0, 4);
  const rows = [
    { name: 'Frozen at its stage', stage: qualified.id, probability: 40, after: null },
    { name: 'Frozen, then moved on', stage: proposal.id, probability: 40, after: 40 },
    { name: 'Set by a user', stage: qualified.id, probability: 35, after: 35 },
    { name: 'Following its stage', stage: proposal.id, probability: null, after: null },
    { name: 'Won at 100', stage: won.id, probability: 100, after: null },
    { name: 'Lost at 80', stage: lost.id, probability: 80, after: 80 },
    { name: 'No stage', stage: null, probability: 40, after: 40 },
  ];
  for (const [index, row] of rows.entries()) {
    await db.insert(leads).values({
      tenantId: tenant.id,
      name: row.name,
      phone1: `+1 555 063 ${1000 + index}`,
      pipelineStageId: row.stage,
      probability: row.probability,
    });
  }

  await runMigrationFile(database, '0035_lead_probability_follows_stage.sql');
  const after = await db.select({ name: leads.name, probability: leads.probability }).from(leads).where(eq(leads.tenantId, tenant.id));
  expect(Object.fromEntries(after.map((row) => [row.name, row.probability]))).toEqual(Object.fromEntries(rows.map((row) => [row.name, row.after])));
});
