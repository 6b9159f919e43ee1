#!/usr/bin/env node
// Every check, in the order that fails fastest: types, lint, unit and server tests, then the browser.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pnpmOrExit } from './pnpm.mjs';
import { ensureSystemDeps } from './system-deps.mjs';

const started = Date.now();
const step = (name, args) => {
  console.log(`\n=== ${name} ===`);
  pnpmOrExit(args);
};

// First, so a machine without Chromium learns it in seconds, not after the build.
ensureSystemDeps();

step('install', ['install', '--frozen-lockfile=false', '--reporter=append-only']);
step('typecheck', ['-r', 'typecheck']);
step('lint', ['exec', 'eslint', '.']);
step('format', ['exec', 'prettier', '--check', '--log-level=warn', '.']);
console.log('\n=== lint rules and scripts ===');
// The files are listed here: `node --test <folder>` runs the folder's tests on Node 20 but, from
// Node 22 on, tries to run the folder itself as a script.
const scriptTests = ['eslint/__tests__', 'scripts/__tests__', 'scripts/release/__tests__'].flatMap((dir) =>
  fs
    .readdirSync(dir)
    .filter((name) => /\.test\.m?js$/.test(name))
    .map((name) => path.join(dir, name)),
);
if (spawnSync(process.execPath, ['--test', ...scriptTests], { stdio: 'inherit' }).status !== 0) process.exit(1);
step('unit and server tests', ['-r', '--workspace-concurrency=1', 'test']);
step('build', ['-r', '--filter', './shell', '--filter', './remotes/*', 'build']);
console.log('\n=== public pages painted ahead ===');
if (spawnSync(process.execPath, ['scripts/prerender-public.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
step('browser tests', ['--filter', '@app/e2e', 'e2e']);
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
