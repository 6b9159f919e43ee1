#!/usr/bin/env node
// pnpm release | promote | rollback | releases: ship one remote to the CDN folder or the bucket, and choose
// which version is live in the release manifest of the server's database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pnpm } from '../pnpm.mjs';
import { manifestIn } from './cdn-manifest.mjs';
import { openDatabase } from './database.mjs';
import { listReleases, promote, publish, remoteDir, remoteState, rollback } from './publish.mjs';
import { failureCounts } from './failure-counts.mjs';
import { assertRemote, assertVersion, BUILTIN, cdnDir, ReleaseError, releaseFiles, REPO_ROOT } from './remotes.mjs';

const USAGE = `Usage:
  pnpm release <remote> [--version <version>] [--skip-checks] [--dist <folder>]
  pnpm promote <remote> <version|builtin> [--percent <1-99>] [--tenants <id,...>]
  pnpm rollback <remote>
  pnpm releases <remote>
--percent and --tenants make the version a canary beside the live one; promoting it without them
completes it, and rollback ends it. Versions are published to the bucket CDN_S3_BUCKET (with
CDN_S3_ENDPOINT, CDN_S3_REGION and the AWS_* credentials) or else to the CDN folder CDN_DIR
(default <repo>/cdn); promote, rollback and releases change and read the release manifest in the
server's database, DATABASE_URL.`;

function git(...args) {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
}

function step(title, args) {
  console.log(`\n=== ${title} ===`);
  if (pnpm(args, { cwd: REPO_ROOT }) !== 0) throw new ReleaseError(`${title} failed; nothing was published.`);
}

async function release(remote, options) {
  assertRemote(remote);
  const files = releaseFiles();
  const commit = git('rev-parse', '--short', 'HEAD');
  const pkg = JSON.parse(fs.readFileSync(path.join(remoteDir(remote), 'package.json'), 'utf8'));
  const version = options.version ?? `${pkg.version}-${commit}`;
  assertVersion(version);
  // Before minutes of checks and build: a version that exists is refused at once.
  await files.assertUnpublished(remote, version);
  if (git('status', '--porcelain', '--', `remotes/${remote}`, 'packages/shared')) {
    console.warn(`Note: remotes/${remote} or packages/shared has uncommitted changes; the release records commit ${commit} all the same.`);
  }
  if (!options['skip-checks']) {
    step(`typecheck ${remote}`, ['--filter', pkg.name, 'typecheck']);
    step(`lint ${remote}`, ['exec', 'eslint', `remotes/${remote}`]);
    step(`test ${remote}`, ['--filter', pkg.name, 'test']);
  }
  // remotes/<remote>/dist is the built-in version the server carries (`builtin`, what a rollback
  // comes back to): a release is built beside it, in a folder of its own, never over it.
  const scratch = options.dist ? null : fs.mkdtempSync(path.join(os.tmpdir(), `orbitra-release-${remote}-`));
  let record;
  try {
    const dist = scratch ?? path.resolve(options.dist);
    if (scratch) step(`build ${remote}`, ['--filter', pkg.name, 'build', '--outDir', scratch, '--emptyOutDir']);
    record = await publish({ files, remote, version, dist, commit });
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`\nPublished ${remote} ${version} to ${files.location(remote, version)} (exposes ${record.exposes.join(', ')}).`);
  console.log(`Make it live with: pnpm promote ${remote} ${version}`);
}

/**
 * --percent and --tenants as the library takes them; a share that is no whole number is refused there.
 * One left out stays undefined, so changing a running canary's share keeps its tenants (and the reverse);
 * `--tenants ''` takes its tenants off.
 */
function canaryOptions(values) {
  if (values.percent === undefined && values.tenants === undefined) return undefined;
  const percent = values.percent === undefined ? undefined : /^\d+$/.test(values.percent) ? Number(values.percent) : values.percent;
  const tenants =
    values.tenants === undefined
      ? undefined
      : values.tenants
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean);
  return { percent, tenants };
}

function describeCanary({ percent, tenants }) {
  return [percent ? `${percent}% of users` : null, tenants.length ? `every user of tenant${tenants.length > 1 ? 's' : ''} ${tenants.join(', ')}` : null]
    .filter(Boolean)
    .join(' and ');
}

async function printReleases(stores, db, remote) {
  const releases = await listReleases(stores, remote);
  const counts = await failureCounts(db, remote);
  for (const r of releases) {
    const mark = r.live ? '* live  ' : r.canary ? '~ canary' : '        ';
    const published = r.version === BUILTIN ? `served from /remotes/${remote}/`.padEnd(24) : `${r.publishedAt}  commit ${r.commit}`;
    const failures = counts?.[r.version] ? `  ${counts[r.version]} browser${counts[r.version] === 1 ? '' : 's'} reported a failure in 24 h` : '';
    const share = r.canary ? `  (${describeCanary(r.canary)})` : '';
    console.log(`${mark}  ${r.version.padEnd(24)} ${published}${share}${failures}`);
  }
  if (releases.length === 1) console.log(`No published release of ${remote} in ${stores.files.where} yet: \`pnpm release ${remote}\` makes one.`);
}

/** The commands that read or change the manifest: with the database open, closed whatever happens. */
async function withStores(work) {
  const db = await openDatabase();
  try {
    return await work({ manifest: manifestIn(db, cdnDir()), files: releaseFiles() }, db);
  } finally {
    await db.close();
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      'skip-checks': { type: 'boolean' },
      dist: { type: 'string' },
      percent: { type: 'string' },
      tenants: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, remote, version] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'release':
      return release(remote, values);
    case 'promote': {
      assertRemote(remote);
      if (!version) throw new ReleaseError(`Which version of ${remote}? \`pnpm releases ${remote}\` lists them.`);
      const canary = canaryOptions(values);
      return withStores(async (stores) => {
        const changed = await promote(stores, remote, version, canary);
        const running = (await remoteState(stores.manifest, remote)).canary;
        if (!changed) console.log(`${remote} ${version} was already ${running?.version === version ? 'the canary, for the same users' : 'live'}.`);
        else if (running?.version === version)
          console.log(`${remote} ${version} is the canary for ${describeCanary(running)}; the others keep the live version.`);
        else console.log(`${remote} ${version} is live for everyone; the next page load uses it, on every server instance.`);
      });
    }
    case 'rollback':
      assertRemote(remote);
      return withStores(async (stores) => {
        const { ended, restored } = await rollback(stores, remote);
        if (ended) console.log(`The canary ${remote} ${ended} is ended; everyone gets the live version on the next page load.`);
        else console.log(`${remote} is back on ${restored}; the next page load uses it.`);
      });
    case 'releases':
      assertRemote(remote);
      return withStores((stores, db) => printReleases(stores, db, remote));
    default:
      throw new ReleaseError(`Unknown command "${command}".\n${USAGE}`);
  }
}

main().catch((error) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exit(1);
});
