#!/usr/bin/env node
// The system programs the tests need (the server tests and the browser tests). Missing ones are
// installed with apt when this runs as root on a Debian-like machine; otherwise the run stops at
// once with the command to run.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** A program of Debian's PostgreSQL, in any of its versions' folders. */
const debianPostgres = (tool) =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((major) => existsSync(`/usr/lib/postgresql/${major}/bin/${tool}`));

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Debian package → how to tell it is there. */
const NEEDED = [
  { pkg: 'chromium', present: () => existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium') },
  // pdftotext reads the quotation PDFs: their text layer in the server tests, the downloads in the browser tests.
  { pkg: 'poppler-utils', present: () => has('pdftotext') },
  // The server runs on the embedded PostgreSQL from npm; Debian's PostgreSQL brings what that lacks:
  // pg_dump (the backup test of a server with pg_dump beside it) and pg_basebackup (a streaming replica).
  { pkg: 'postgresql', present: () => debianPostgres('pg_dump') && debianPostgres('pg_basebackup') },
  // Dovecot is the IMAP server the mail tests fetch from (server/src/testing/dovecot.ts).
  { pkg: 'dovecot-imapd', present: () => existsSync('/usr/sbin/dovecot') || has('dovecot') },
];

export function ensureSystemDeps() {
  const missing = NEEDED.filter((dep) => !dep.present()).map((dep) => dep.pkg);
  if (missing.length === 0) return;
  const command = `apt-get install -y ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !has('apt-get')) {
    console.error(`\nThe tests need ${missing.join(' and ')}. Install them, then run npm test again:\n\n  sudo apt-get update && sudo ${command}\n`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} (needed by the tests)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) {
      console.error(`\napt-get ${args.join(' ')} failed. Install them by hand, then run npm test again:\n\n  ${command}\n`);
      process.exit(1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDeps();
