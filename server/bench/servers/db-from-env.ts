import { openPostgres, type DatabaseHandle } from '../../src/db/client';
import { checkAppLogin } from '../../src/db/wall/app-login';

/**
 * The bench database as the server opens it (src/server.ts): BENCH_DATABASE is the owner's URL,
 * BENCH_DATABASE_APP the app's own login (bench/lib/databases.ts), which the pool logs in with and
 * which is checked as the server checks it; every connection opened at once and kept.
 */
export async function openBenchDatabase(poolSize = 10): Promise<DatabaseHandle> {
  const owner = process.env.BENCH_DATABASE;
  if (!owner) throw new Error('BENCH_DATABASE is not set');
  const app = process.env.BENCH_DATABASE_APP;
  const handle = openPostgres(owner, app && app !== owner ? app : undefined, { poolSize, keepOpen: true });
  await checkAppLogin(handle);
  return handle;
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
