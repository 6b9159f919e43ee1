/**
 * What a narrowed visibility costs: the prospects list (page 1 + total) of one tenant of 1,000,000
 * prospects spread over 20 owners (5% unassigned), served to a user of `own` visibility and to a
 * user of `all` visibility, 50 connections, taking turns in the same run, three runs. The own
 * user's page is read per owner: theirs off prospects_active_owner_idx, the unassigned ones off
 * prospects_active_unassigned_idx, merged; its total is the sum of two prospect_owner_counters
 * rows. On the embedded default. Target: own keeps at least 90% of all's requests per second.
 */
import { sql } from 'drizzle-orm';
import { DEMO_STAFF } from '../src/seed/seed';
import { rowsOf } from '../src/db/raw-sql';
import { hashPassword } from '../src/modules/users';
import { openOwner } from '../src/testing/owner-db';
import { withServer } from './lib/child';
import type { BenchDatabase } from './lib/databases';
import { buildDataset } from './lib/dataset';
import { formatLoad, loadAverage, mergeLoads, runLoad, verdict, type LoadResult } from './lib/load';
import { login } from './lib/sign-in';
import { pct } from './lib/table';

export interface VisibilityBenchOptions {
  database: BenchDatabase;
  perTenant: number;
  seconds: number;
  rounds: number;
  connections: number;
  log: (line: string) => void;
}

const TARGET = 0.9;
const OWNERS = 20;
const OWN_USER = { email: 'own-caller@example.com', password: 'own-caller-password' };

export async function benchVisibility(options: VisibilityBenchOptions): Promise<void> {
  const { log, database, connections } = options;
  log(`\n== Visibility own against all on ${database.label}: 1 tenant x ${options.perTenant.toLocaleString('en-US')} prospects, ${OWNERS} owners ==`);
  const handle = openOwner(database.ownerUrl);
  let tenant: string;
  try {
    tenant = (await buildDataset(handle, { tenants: 1, perTenant: options.perTenant, log })).measuredTenantId;
    const { db } = handle;
    const hash = await hashPassword(OWN_USER.password);
    await db.execute(sql`insert into users (email, full_name, password_hash, tenant_id, is_staff, visibility)
      values (${OWN_USER.email}, 'Own Caller', ${hash}, ${tenant}, true, 'own')`);
    await db.execute(sql`insert into users (email, full_name, password_hash, tenant_id, is_staff)
      select 'owner' || g || '@example.com', 'Owner ' || g, ${hash}, ${tenant}, true from generate_series(2, ${OWNERS}) g`);
    const started = Date.now();
    // Owners written in one pass with the per-row counter trigger off; the counters are then made from the rows.
    await db.execute(sql`alter table prospects disable trigger prospects_owner_counters_change`);
    await db.execute(sql`
      with owners as (select array_agg(id order by email) as ids from users where tenant_id = ${tenant} and email <> ${DEMO_STAFF.email})
      update prospects p set owner_id = case when (hashtext(p.id::text) & 1023) < 51 then null
        else (select ids[1 + (hashtext(p.id::text) & 65535) % array_length(ids, 1)] from owners) end
      where p.tenant_id = ${tenant}`);
    await db.execute(sql`alter table prospects enable trigger prospects_owner_counters_change`);
    await db.execute(sql`delete from prospect_owner_counters where tenant_id = ${tenant}`);
    await db.execute(sql`insert into prospect_owner_counters (tenant_id, owner_key, active)
      select tenant_id, coalesce(owner_id, '00000000-0000-0000-0000-000000000000'), count(*) from prospects
      where tenant_id = ${tenant} and state = 'active' group by 1, 2`);
    await db.execute(sql`vacuum analyze prospects`);
    log(`  spread the owners and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The own user's page as the list asks it (its owners and the unassigned ones, newest first): which index serves it.
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain with mine as (select array_agg(id) as ids from users where email = ${OWN_USER.email})
        select id from (
          select o.* from unnest((select ids from mine)) as owner(id)
            cross join lateral (select * from prospects where tenant_id = ${tenant} and state = 'active' and owner_id = owner.id
              order by created_at desc, id desc limit 20) o
          union all
          (select * from prospects where tenant_id = ${tenant} and state = 'active' and owner_id is null order by created_at desc, id desc limit 20)
        ) v order by created_at desc, id desc limit 20`),
    );
    log(`  the own user's page: ${plan.map((row) => row['QUERY PLAN'].trim()).join(' | ')}`);
  } finally {
    await handle.close();
  }
  const measure = (who: { email: string; password: string }) =>
    withServer('app.ts', database, async (url) => {
      const auth = await login(url, who);
      return runLoad({ url: `${url}/api/v1/crm/prospects?tenant_id=${tenant}`, headers: auth, connections, seconds: options.seconds, warmupSeconds: 2 });
    });
  log(`  (load: autocannon, ${connections} conn; each run: own user, then all user, ${options.seconds} s each after 2 s of warm-up)`);
  const own: LoadResult[] = [];
  const all: LoadResult[] = [];
  for (let run = 1; run <= options.rounds; run++) {
    own.push(await measure(OWN_USER));
    all.push(await measure(DEMO_STAFF));
    log(`  run ${run}, load average ${loadAverage()} (1, 5, 15 min)`);
    log(formatLoad(`    own (1/${OWNERS} + unassigned)`, own.at(-1)!));
    log(formatLoad(`    all`, all.at(-1)!));
    log(`    -> own at ${pct(own.at(-1)!.rps, all.at(-1)!.rps)} of all req/s`);
  }
  const ownAll = mergeLoads(own);
  const allAll = mergeLoads(all);
  log(formatLoad(`  all runs: GET /crm/prospects, own visibility`, ownAll));
  log(formatLoad(`  all runs: GET /crm/prospects, all visibility`, allAll));
  log(`  -> own at ${pct(ownAll.rps, allAll.rps)} of all req/s (target >= ${TARGET * 100}%: ${verdict(ownAll.rps >= TARGET * allAll.rps)})`);
}
