#!/usr/bin/env node
// The server suite, on the embedded PostgreSQL its global setup starts (or on TEST_DATABASE_URL's
// server, when set). Arguments go to jest (e.g. a test file's path).
import { spawnSync } from 'node:child_process';

process.exit(spawnSync('npx', ['jest', ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1);
