import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/client';

/** BENCH_DATABASE is a postgres:// URL or pglite:<data folder>. */
export async function openBenchDatabase(poolSize = 10): Promise<DatabaseHandle> {
  const target = process.env.BENCH_DATABASE;
  if (!target) throw new Error('BENCH_DATABASE is not set');
  if (target.startsWith('pglite:')) return openPglite({ dataDir: target.slice('pglite:'.length) });
  // As the server opens it (src/server.ts).
  return openPostgres(target, poolSize, undefined, { keepOpen: true });
}

export function announce(port: number) {
  // The parent waits for this line (bench/lib/child.ts).
  process.stdout.write(`LISTENING ${port}\n`);
}

/** On SIGTERM: the steps in order (each awaited; a failure is printed and the next step still runs), then exit 0. */
export function stopOnTerm(...steps: Array<() => Promise<unknown>>) {
  process.on('SIGTERM', () => {
    void steps
      .reduce<Promise<unknown>>((done, step) => done.then(step).catch((error: unknown) => console.error('stopping:', error)), Promise.resolve())
      .finally(() => process.exit(0));
  });
}

/** Runs a bench server's main; a failure to start is printed and exits 1. */
export function runServer(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
