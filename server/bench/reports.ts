/**
 * The reports on the embedded default: the demo tenant with `prospects` prospects and 100,000 leads (staged,
 * valued, owned, won and lost over the last 12 months) and a year of calls on 20 goals. Each report
 * (default range: the last 12 months) is asked `requests` times one after the other (one
 * connection), as the admin (sees all) and as a staff member with `own` visibility. Target: p95 ≤ 300 ms.
 */
import { sql } from 'drizzle-orm';
import { DEMO_ADMIN, DEMO_STAFF } from '../src/seed/seed';
import { openOwner } from '../src/testing/owner-db';
import { withServer } from './lib/child';
import type { BenchDatabase } from './lib/databases';
import { buildDataset, type Owner } from './lib/dataset';
import { verdict } from './lib/load';
import { login } from './lib/sign-in';

export interface ReportsBenchOptions {
  database: BenchDatabase;
  prospects: number;
  requests: number;
  log: (line: string) => void;
}

const KINDS = ['pipeline', 'won-lost', 'calls', 'funnel'] as const;
const TARGET_P95_MS = 300;
const GOALS = 20;

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];

/** The measured tenant's leads as a year of sales: stages, values, owners, outcomes spread over 12 months. */
async function shapeLeads(handle: Owner, tenantId: string): Promise<void> {
  const { db } = handle;
  // Step one sets the stage (the trigger stamps won_at or lost_at with now()); step two back-dates them.
  await db.execute(sql`
    with stages as (select array_agg(id order by sort_order) as ids from pipeline_stages where tenant_id = ${tenantId}),
         people as (select array_agg(id order by email) as ids from users where tenant_id = ${tenantId})
    update leads set
      pipeline_stage_id = stages.ids[1 + abs(hashtext(leads.id::text)) % array_length(stages.ids, 1)],
      owner_id = case when abs(hashtext(leads.name)) % 5 = 0 then null else people.ids[1 + abs(hashtext(leads.name)) % array_length(people.ids, 1)] end,
      value = (abs(hashtext(leads.phone1)) % 100000)::numeric + 0.5,
      lost_reason = (array['Price', 'Timing', 'Competitor', null])[1 + abs(hashtext(leads.email)) % 4],
      created_at = now() - (abs(hashtext(leads.id::text || 'c')) % 365) * interval '1 day'
    from stages, people
    where leads.tenant_id = ${tenantId}`);
  await db.execute(sql`
    update leads set
      won_at = case when won_at is not null then created_at + (abs(hashtext(id::text || 'w')) % 40) * interval '1 day' end,
      lost_at = case when lost_at is not null then created_at + (abs(hashtext(id::text || 'l')) % 40) * interval '1 day' end
    where tenant_id = ${tenantId}`);
  await db.execute(sql`
    insert into goals (tenant_id, user_id, name, target_count, start_date, end_date)
    select ${tenantId}::uuid, (select id from users where tenant_id = ${tenantId} order by email limit 1 offset g % 2), 'Bench goal ' || g, 20 + g,
           current_date - 365, current_date
    from generate_series(1, ${GOALS}) as g`);
  // 5 to 34 calls per goal and day, each by one of the tenant's users, whoever owns the goal.
  await db.execute(sql`
    with people as (select array_agg(id order by email) as ids from users where tenant_id = ${tenantId})
    insert into calls (tenant_id, goal_id, caller_id, day, made_at)
    select goals.tenant_id, goals.id, people.ids[1 + abs(hashtext(goals.id::text || day::text || n::text)) % array_length(people.ids, 1)],
           day::date, day + interval '9 hours' + n * interval '5 minutes'
    from goals cross join people
    cross join generate_series(current_date - 365, current_date, interval '1 day') as day
    cross join lateral generate_series(1, 5 + abs(hashtext(goals.id::text || day::text)) % 30) as n
    where goals.tenant_id = ${tenantId}`);
  await db.execute(sql`update users set visibility = 'own' where email = ${DEMO_STAFF.email}`);
  await db.execute(sql.raw('vacuum analyze leads'));
  await db.execute(sql.raw('vacuum analyze goals'));
  await db.execute(sql.raw('vacuum analyze calls'));
}

export async function benchReports(options: ReportsBenchOptions): Promise<void> {
  const { log } = options;
  log(
    `\n== Reports on ${options.database.label}: ${options.prospects.toLocaleString('en-US')} prospects, 100,000 leads, ${GOALS} goals with a year of calls ==`,
  );
  const handle = openOwner(options.database.ownerUrl);
  let tenantId: string;
  try {
    tenantId = (await buildDataset(handle, { tenants: 1, perTenant: options.prospects, log })).measuredTenantId;
    const started = Date.now();
    await shapeLeads(handle, tenantId);
    log(`  shaped the leads into a year of sales and added the calls in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
  await withServer('app.ts', options.database, async (url) => {
    for (const [who, credentials] of [
      ['admin (all)', DEMO_ADMIN],
      ['staff (own)', DEMO_STAFF],
    ] as const) {
      const headers = await login(url, credentials);
      for (const kind of KINDS) {
        const address = `${url}/api/v1/crm/reports/${kind}?tenant_id=${tenantId}`;
        // Two unmeasured requests first: plans and connections warm.
        for (let i = 0; i < 2; i++) await fetch(address, { headers }).then((response) => response.text());
        const times: number[] = [];
        for (let i = 0; i < options.requests; i++) {
          const start = performance.now();
          const response = await fetch(address, { headers });
          await response.text();
          if (!response.ok) throw new Error(`${kind}: ${response.status}`);
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 0.95);
        log(
          `  ${who.padEnd(12)} ${kind.padEnd(9)} p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${options.requests} requests, 1 connection (target p95 <= ${TARGET_P95_MS} ms: ${verdict(p95 <= TARGET_P95_MS)})`,
        );
      }
    }
  });
}
