#!/usr/bin/env node
// Prints the gzip bytes of the shell and of each remote, and of all JS a visitor's first load of `/`
// fetches, measured in headless Chromium against the built app served by the real server.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const apps = {
  shell: 'shell/dist',
  marketing: 'remotes/marketing/dist',
  crm: 'remotes/crm/dist',
  quotations: 'remotes/quotations/dist',
  admin: 'remotes/admin/dist',
};

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => f.endsWith('.js') && statSync(f).isFile());
}

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

console.log('Built JS per app (all chunks, gzip -9):');
for (const [name, dir] of Object.entries(apps)) {
  const abs = path.join(root, dir);
  let files;
  try {
    files = jsFiles(abs);
  } catch {
    console.log(`  ${name.padEnd(11)} not built (run npm run build)`);
    continue;
  }
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  console.log(`  ${name.padEnd(11)} ${kb(total).padStart(10)}  in ${files.length} files`);
}

const port = 8190 + Math.floor(Math.random() * 50);
const server = spawn('node', ['scripts/pnpm.mjs', '--filter', '@app/server', 'start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')), LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: 'ignore',
  detached: true,
});

try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const require = createRequire(path.join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' || url.pathname.endsWith('.js')) {
      scripts.push(response.body().then((body) => ({ path: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
    }
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(scripts);
  await browser.close();
  const byApp = {};
  for (const s of loaded) {
    const app = s.path.match(/^\/remotes\/([^/]+)\//)?.[1] ?? 'shell';
    byApp[app] = (byApp[app] ?? 0) + s.gzip;
  }
  const total = loaded.reduce((sum, s) => sum + s.gzip, 0);
  const raw = loaded.reduce((sum, s) => sum + s.raw, 0);
  console.log(`\nA visitor's first load of / fetched ${loaded.length} JS files:`);
  for (const [app, bytes] of Object.entries(byApp)) console.log(`  ${app.padEnd(11)} ${kb(bytes).padStart(10)}`);
  console.log(`  ${'total'.padEnd(11)} ${kb(total).padStart(10)} gzip (${kb(raw)} uncompressed)`);
} finally {
  process.kill(-server.pid, 'SIGTERM');
}
