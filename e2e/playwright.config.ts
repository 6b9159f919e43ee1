import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from '@app/shared/build/first-load';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8181);
// A fresh embedded database each run: the server migrates and seeds the demo data on start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'orbitra-e2e-'));
// An empty CDN folder: the repository's cdn/ (local releases) must not change what the tests load.
const cdnDir = process.env.E2E_CDN_DIR ?? mkdtempSync(path.join(tmpdir(), 'orbitra-e2e-cdn-'));
// A real SMTP server for the run (mail-sink.ts); the tests read what it received from this folder.
// Both follow from the port, so that every test worker (which reads this file again) finds them.
process.env.E2E_SMTP_PORT ??= String(port + 25);
// The IMAP server (Dovecot) of the mailboxes the tests connect.
process.env.E2E_IMAP_PORT ??= String(port + 26);
process.env.E2E_MAIL_DIR ??= path.join(tmpdir(), `orbitra-e2e-mail-${port}`);

export default defineConfig({
  testDir: './tests',
  globalSetup: './mail-sink.ts',
  // Two browsers and the server share two cores in CI: a long journey may need a minute there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // E2E_ONE_WIDTH=1: the journeys run at 390 px only, not again at 1366 px. CI's second run (another
  // Node.js for the same browser) sets it: what a second width checks is the page's layout, which the
  // first run has checked already and no server's Node.js changes.
  grepInvert: process.env.E2E_ONE_WIDTH === '1' ? /at 1366 ?px|desktop: / : undefined,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built app, started the way `npm start` starts it (after its build step), on a database that
    // also holds prospects from before phones were checked (server/src/testing/legacy-phones.ts).
    command: 'pnpm --filter @app/server exec node --import tsx src/testing/legacy-phones.ts && pnpm --filter @app/server start',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/api/v1/health`,
    // A first start migrates and seeds a new database: minutes on a busy 2-core machine.
    timeout: 300_000,
    reuseExistingServer: false,
    // Stopped as an operator stops it, so it drains and stops its embedded PostgreSQL: the default,
    // SIGKILL of the process group, left that database running after every run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    // Many sign-ins from one address in a short run: the per-address login limit is raised for it.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CDN_DIR: cdnDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Cheap argon2 (refused outside NODE_ENV=test): the journeys sign in hundreds of times.
      PASSWORD_HASH_COST: 'test',
      LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000',
      // Several journeys send contact-form messages from this one address within minutes.
      CONTACT_LIMIT_PER_IP_PER_10_MINUTES: '1000',
      // The demo admin sends many quotations in one run; the per-quotation limit keeps its default (3 in 10 minutes).
      QUOTATION_SEND_LIMIT_PER_USER_PER_HOUR: '1000',
      // The demo users download many quotation PDFs across journeys running side by side.
      PDF_LIMIT_PER_USER_PER_MINUTE: '1000',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // The tests' mailboxes connect to the IMAP and SMTP servers of the run, on 127.0.0.1.
      MAIL_HOSTS_ALLOWED: 'loopback',
      MAIL_FROM: 'Orbitra <no-reply@orbitra.test>',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
