/**
 * What the tenant wall costs: the prospects list (page 1 + total, as the demo tenant's staff) served
 * by the same app twice, taking turns: as the app role with row-level security and a context
 * transaction per statement, and as the owner with the wall off (bench/servers/app.ts, BENCH_WALL=off).
 * Target: the wall keeps at least 85% of the requests per second.
 */
import { login, pct, withServer, type CrmBenchOptions } from './crm';
import { buildDataset } from './lib/dataset';
import { formatLoad, mergeLoads, runLoad, verdict, type LoadResult } from './lib/load';

export type WallBenchOptions = Pick<CrmBenchOptions, 'target' | 'open' | 'tenants' | 'perTenant' | 'seconds' | 'rounds' | 'connections' | 'log'> & {
  label: string;
};

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
  const slice = Math.max(2, Math.round(options.seconds / options.rounds));
  const on: LoadResult[] = [];
  const off: LoadResult[] = [];
  const measure = (into: LoadResult[], env: Record<string, string>) =>
    withServer(
      'app.ts',
      target,
      async (url) => {
        const auth = await login(url);
        into.push(await runLoad({ url: `${url}/api/v1/crm/prospects?tenant_id=${tenant}`, headers: auth, connections, seconds: slice, warmupSeconds: 2 }));
      },
      env,
    );
  for (let round = 0; round < options.rounds; round++) {
    await measure(on, {});
    await measure(off, { BENCH_WALL: 'off' });
  }
  const wallOn = mergeLoads(on);
  const wallOff = mergeLoads(off);
  log(`  (load: autocannon, ${options.rounds} alternating slices of ${slice} s per side, after 2 s of warm-up each)`);
  log(formatLoad(`GET /crm/prospects, wall on (app role, RLS), ${connections} conn`, wallOn));
  log(formatLoad(`GET /crm/prospects, wall off (owner, no context)`, wallOff));
  log(`  -> wall on at ${pct(wallOn.rps, wallOff.rps)} of wall off req/s (target >= 85%: ${verdict(wallOn.rps >= 0.85 * wallOff.rps)})`);
}
