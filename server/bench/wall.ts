/**
 * What the tenant wall costs: the prospects list (page 1 + total, as the demo tenant's staff) served
 * by the same app twice in the same run, taking turns: as the app role with row-level security and a
 * context transaction per statement, and as the owner with the wall off (bench/servers/app.ts,
 * BENCH_WALL=off). Three runs, each printed with the machine's load average (a shared machine's
 * load moves the figures), then all runs together. Target: the wall keeps at least 80% of the
 * requests per second.
 */
import { login, pct, withServer, type CrmBenchOptions } from './crm';
import { buildDataset } from './lib/dataset';
import { formatLoad, loadAverage, mergeLoads, runLoad, verdict, type LoadResult } from './lib/load';

export type WallBenchOptions = Pick<CrmBenchOptions, 'target' | 'open' | 'tenants' | 'perTenant' | 'seconds' | 'rounds' | 'connections' | 'log'> & {
  label: string;
};

const TARGET = 0.8;

export async function benchWall(options: WallBenchOptions): Promise<void> {
  const { log, target, connections } = options;
  log(`\n== Tenant wall on ${options.label}: ${options.tenants} tenants x ${options.perTenant.toLocaleString('en-US')} prospects ==`);
  const handle = await options.open();
  let tenant: string;
  try {
    tenant = (await buildDataset(handle, { tenants: options.tenants, perTenant: options.perTenant, log })).measuredTenantId;
  } finally {
    await handle.close();
  }
  const measure = (env: Record<string, string>) =>
    withServer(
      'app.ts',
      target,
      async (url) => {
        const auth = await login(url);
        return runLoad({ url: `${url}/api/v1/crm/prospects?tenant_id=${tenant}`, headers: auth, connections, seconds: options.seconds, warmupSeconds: 2 });
      },
      env,
    );
  log(`  (load: autocannon, ${connections} conn; each run: wall on, then wall off, ${options.seconds} s each after 2 s of warm-up)`);
  const on: LoadResult[] = [];
  const off: LoadResult[] = [];
  for (let run = 1; run <= options.rounds; run++) {
    on.push(await measure({}));
    off.push(await measure({ BENCH_WALL: 'off' }));
    const [wallOn, wallOff] = [on.at(-1)!, off.at(-1)!];
    log(`  run ${run}, load average ${loadAverage()} (1, 5, 15 min)`);
    log(formatLoad(`    wall on (app role, RLS)`, wallOn));
    log(formatLoad(`    wall off (owner, no context)`, wallOff));
    log(`    -> wall on at ${pct(wallOn.rps, wallOff.rps)} of wall off req/s`);
  }
  const wallOn = mergeLoads(on);
  const wallOff = mergeLoads(off);
  log(formatLoad(`  all runs: GET /crm/prospects, wall on`, wallOn));
  log(formatLoad(`  all runs: GET /crm/prospects, wall off`, wallOff));
  log(`  -> wall on at ${pct(wallOn.rps, wallOff.rps)} of wall off req/s (target >= ${TARGET * 100}%: ${verdict(wallOn.rps >= TARGET * wallOff.rps)})`);
}
