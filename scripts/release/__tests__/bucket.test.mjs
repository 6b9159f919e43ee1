import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { resolvedSharedVersions } from '../publish.mjs';
import { testBucket, testDatabase } from './services.mjs';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));
const IMMUTABLE = 'public, max-age=31536000, immutable';

let database;
let bucket;
let tmp;
before(async () => {
  [database, bucket] = await Promise.all([testDatabase(), testBucket()]);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-bucket-'));
});
after(async () => {
  await Promise.all([database?.dispose(), bucket?.stop()]);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A build of marketing as vite leaves it: entries, a manifest, hashed assets, a .vite/ folder and a precompressed copy. */
function build(name, { text = 'export {}' } = {}) {
  const dist = path.join(tmp, name);
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'home.js'), text);
  fs.writeFileSync(path.join(dist, 'assets', 'home-abc.js'), 'export default 1');
  fs.writeFileSync(path.join(dist, 'assets', 'home-abc.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(dist, 'assets', 'style-abc.css'), 'h1{color:red}');
  fs.writeFileSync(path.join(dist, 'assets', 'logo.svg'), '<svg/>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ exposes: [{ name: 'home', path: './home' }] }));
  return dist;
}

/**
 * `pnpm <command> …` with the bucket's settings and, unless told otherwise, the database's. Not
 * spawnSync: the S3 server answers from this process, which must keep running meanwhile.
 */
function run(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...bucket.env, DATABASE_URL: database.url, CDN_DIR: path.join(tmp, 'no-cdn'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status, output }));
  });
}

test('pnpm release uploads the build to <remote>/<version>/, each file immutable with its content type, the release record last', async () => {
  const released = await run(['release', 'marketing', '--version', '1.0.0', '--skip-checks', '--dist', build('one')]);
  assert.equal(released.status, 0, released.output);
  assert.match(released.output, /Published marketing 1\.0\.0 to s3:\/\/orbitra-remotes\/marketing\/1\.0\.0\/ \(exposes home\)/);
  const expected = {
    'home.js': 'text/javascript; charset=utf-8',
    'mf-manifest.json': 'application/json; charset=utf-8',
    'assets/home-abc.js': 'text/javascript; charset=utf-8',
    'assets/style-abc.css': 'text/css; charset=utf-8',
    'assets/logo.svg': 'image/svg+xml',
    'release.json': 'application/json; charset=utf-8',
  };
  for (const [file, type] of Object.entries(expected)) {
    const answer = await bucket.get(`marketing/1.0.0/${file}`);
    assert.equal(answer.status, 200, file);
    assert.deepEqual([file, answer.headers.get('content-type'), answer.headers.get('cache-control')], [file, type, IMMUTABLE]);
  }
  assert.equal(await (await bucket.get('marketing/1.0.0/home.js')).text(), 'export {}');
  // What only a server that negotiates encodings uses, and the build tool's own folder, stay out.
  for (const file of ['assets/home-abc.js.br', '.vite/manifest.json']) assert.equal((await bucket.get(`marketing/1.0.0/${file}`)).status, 404, file);
  const record = await (await bucket.get('marketing/1.0.0/release.json')).json();
  assert.deepEqual([record.remote, record.version, record.exposes], ['marketing', '1.0.0', ['home']]);
  assert.deepEqual(record.shared, resolvedSharedVersions('marketing'));
  // Nothing went to the CDN folder.
  assert.equal(fs.existsSync(path.join(tmp, 'no-cdn')), false);
});

test('a version in the bucket is never overwritten, nor one half uploaded by a release that failed', async () => {
  const again = await run(['release', 'marketing', '--version', '1.0.0', '--skip-checks', '--dist', build('changed', { text: 'changed' })]);
  assert.notEqual(again.status, 0);
  assert.match(
    again.output,
    /marketing 1\.0\.0 is already published in s3:\/\/orbitra-remotes\/marketing\/1\.0\.0\/; published versions are never overwritten/,
  );
  assert.equal(await (await bucket.get('marketing/1.0.0/home.js')).text(), 'export {}');

  // A release stopped after some files: its version has no record, so it is no release, and stays as it is.
  await bucket.put('marketing/1.1.0-half/home.js', 'half');
  const half = await run(['release', 'marketing', '--version', '1.1.0-half', '--skip-checks', '--dist', build('half')]);
  assert.notEqual(half.status, 0);
  assert.match(half.output, /1\.1\.0-half is already published/);
  assert.equal(await (await bucket.get('marketing/1.1.0-half/home.js')).text(), 'half');
  const promoted = await run(['promote', 'marketing', '1.1.0-half']);
  assert.notEqual(promoted.status, 0);
  assert.match(promoted.output, /No release 1\.1\.0-half of marketing/);
  assert.doesNotMatch((await run(['releases', 'marketing'])).output, /1\.1\.0-half/);
});

test('promote, canary, rollback and releases read the bucket and change the manifest in the database', async () => {
  assert.equal((await run(['release', 'marketing', '--version', '1.2.0', '--skip-checks', '--dist', build('two')])).status, 0);
  assert.match((await run(['releases', 'marketing'])).output, /\* live\s+builtin[\s\S]*\n\s+1\.0\.0\s[\s\S]*\n\s+1\.2\.0\s/);
  assert.match((await run(['promote', 'marketing', '1.0.0'])).output, /marketing 1\.0\.0 is live for everyone/);
  assert.match(
    (await run(['promote', 'marketing', '1.2.0', '--percent', '10', '--tenants', 't-1'])).output,
    /1\.2\.0 is the canary for 10% of users and every user of tenant t-1/,
  );
  const [row] = await database.db.query('select remotes from release_manifest');
  assert.equal(row.remotes.marketing.live, '1.0.0');
  assert.deepEqual(row.remotes.marketing.canary.tenants, ['t-1']);
  assert.match((await run(['releases', 'marketing'])).output, /\* live\s+1\.0\.0[\s\S]*~ canary\s+1\.2\.0 .*\(10% of users and every user of tenant t-1\)/);
  assert.match((await run(['rollback', 'marketing'])).output, /The canary marketing 1\.2\.0 is ended/);
  assert.match((await run(['rollback', 'marketing'])).output, /marketing is back on builtin/);
});

test('a release built against another React is refused at promotion from its record in the bucket', async () => {
  // The record is written from what the build resolved: one of another React is written over it here.
  const released = await run(['release', 'marketing', '--version', '2.0.0-react19', '--skip-checks', '--dist', build('react19')]);
  assert.equal(released.status, 0);
  const record = await (await bucket.get('marketing/2.0.0-react19/release.json')).json();
  record.shared.react = '19.0.0';
  await bucket.put('marketing/2.0.0-react19/release.json', JSON.stringify(record));
  const refused = await run(['promote', 'marketing', '2.0.0-react19']);
  assert.notEqual(refused.status, 0);
  assert.match(refused.output, /Refused: marketing 2\.0\.0-react19[\s\S]*react 19\.0\.0 is outside the shell's range/);
});

test('without DATABASE_URL and without an embedded database the manifest commands say where the manifest is; a bucket out of reach is named, without a stack', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-no-data-'));
  for (const command of [
    ['promote', 'marketing', '1.0.0'],
    ['rollback', 'marketing'],
    ['releases', 'marketing'],
  ]) {
    const answer = await run(command, { DATABASE_URL: '', DATA_DIR: empty });
    assert.notEqual(answer.status, 0);
    assert.match(answer.output, /There is no embedded database in .+ yet: start the server once \(npm start\), or set DATABASE_URL/);
    assert.doesNotMatch(answer.output, /\n\s+at /);
  }
  const wrongKey = await run(['release', 'marketing', '--version', '9.0.0', '--skip-checks', '--dist', build('nine')], {
    AWS_SECRET_ACCESS_KEY: 'wrong',
    AWS_ACCESS_KEY_ID: 'nobody',
  });
  assert.notEqual(wrongKey.status, 0);
  assert.match(wrongKey.output, /The bucket orbitra-remotes could not be listed \(InvalidAccessKeyId/);
  assert.doesNotMatch(wrongKey.output, /\n\s+at /);
  const noBucket = await run(['release', 'marketing', '--version', '9.0.0', '--skip-checks', '--dist', build('nine-b')], { CDN_S3_BUCKET: 'no-such-bucket' });
  assert.match(noBucket.output, /The bucket no-such-bucket could not be listed \(NoSuchBucket/);
});
