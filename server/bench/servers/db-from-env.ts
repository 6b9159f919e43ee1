import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/client';

/** BENCH_DATABASE is a postgres:// URL or pglite:<data folder>. */
export async function openBenchDatabase(poolSize = 10): Promise<DatabaseHandle> {
  const target = process.env.BENCH_DATABASE;
  if (!target) throw new Error('BENCH_DATABASE is not set');
  if (target.startsWith('pglite:')) return openPglite({ dataDir: target.slice('pglite:'.length) });
  return openPostgres(target, poolSize);
}

export function announce(port: number) {
  // The parent waits for this line (bench/lib/child.ts).
  process.stdout.write(`LISTENING ${port}\n`);
}
