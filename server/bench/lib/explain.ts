/**
 * The plans behind the list figures: each statement the app sends for the prospects page, the
 * rare-term search and the leads page, explained (EXPLAIN (ANALYZE, BUFFERS)) as the app runs it,
 * under the app role with a staff user's context set as the wall sets it, beside the baseline's
 * bare statement. Throughput on a shared machine is noisy; plans and their times say where the gap is.
 */
import { primaryReads } from '../../src/db/read-replica';
import { scopedDatabase } from '../../src/tenancy/database';
import { PAGE_SIZE } from '@app/shared/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/db/client';
import { APP_ROLE } from '../../src/db/wall/app-role';
import { CONTEXT_SQL, contextArgs, scopeContext } from '../../src/db/wall/context';
import { companyFilters, type CompanyFilters } from '../../src/modules/companies';
import { leadsRepository } from '../../src/modules/leads';
import { prospectsRepository } from '../../src/modules/prospects';
import type { UserScope } from '../../src/tenancy/scope';
import { DEMO_STAFF } from '../../src/seed/seed';
import { LEADS_PAGE_SQL, PAGE_SQL, SEARCH_SQL } from './bare-sql';
import { RARE_TERM } from './dataset';

interface Statement {
  text: string;
  params: unknown[];
}

interface PlanFacts {
  planningMs: number;
  executionMs: number;
  initPlans: number;
  /** The scans of the listed table, as the plan names them, with the rows each gave and threw away. */
  scans: string[];
}

/** Explained this many times; the plan is the last one's, the times the least of each (the machine may be shared). */
const RUNS = 5;

function factsOf(lines: string[], table: string): PlanFacts {
  const time = (label: string) => Number(/([\d.]+) ms/.exec(lines.find((line) => line.trim().startsWith(label)) ?? '')?.[1] ?? Number.NaN);
  const scans: string[] = [];
  lines.forEach((line, index) => {
    const scan = new RegExp(`([A-Z][\\w ]*Scan)(?: using (\\S+))? on (${table}\\w*).*actual time=[\\d.]+\\.\\.([\\d.]+) rows=(\\d+)`).exec(line);
    if (!scan) return;
    const removed = lines
      .slice(index + 1)
      .find((next, offset, rest) => /Rows Removed by Filter/.test(next) && !rest.slice(0, offset).some((between) => /->/.test(between)));
    const thrown = removed ? `, ${/(\d+)/.exec(removed.split(':')[1])?.[1]} removed by filter` : '';
    scans.push(`${scan[1]} ${scan[2] ? `using ${scan[2]}` : `on ${scan[3]}`}: ${scan[5]} rows in ${scan[4]} ms${thrown}`);
  });
  return { planningMs: time('Planning Time'), executionMs: time('Execution Time'), initPlans: lines.filter((line) => /InitPlan/.test(line)).length, scans };
}

async function explain(client: pg.Client, statement: Statement, context: string[] | null, table: string): Promise<PlanFacts> {
  await client.query('begin');
  try {
    if (context) {
      await client.query(`set local role ${APP_ROLE}`);
      await client.query(CONTEXT_SQL, context);
    }
    const runs: PlanFacts[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.params);
      runs.push(
        factsOf(
          result.rows.map((row) => row['QUERY PLAN']),
          table,
        ),
      );
    }
    return {
      ...runs[runs.length - 1],
      planningMs: Math.min(...runs.map((run) => run.planningMs)),
      executionMs: Math.min(...runs.map((run) => run.executionMs)),
    };
  } finally {
    await client.query('rollback');
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Prints, per list figure, the app's statement's plan facts beside the bare statement's (PostgreSQL). */
export async function explainListGaps(target: string, tenantId: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [DEMO_STAFF.email]);
    const scope: UserScope = { userId: rows[0].id, isAdmin: false, tenantIds: [tenantId], owners: 'all', teamMemberIds: [], visibility: 'all' };
    // The statements the repositories send, taken from drizzle's documented logger as they run (as the owner: nothing is kept).
    let sent: Statement | undefined;
    const owner: Db = drizzle({ client, logger: { logQuery: (text, params) => void (sent = { text, params }) } });
    // The repositories take a caller's handle; the owner's database stands in for it here, with the caller's scope.
    const db = scopedDatabase({ contextDb: () => owner, reads: primaryReads(() => owner) }).as(scope);
    const appStatement = async (read: (filters: CompanyFilters) => Promise<unknown>, q?: string): Promise<Statement> => {
      sent = undefined;
      await read(companyFilters({ page: 1, limit: PAGE_SIZE, q }));
      if (!sent) throw new Error('the repository sent no statement');
      return sent;
    };
    const figures = [
      {
        name: 'prospects page 1 + total',
        table: 'prospects',
        prepared: true,
        app: await appStatement((filters) => prospectsRepository(db).page(tenantId, filters)),
        bare: { text: PAGE_SQL, params: [tenantId] },
      },
      {
        name: `search '${RARE_TERM}'`,
        table: 'prospects',
        prepared: false,
        app: await appStatement((filters) => prospectsRepository(db).page(tenantId, filters), RARE_TERM),
        bare: { text: SEARCH_SQL, params: [tenantId, `%${RARE_TERM}%`] },
      },
      {
        name: 'leads page 1 + total',
        table: 'leads',
        prepared: true,
        app: await appStatement((filters) => leadsRepository(db).page(tenantId, filters)),
        bare: { text: LEADS_PAGE_SQL, params: [tenantId] },
      },
    ];
    const context = contextArgs(scopeContext(scope));
    log(
      `  EXPLAIN (ANALYZE, BUFFERS), least times of ${RUNS} runs: the app's statement as ${APP_ROLE} with a staff user's context, beside the bare one as the owner`,
    );
    for (const figure of figures) {
      const app = await explain(client, figure.app, context, figure.table);
      const bare = await explain(client, figure.bare, null, figure.table);
      log(
        `  ${figure.name.padEnd(26)} app: planning ${ms(app.planningMs)}${figure.prepared ? ' (prepared: once per connection)' : ''}, execution ${ms(app.executionMs)}, ${app.initPlans} InitPlans; ${app.scans.join('; ')}`,
      );
      log(`  ${''.padEnd(26)} bare: planning ${ms(bare.planningMs)}, execution ${ms(bare.executionMs)}; ${bare.scans.join('; ')}`);
    }
  } finally {
    await client.end();
  }
}
