#!/usr/bin/env node
// Lighthouse (desktop preset) on the public pages of the built app, served by the real server.
// Prints performance, accessibility, best practices and SEO for each page. Target: 95 or more.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(import.meta.dirname, '..');
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/products', '/payofina'];
const port = 8240 + Math.floor(Math.random() * 50);
const base = `http://localhost:${port}`;

const server = spawn('node', ['scripts/pnpm.mjs', '--filter', '@app/server', 'start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lh-')), LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: 'ignore',
  detached: true,
});

let chrome;
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
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  console.log(`${'page'.padEnd(12)} ${categories.map((c) => c.padStart(15)).join('')}`);
  let worst = 100;
  for (const page of pages) {
    const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories }, desktopConfig);
    const scores = categories.map((c) => Math.round((result.lhr.categories[c].score ?? 0) * 100));
    worst = Math.min(worst, ...scores);
    console.log(`${page.padEnd(12)} ${scores.map((s) => String(s).padStart(15)).join('')}`);
    for (const c of categories) {
      for (const ref of result.lhr.categories[c].auditRefs) {
        const audit = result.lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
          console.log(`    ${c}: ${audit.id} ${audit.displayValue ?? ''} (${audit.score})`);
          for (const item of audit.details?.items ?? []) console.log(`      ${JSON.stringify(item).slice(0, 300)}`);
        }
      }
    }
  }
  console.log(`\nLowest score: ${worst}${worst >= 95 ? '' : ' (target 95)'}`);
} finally {
  await chrome?.kill();
  process.kill(-server.pid, 'SIGTERM');
}
