import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_CPU_PROFILE=<path>: each bench server process records a CPU profile (open it in Chrome
 * DevTools) and writes it to <path>-<pid>.cpuprofile when stopped, to see where a request's time goes.
 */
export async function startProfileIfAsked(): Promise<() => Promise<void>> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(`${file.replace(/\.cpuprofile$/, '')}-${process.pid}.cpuprofile`, JSON.stringify(profile));
  };
}
