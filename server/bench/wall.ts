/**
 * What the tenant wall costs: the prospects list (page 1 + total, as the demo tenant's staff) served
 * by the same app twice in the same run, taking turns: as the app's own login in the app role with
 * row-level security and a context transaction per statement, and as the owner with the wall off
 * (bench/servers/app.ts, BENCH_WALL=off). Three runs, each printed with the machine's load average
 * (a shared machine's load moves the figures), then all runs together. Target: the wall keeps at
 * least 80% of the requests per second.
 */
import { openOwner } from '../src/testing/owner-db';
import { withServer } from './lib/child';
import type { BenchDatabase } from './lib/databases';
import { buildDataset } from './lib/dataset';
import { formatLoad, loadAverage, mergeLoads, runLoad, verdict, watchLoad, type LoadResult } from './lib/load';
import { login } from './lib/sign-in';
import { pct, type Share } from './lib/table';

export interface WallBenchOptions {
  database: BenchDatabase;
  tenants: number;
  perTenant: number;
  /** Seconds of load per side and run. */
  seconds: number;
  rounds: number;
  connections: number;
  log: (line: string) => void;
}

export const WALL_TARGET = 0.8;

/** Wall on against wall off (req/s), and the 1-minute load average while they were taken. */
export async function benchWall(options: WallBenchOptions): Promise<{ wall: Share; load: number[] }> {
  const { log, database, connections } = options;
  log(`\n== Tenant wall on ${database.label}: ${options.tenants} tenants x ${options.perTenant.toLocaleString('en-US')} prospects ==`);
  const handle = openOwner(database.ownerUrl);
  let tenant: string;
  try {
    tenant = (await buildDataset(handle, { tenants: options.tenants, perTenant: options.perTenant, log })).measuredTenantId;
  } finally {
    await handle.close();
  }
  const measure = (env: Record<string, string>) =>
    withServer(
      'app.ts',
      database,
      async (url) => {
        const auth = await login(url);
        return runLoad({ url: `${url}/api/v1/crm/prospects?tenant_id=${tenant}`, headers: auth, connections, seconds: options.seconds, warmupSeconds: 2 });
      },
      env,
    );
  log(`  (load: autocannon, ${connections} conn; each run: wall on, then wall off, ${options.seconds} s each after 2 s of warm-up)`);
  const loadWatch = watchLoad();
  const on: LoadResult[] = [];
  const off: LoadResult[] = [];
  for (let run = 1; run <= options.rounds; run++) {
    on.push(await measure({}));
    off.push(await measure({ BENCH_WALL: 'off' }));
    const [wallOn, wallOff] = [on.at(-1)!, off.at(-1)!];
    log(`  run ${run}, load average ${loadAverage()} (1, 5, 15 min)`);
    log(formatLoad(`    wall on (app login, app role, RLS)`, wallOn));
    log(formatLoad(`    wall off (owner, no context)`, wallOff));
    log(`    -> wall on at ${pct(wallOn.rps, wallOff.rps)} of wall off req/s`);
  }
  const load = loadWatch.stop();
  const wallOn = mergeLoads(on);
  const wallOff = mergeLoads(off);
  log(formatLoad(`  all runs: GET /crm/prospects, wall on`, wallOn));
  log(formatLoad(`  all runs: GET /crm/prospects, wall off`, wallOff));
  log(
    `  -> wall on at ${pct(wallOn.rps, wallOff.rps)} of wall off req/s (target >= ${WALL_TARGET * 100}%: ${verdict(wallOn.rps >= WALL_TARGET * wallOff.rps)})`,
  );
  return { wall: { app: wallOn.rps, base: wallOff.rps, unit: 'req/s' }, load };
}
