#!/usr/bin/env node
// One command: install, build every app, then start the server (which migrates and seeds).
import { pnpmOrExit } from './pnpm.mjs';

pnpmOrExit(['install', '--frozen-lockfile=false', '--reporter=append-only']);
pnpmOrExit(['-r', '--filter', './shell', '--filter', './remotes/*', 'build']);
pnpmOrExit(['--filter', '@app/server', 'start']);
