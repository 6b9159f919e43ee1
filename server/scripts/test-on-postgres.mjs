#!/usr/bin/env node
// The server suite: on embedded PGlite, then, with TEST_DATABASE_URL set (CI starts a throwaway
// PostgreSQL), a second time against that server. SERVER_TESTS=postgres runs the PostgreSQL pass
// alone: CI's second Node.js runs it so, as its browser tests already run the server on PGlite.
// Arguments go to jest (e.g. a test file's path).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
// SERVER_TESTS=pglite runs the PGlite pass alone, TEST_DATABASE_URL or not (CI's first run: its
// second run has the PostgreSQL pass).
const url = process.env.SERVER_TESTS === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
const postgresOnly = process.env.SERVER_TESTS === 'postgres';
if (postgresOnly && !url) {
  console.error('SERVER_TESTS=postgres needs TEST_DATABASE_URL, the PostgreSQL server to run the tests on.');
  process.exit(1);
}
const jest = (env) => spawnSync('npx', ['jest', ...args], { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!postgresOnly) {
  const status = jest({});
  if (status !== 0) process.exit(status);
  if (!url) {
    console.log(
      process.env.SERVER_TESTS === 'pglite'
        ? 'SERVER_TESTS=pglite: server tests ran on PGlite only.'
        : 'TEST_DATABASE_URL is not set: server tests ran on PGlite only.',
    );
    process.exit(0);
  }
  console.log('\nServer tests again, on PostgreSQL');
} else {
  console.log('Server tests on PostgreSQL only (SERVER_TESTS=postgres)');
}
process.exit(jest({ DATABASE_URL: url }));
