import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { endOfLifeWarning } from '../node-support.mjs';

const day = (iso) => new Date(`${iso}T12:00:00Z`);

test('a Node.js past its end of life gets one line saying so and what to use', () => {
  const warning = endOfLifeWarning('v20.20.2', day('2026-05-01'));
  assert.equal(warning, 'Warning: Node.js v20.20.2 reached its end of life on 2026-04-30 and gets no security fixes; use Node.js 24 LTS (see README).');
  assert.doesNotMatch(warning, /\n/);
  assert.match(endOfLifeWarning('v22.12.0', day('2027-05-01')), /end of life on 2027-04-30/);
  assert.match(endOfLifeWarning('v24.21.0', day('2028-05-01')), /end of life on 2028-04-30/);
  assert.match(endOfLifeWarning('v23.11.0', day('2026-01-01')), /end of life on 2025-06-01/);
});

test('a maintained Node.js gets no warning, up to and including its last day', () => {
  assert.equal(endOfLifeWarning('v20.20.2', day('2026-04-30')), null);
  assert.equal(endOfLifeWarning('v22.12.0', day('2026-11-25')), null);
  assert.equal(endOfLifeWarning('v24.21.0', day('2026-11-25')), null);
});

test('a Node.js older than the table is past its end; one newer than the table is not', () => {
  assert.match(endOfLifeWarning('v18.20.0', day('2026-11-25')), /^Warning: Node.js v18.20.0 reached its end of life and gets no security fixes/);
  assert.equal(endOfLifeWarning('v30.0.0', day('2026-11-25')), null);
});

test('npm start prints the warning before anything else on the Node.js it runs on', () => {
  // A pnpm that knows its version and fails everything else: start stops at its first step.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-pnpm-'));
  fs.writeFileSync(path.join(bin, 'pnpm'), '#!/bin/sh\n[ "$1" = --version ] && echo 12.21.0 && exit 0\nexit 3\n', { mode: 0o755 });
  const start = fileURLToPath(new URL('../start.mjs', import.meta.url));
  const run = spawnSync(process.execPath, [start], { encoding: 'utf8', env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` } });
  fs.rmSync(bin, { recursive: true, force: true });
  assert.equal(run.status, 3);
  const expected = endOfLifeWarning(process.version, new Date());
  if (expected) assert.equal(run.stderr.split('\n')[0], expected);
  else assert.doesNotMatch(run.stderr, /end of life/);
});
