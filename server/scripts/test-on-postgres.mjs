#!/usr/bin/env node
// The server suite runs on embedded PGlite always; with TEST_DATABASE_URL set (CI starts a
// throwaway PostgreSQL) it runs a second time against that server.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('TEST_DATABASE_URL is not set: server tests ran on PGlite only.');
  process.exit(0);
}
console.log('\nServer tests again, on PostgreSQL');
const result = spawnSync('npx', ['jest'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
process.exit(result.status ?? 1);
