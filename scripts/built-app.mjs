// The built app served by the real server on a spare port, with a fresh embedded database, and the
// headless Chromium the measures use: shared by the bundle and Lighthouse benches and the prerender step.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS } from '@app/shared/build/first-load';

export { CHROMIUM_FLAGS };

export const root = path.resolve(import.meta.dirname, '..');

export const chromiumPath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Starts the server on a port from `firstPort` up (randomised, so two runs side by side do not collide)
 * and resolves once it answers its health check.
 * @param {{ firstPort: number, host?: string }} options
 * @returns {Promise<{ base: string, port: number, stop: () => void }>}
 */
export async function startBuiltApp({ firstPort, host = '127.0.0.1' }) {
  const port = firstPort + Math.floor(Math.random() * 50);
  const server = spawn('node', ['scripts/pnpm.mjs', '--filter', '@app/server', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'built-app-')),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // A build step mails nobody: the throwaway demo data's follow-ups must not reach a real SMTP server.
      SMTP_URL: '',
    },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => process.kill(-server.pid, 'SIGTERM');
  const base = `http://${host}:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/v1/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 240) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { base, port, stop };
}

/** Playwright's Chromium launcher, from the e2e package that depends on it. */
export async function launchChromium() {
  const require = createRequire(path.join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}
