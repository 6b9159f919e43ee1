#!/usr/bin/env node
// Prints the gzip bytes of the shell and of each remote, then every script of a visitor's first load of
// each public page and of a staff user's way from the login page to the prospects list, beside the budget,
// measured in headless Chromium against the built app served by the real server.
// `--json <file>` also writes the figures, so two runs can be compared chunk by chunk.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { appOf, BUDGETS, crmFirstLoad, kib, publicFirstLoad } from '@app/shared/build/first-load';
import { launchChromium, root, startBuiltApp } from './built-app.mjs';

const jsonOut = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : null;
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
const mark = (ok) => (ok ? 'ok' : 'OVER BUDGET');
// Hashed file names differ per build; the name without its hash is what two runs have in common.
const chunkName = (p) =>
  `${appOf(p)}: ${path
    .basename(p)
    .replace(/-[\w-]{8}\.js$/, '.js')
    .replace(/_mfe_internal__\w+?__mf_owner__\d+__/, '')}`;

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
  console.log(`  ${name.padEnd(11)} ${kib(total).padStart(10)}  in ${files.length} files`);
}

const server = await startBuiltApp({ firstPort: 8190 });

function printLoad(title, load, budgetGzip, budgetFiles) {
  console.log(`\n${title}: ${load.scripts.length} JS files, ${kib(load.gzip)} gzip (${kib(load.raw)} uncompressed)`);
  for (const s of [...load.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kib(s.gzip).padStart(10)}  ${chunkName(s.path)}`);
  const byApp = {};
  for (const s of load.scripts) byApp[appOf(s.path)] = (byApp[appOf(s.path)] ?? 0) + s.gzip;
  console.log(
    `  per app: ${Object.entries(byApp)
      .map(([app, bytes]) => `${app} ${kib(bytes)}`)
      .join(', ')}`,
  );
  console.log(
    `  budget: ${kib(load.gzip)} of ${kib(budgetGzip)} ${mark(load.gzip <= budgetGzip)}` +
      (budgetFiles ? `; ${load.scripts.length} of ${budgetFiles} files ${mark(load.scripts.length <= budgetFiles)}` : ''),
  );
}

let failed = false;
try {
  const base = server.base;
  const browser = await launchChromium();
  const figures = {};
  for (const page of BUDGETS.publicPages) {
    const load = await publicFirstLoad(browser, base, page);
    figures[page] = load;
    printLoad(`A visitor's first load of ${page}`, load, BUDGETS.publicGzip, BUDGETS.publicFiles);
    const staff = load.remotes.filter((r) => BUDGETS.staffRemotes.includes(r));
    console.log(`  remotes fetched: ${load.remotes.join(', ') || 'none'}${staff.length ? ' (a staff remote: OVER BUDGET)' : ''}`);
    failed ||= load.gzip > BUDGETS.publicGzip || load.scripts.length > BUDGETS.publicFiles || staff.length > 0;
  }
  const crm = await crmFirstLoad(browser, base, { email: 'staff@example.com', password: 'staff-password' });
  figures['/login → /crm'] = crm;
  printLoad('From the login page to the prospects list of /crm', crm, BUDGETS.crmGzip);
  console.log(`  list shown ${crm.listMs} ms after Sign in (unthrottled)`);
  failed ||= crm.gzip > BUDGETS.crmGzip;
  await browser.close();
  if (jsonOut) {
    const out = Object.fromEntries(
      Object.entries(figures).map(([k, v]) => [
        k,
        { gzip: v.gzip, files: v.scripts.length, chunks: v.scripts.map((s) => ({ name: chunkName(s.path), gzip: s.gzip })) },
      ]),
    );
    writeFileSync(jsonOut, JSON.stringify(out, null, 2));
  }
} finally {
  server.stop();
}
if (failed) process.exitCode = 1;
