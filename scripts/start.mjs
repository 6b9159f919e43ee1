#!/usr/bin/env node
// One command: install, build every app, then start the server (which migrates and seeds).
import { spawnSync } from 'node:child_process';
import { endOfLifeWarning } from './node-support.mjs';
import { pnpmOrExit } from './pnpm.mjs';

const outdated = endOfLifeWarning();
if (outdated) console.warn(outdated);

pnpmOrExit(['install', '--frozen-lockfile=false', '--reporter=append-only']);
pnpmOrExit(['-r', '--filter', './shell', '--filter', './remotes/*', 'build']);
// The public pages' first paint comes with their HTML; without it they still work, painted by the app.
if (spawnSync(process.execPath, ['scripts/prerender-public.mjs'], { stdio: 'inherit' }).status !== 0) console.warn('The public pages were not painted ahead.');
pnpmOrExit(['--filter', '@app/server', 'start']);
