/**
 * The leads board on 10,000 leads in one tenant (the embedded default, the leads service in this
 * process on the app's own login, behind the wall in a system context): the first page of
 * every column (what opening the board asks for), and scrolling one whole column 50 cards at a
 * time by keyset (`after`, what the board does) against the same pages by offset (`page`, the
 * baseline: what a column paged like the list would cost). Figures only.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/db/client';
import { seedDemo } from '../src/seed/seed';
import { openOwner } from '../src/testing/owner-db';
import type { BenchDatabase } from './lib/databases';
import { rowsOf } from '../src/db/raw-sql';
import { leadsService } from '../src/modules/leads';
import { scopedDatabase } from '../src/tenancy/database';

const PAGE = 50;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

export async function benchBoard({ database, leadCount, log }: { database: BenchDatabase; leadCount: number; log: (line: string) => void }) {
  const handle = openOwner(database.ownerUrl);
  const app = openPostgres(database.ownerUrl, database.appUrl, { keepOpen: true });
  try {
    const { tenantId } = await seedDemo(handle, { crmSample: false });
    const stages = rowsOf<{ id: string; name: string }>(
      await handle.db.execute(sql`select id, name from pipeline_stages where tenant_id = ${tenantId} order by sort_order`),
    );
    // Spread over the stages like a real pipeline: most leads early on.
    await handle.db.execute(sql`
      insert into leads (tenant_id, name, phone1, email, pipeline_stage_id, created_at, updated_at)
      select ${tenantId}::uuid, 'Board Lead ' || n, '+1 555 ' || lpad(n::text, 6, '0'), 'lead' || n || '@example.com',
             (${sql.param(stages.map((stage) => stage.id))}::uuid[])[1 + floor(power(random(), 1.6) * ${stages.length})::int],
             now() - n * interval '1 minute', now()
      from generate_series(1, ${leadCount}) n`);
    await handle.db.execute(sql`analyze leads`);
    const board = scopedDatabase(app).asSystem('leads board bench');
    const list = (query: Record<string, unknown>) => leadsService.listJson(board, tenantId, { page: 1, limit: PAGE, ...query });

    log(`\n== Leads board on ${database.label}: ${leadCount.toLocaleString('en-US')} leads in one tenant, ${stages.length} stages ==`);
    for (let round = 0; round < 2; round += 1) await Promise.all(stages.map((stage) => list({ pipeline_stage_id: stage.id })));
    const opens: number[] = [];
    for (let round = 0; round < 5; round += 1) opens.push((await timed(() => Promise.all(stages.map((stage) => list({ pipeline_stage_id: stage.id })))))[1]);
    log(`opening the board (first ${PAGE} cards and the count of every column): median ${ms(median(opens))} over 5 opens`);

    const counts = await Promise.all(
      stages.map(async (stage) => ({ stage, total: JSON.parse(await list({ pipeline_stage_id: stage.id })).pagination.total as number })),
    );
    const biggest = counts.sort((a, b) => b.total - a.total)[0]!;
    log(
      `scrolling the biggest column to its end: ${biggest.stage.name}, ${biggest.total.toLocaleString('en-US')} leads, ${Math.ceil(biggest.total / PAGE)} pages`,
    );
    const keyset: number[] = [];
    let after: string | undefined;
    for (;;) {
      const [text, took] = await timed(() => list({ pipeline_stage_id: biggest.stage.id, ...(after ? { after } : {}) }));
      const leads = JSON.parse(text).leads as { id: string }[];
      keyset.push(took);
      if (leads.length < PAGE) break;
      after = leads[leads.length - 1]!.id;
    }
    const offset: number[] = [];
    for (let page = 1; page <= keyset.length; page += 1) offset.push((await timed(() => list({ pipeline_stage_id: biggest.stage.id, page })))[1]);
    log(
      `  by keyset (the board):  median ${ms(median(keyset))} a page, last page ${ms(keyset.at(-1)!)}, whole column ${ms(keyset.reduce((a, b) => a + b, 0))}`,
    );
    log(
      `  by offset (baseline):   median ${ms(median(offset))} a page, last page ${ms(offset.at(-1)!)}, whole column ${ms(offset.reduce((a, b) => a + b, 0))}`,
    );
  } finally {
    await app.close();
    await handle.close();
  }
}
