#!/usr/bin/env node
// Every check, in the order that fails fastest: types, lint, unit and server tests, then the browser.
import { spawnSync } from 'node:child_process';
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
console.log('\n=== lint rules and release tools ===');
if (spawnSync(process.execPath, ['--test', 'eslint/__tests__/', 'scripts/release/__tests__/'], { stdio: 'inherit' }).status !== 0) process.exit(1);
step('unit and server tests', ['-r', '--workspace-concurrency=1', 'test']);
step('build', ['-r', '--filter', './shell', '--filter', './remotes/*', 'build']);
console.log('\n=== public pages painted ahead ===');
if (spawnSync(process.execPath, ['scripts/prerender-public.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
step('browser tests', ['--filter', '@app/e2e', 'e2e']);
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
