import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, type BenchDatabase } from './databases';

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverScripts = path.resolve(here, '../servers');

export interface ChildServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Servers under test run in their own process: load generation in the same event loop would
 * steal the very time being measured. The child prints `LISTENING <port>` once it is ready.
 */
export function startChild(script: string, env: Record<string, string>): Promise<ChildServer> {
  const tsx = path.resolve(here, '../../node_modules/.bin/tsx');
  const child: ChildProcess = spawn(tsx, [path.join(serverScripts, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 120 s`)), 120_000);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\d+)/.exec(buffer);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Runs fn against a freshly started bench server process on `database` and stops it after. */
export async function withServer<T>(
  script: 'app.ts' | 'baseline.ts',
  database: BenchDatabase,
  fn: (url: string) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const server = await startChild(script, { ...env, ...serverEnv(database) });
  try {
    return await fn(server.url);
  } finally {
    await server.stop();
  }
}
