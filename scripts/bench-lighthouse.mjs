#!/usr/bin/env node
// Lighthouse on the public pages of the built app, served by the real server, in its mobile profile
// (mid-range phone, slow 4G, CPU slowed 4x) and its desktop preset. Prints performance, accessibility,
// best practices and SEO for each page beside the budget: 100 each, mobile and desktop.
// `--mobile` or `--desktop` runs one profile only; the machine's load is printed, since it slows the scores.
import * as chromeLauncher from 'chrome-launcher';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, chromiumPath, startBuiltApp } from './built-app.mjs';

const args = process.argv.slice(2);
const pages = args.filter((a) => !a.startsWith('--')).length ? args.filter((a) => !a.startsWith('--')) : ['/', '/products', '/payofina'];
// Lighthouse's default config is its mobile profile; undefined selects it.
const profiles = [
  { name: 'mobile', config: undefined, performance: 100 },
  { name: 'desktop', config: desktopConfig, performance: 100 },
].filter((p) => !args.includes(`--${p.name === 'mobile' ? 'desktop' : 'mobile'}`));
const server = await startBuiltApp({ firstPort: 8240, host: 'localhost' });
const base = server.base;

let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  console.log(
    `Load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  let met = true;
  for (const profile of profiles) {
    console.log(`\n${profile.name} (budget: performance ${profile.performance}, the rest 100)`);
    console.log(`${'page'.padEnd(12)} ${categories.map((c) => c.padStart(15)).join('')}${'LCP'.padStart(10)}`);
    for (const page of pages) {
      const run = () => lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories }, profile.config);
      let result = await run();
      // Lighthouse's own advice for a trace it failed to record (NO_NAVSTART, NO_FCP...) is to run again: once, and say so.
      if (result.lhr.runtimeError) {
        console.log(`    (${page}: ${result.lhr.runtimeError.code} on the first run; run again)`);
        result = await run();
      }
      const scores = categories.map((c) => Math.round((result.lhr.categories[c].score ?? 0) * 100));
      met &&= scores[0] >= profile.performance && scores.slice(1).every((s) => s === 100);
      const lcp = result.lhr.audits['largest-contentful-paint']?.displayValue ?? '';
      console.log(`${page.padEnd(12)} ${scores.map((s) => String(s).padStart(15)).join('')}${lcp.padStart(10)}`);
      // A run Lighthouse could not finish (a missed paint, a timeout) scores 0: say why rather than leave a bare 0.
      if (result.lhr.runtimeError) console.log(`    runtime error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      for (const warning of result.lhr.runWarnings ?? []) console.log(`    warning: ${warning.slice(0, 300)}`);
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
  }
  console.log(
    `\nLoad average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(met ? 'Every budget met.' : 'Some scores are under budget.');
} finally {
  await chrome?.kill();
  server.stop();
}
