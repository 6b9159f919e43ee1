// What the release commands' tests run against: a migrated database of their own on a PostgreSQL
// server (TEST_DATABASE_URL or DATABASE_URL when set, else an embedded PostgreSQL cluster of this
// test file's own, as the server's tests start one) and an S3-compatible server of their own (s3rver).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { openDatabase } from '../database.mjs';
import { REPO_ROOT } from '../remotes.mjs';

const { Client } = createRequire(path.join(REPO_ROOT, 'server', 'package.json'))('pg');
// The SDK the release library uses, from where it is installed.
const sdk = createRequire(path.join(REPO_ROOT, 'packages', 'shared', 'package.json'))('@aws-sdk/client-s3');

let cluster;
function serverUrl() {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given) return given;
  if (!cluster) {
    const tsx = (...args) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'src/testing/test-cluster-cli.ts', ...args], {
        cwd: path.join(REPO_ROOT, 'server'),
        encoding: 'utf8',
      });
    cluster = JSON.parse(tsx('start').trim().split('\n').at(-1));
    // Stopped and removed when this test file's process ends.
    process.on('exit', () => tsx('stop', cluster.dir));
  }
  return cluster.url;
}

async function admin(url, text) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new database migrated by the server's own migrations (as a server start does), with `db`
 * (openDatabase) open on it. `reset()` empties the manifest and failure reports between tests.
 */
export async function testDatabase() {
  const server = serverUrl();
  const name = `orbitra_release_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await admin(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { openPostgres } from './src/db/client.ts';
       import { runMigrations } from './src/db/migrate.ts';
       const handle = openPostgres(process.env.MIGRATE_URL, undefined, { poolSize: 1 });
       await runMigrations(handle);
       await handle.close();`,
    ],
    { cwd: path.join(REPO_ROOT, 'server'), env: { ...process.env, MIGRATE_URL: url.toString() }, stdio: 'pipe' },
  );
  const db = await openDatabase({ DATABASE_URL: url.toString() });
  return {
    url: url.toString(),
    db,
    reset: () => db.query('delete from release_manifest; delete from release_failures'),
    async dispose() {
      await db.close();
      await admin(server, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** An S3-compatible server on a free port with one empty bucket, and the settings that name it. */
export async function testBucket(bucket = 'orbitra-remotes') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    /** What the commands and the server read: s3rver takes this one key pair. */
    env: { CDN_S3_BUCKET: bucket, CDN_S3_ENDPOINT: endpoint, CDN_S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    /** A file as a browser gets it from the bucket's address. */
    get: (key) => fetch(`${endpoint}/${bucket}/${key}`),
    /** Writes a file straight into the bucket, as something other than the release command would. */
    put: (key, body) =>
      new sdk.S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }).send(
        new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body }),
      ),
    async stop() {
      await s3.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
