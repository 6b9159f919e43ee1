import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { seedDemo } from '../../src/seed/seed';
import { NO_ACTOR } from '../../src/modules/audit';
import { rowsOf } from '../../src/db/raw-sql';
import { tenantsService } from '../../src/modules/tenants';
import { scopedDatabase } from '../../src/tenancy/database';

export const RARE_TERM = 'quixotic';
export const RARE_ROWS = 5;
/** The leads of the measured tenant: the leads list is measured at this size. */
export const MEASURED_LEADS = 100_000;

export interface Dataset {
  measuredTenantId: string;
  /** A tenant as large as the measured one, for the COPY baseline of the bulk upload. */
  copyTenantId: string;
  tenantIds: string[];
  totalRows: number;
}

const INDUSTRIES = ['Logistics', 'Dental', 'Bakery', 'Software', 'Builders', 'Motors', 'Realty', 'Fitness', 'Printing', 'Legal'];
const CITIES = ['Chicago', 'London', 'Toronto', 'Sydney', 'Berlin', 'Dublin', 'Austin', 'Manchester', 'Denver', 'Auckland'];
/** The database as its owner (testing/owner-db.ts): the bench's data goes in without the tenant wall. */
export type Owner = { db: Db; contextDb(context: unknown): Db };

const textArray = (items: string[]) => `array[${items.map((item) => `'${item}'`).join(',')}]`;

async function query<T>(handle: Owner, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await handle.db.execute(statement));
}

/**
 * The bench database: the demo tenant (measured; its staff user signs in) and more tenants,
 * each with `perTenant` prospects made by generate_series in SQL (seconds, not minutes). About
 * 5% of each tenant's rows have left the list (converted or removed), as in real use. The
 * secondary indexes are built after the load, as a restore would, then the table is analysed.
 */
export async function buildDataset(handle: Owner, options: { tenants: number; perTenant: number; log: (line: string) => void }): Promise<Dataset> {
  const { db } = handle;
  const seed = await seedDemo(handle, { crmSample: false });
  const tenantIds = [seed.tenantId];
  // The bench's tenants are made as an admin would, on the owner's connection (no wall to pass).
  const system = scopedDatabase({ contextDb: () => db }).asSystem('bench tenants');
  for (let i = 1; i < options.tenants; i++)
    tenantIds.push(
      (
        await tenantsService.create(system, NO_ACTOR, {
          name: `Bench ${i}`,
          domain: `bench-${i}.example.com`,
          description: undefined,
          default_country: 'US',
          currency: 'USD',
          quotation_reminder_days: 3,
          setup_changes: 'everyone',
        })
      ).id,
    );

  const indexes = await query<{ indexname: string; indexdef: string }>(
    handle,
    sql`select indexname, indexdef from pg_indexes where tablename = 'prospects' and indexname <> 'prospects_tenant_id_id_pk'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));

  const started = Date.now();
  for (const tenantId of tenantIds) {
    const [ids] = await query<{ statuses: string[]; stages: string[] }>(
      handle,
      sql`select
            (select array_agg(id order by sort_order) from status_options where tenant_id = ${tenantId} and not converts_to_lead and not removes_from_prospects) as statuses,
            (select array_agg(id order by sort_order) from pipeline_stages where tenant_id = ${tenantId}) as stages`,
    );
    const statuses = `array[${ids.statuses.map((id) => `'${id}'::uuid`).join(',')}]`;
    const stages = `array[${ids.stages.map((id) => `'${id}'::uuid`).join(',')}]`;
    await db.execute(
      sql.raw(`
      insert into prospects (tenant_id, name, phone1, phone1_e164, phone1_shown, email, industry, city, website, status_id, pipeline_stage_id, state, created_at, updated_at)
      select '${tenantId}'::uuid,
             'Company ' || g || ' ' || (${textArray(INDUSTRIES)})[1 + g % 10],
             '+1 555 ' || lpad(g::text, 7, '0'),
             '+1555' || lpad(g::text, 7, '0'),
             '+1 555 ' || lpad(g::text, 7, '0'),
             'contact' || g || '@company' || g || '.example.com',
             (${textArray(INDUSTRIES)})[1 + g % 10],
             (${textArray(CITIES)})[1 + (g / 7) % 10],
             'https://company' || g || '.example.com',
             (${statuses})[1 + g % ${ids.statuses.length}],
             (${stages})[1 + g % ${ids.stages.length}],
             case g % 20 when 0 then 'converted' when 1 then 'removed' else 'active' end,
             now() - g * interval '1 minute',
             now() - g * interval '1 minute'
      from generate_series(1, ${options.perTenant}) as g`),
    );
  }
  const measured = tenantIds[0];
  await db.execute(
    sql.raw(`
    insert into prospects (tenant_id, name, phone1, phone1_e164, phone1_shown, email, state, created_at)
    select '${measured}'::uuid, 'Quixotic Zephyr Holdings ' || g, '+1 999 000 000' || g, '+1999000000' || g, '+1 999 000 000' || g, null, 'active', now() - g * interval '1 day'
    from generate_series(1, ${RARE_ROWS}) as g`),
  );
  options.log(
    `  loaded ${(tenantIds.length * options.perTenant + RARE_ROWS).toLocaleString('en-US')} prospects in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const indexStart = Date.now();
  await db.execute(sql.raw(`set maintenance_work_mem = '512MB'`));
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql.raw('vacuum analyze prospects'));
  await db.execute(
    sql.raw(`insert into prospect_counters (tenant_id, active)
             select tenant_id, count(*) filter (where state = 'active') from prospects group by tenant_id
             on conflict (tenant_id) do update set active = excluded.active`),
  );
  options.log(`  built ${indexes.length} indexes and analysed in ${((Date.now() - indexStart) / 1000).toFixed(1)} s`);
  await loadLeads(handle, measured, options.log);
  return { measuredTenantId: measured, copyTenantId: tenantIds[1], tenantIds, totalRows: tenantIds.length * options.perTenant + RARE_ROWS };
}

/**
 * MEASURED_LEADS leads in one tenant, added directly (no prospect behind them). They go in through
 * the leads table's counter trigger, as every lead does; the secondary indexes are built after.
 */
async function loadLeads(handle: Owner, tenantId: string, log: (line: string) => void): Promise<void> {
  const { db } = handle;
  const indexes = await query<{ indexname: string; indexdef: string }>(
    handle,
    sql`select indexname, indexdef from pg_indexes where tablename = 'leads' and indexname <> 'leads_tenant_id_id_pk'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  const started = Date.now();
  await db.execute(
    sql.raw(`
    insert into leads (tenant_id, name, phone1, email, industry, city, created_at, updated_at)
    select '${tenantId}'::uuid,
           'Lead ' || g || ' ' || (${textArray(INDUSTRIES)})[1 + g % 10],
           '+1 556 ' || lpad(g::text, 7, '0'),
           'lead' || g || '@lead' || g || '.example.com',
           (${textArray(INDUSTRIES)})[1 + g % 10],
           (${textArray(CITIES)})[1 + (g / 7) % 10],
           now() - g * interval '1 minute',
           now() - g * interval '1 minute'
    from generate_series(1, ${MEASURED_LEADS}) as g`),
  );
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql.raw('vacuum analyze leads'));
  log(
    `  loaded ${MEASURED_LEADS.toLocaleString('en-US')} leads in the measured tenant and built their indexes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
