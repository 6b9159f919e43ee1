import { eq } from 'drizzle-orm';
import { runMigrationFile } from '../../testing/migration-file';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db';
import { DEFAULT_STAGES, DEFAULT_STATUSES } from '../../modules/tenants';
import { pipelineStages, prospectCounters, statusOptions, tenants } from '../schema';
import { systemContext } from '../wall/context';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

test('tenants that existed before the CRM get the default statuses, stages and counter; running it again adds nothing', async () => {
  const db = database.handle.contextDb(systemContext('test'));
  // A tenant made the old way: no defaults.
  const [tenant] = await db.insert(tenants).values({ name: 'Old', domain: 'old.example.com' }).returning();
  await runMigrationFile(database, '0005_crm_defaults.sql');
  await runMigrationFile(database, '0005_crm_defaults.sql');

  const statuses = await db.select().from(statusOptions).where(eq(statusOptions.tenantId, tenant.id)).orderBy(statusOptions.sortOrder);
  expect(statuses.map((s) => [s.name, s.convertsToLead, s.removesFromProspects])).toEqual(
    DEFAULT_STATUSES.map((s) => [s.name, s.convertsToLead, s.removesFromProspects]),
  );
  const stages = await db.select().from(pipelineStages).where(eq(pipelineStages.tenantId, tenant.id)).orderBy(pipelineStages.sortOrder);
  expect(stages.map((s) => [s.name, s.color])).toEqual(DEFAULT_STAGES.map((s) => [s.name, s.color]));
  expect(await db.select().from(prospectCounters).where(eq(prospectCounters.tenantId, tenant.id))).toEqual([{ tenantId: tenant.id, active: 0 }]);
});
