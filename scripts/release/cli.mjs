#!/usr/bin/env node
// pnpm release | promote | rollback | releases: ship one remote to the CDN folder and choose which version is live.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pnpm } from '../pnpm.mjs';
import { MANIFEST_FILE } from './cdn-manifest.mjs';
import { assertUnpublished, listReleases, promote, publish, remoteDir, rollback } from './publish.mjs';
import { assertRemote, assertVersion, cdnDir, ReleaseError, REPO_ROOT } from './remotes.mjs';

const USAGE = `Usage:
  pnpm release <remote> [--version <version>] [--skip-checks] [--dist <folder>]
  pnpm promote <remote> <version>
  pnpm rollback <remote>
  pnpm releases <remote>
The CDN folder is CDN_DIR (default <repo>/cdn).`;

function git(...args) {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
}

function step(title, args) {
  console.log(`\n=== ${title} ===`);
  if (pnpm(args, { cwd: REPO_ROOT }) !== 0) throw new ReleaseError(`${title} failed; nothing was published.`);
}

async function release(remote, options) {
  assertRemote(remote);
  const cdn = cdnDir();
  const commit = git('rev-parse', '--short', 'HEAD');
  const pkg = JSON.parse(fs.readFileSync(path.join(remoteDir(remote), 'package.json'), 'utf8'));
  const version = options.version ?? `${pkg.version}-${commit}`;
  assertVersion(version);
  // Before minutes of checks and build: a version that exists is refused at once.
  assertUnpublished(cdn, remote, version);
  if (git('status', '--porcelain', '--', `remotes/${remote}`, 'packages/shared')) {
    console.warn(`Note: remotes/${remote} or packages/shared has uncommitted changes; the release records commit ${commit} all the same.`);
  }
  if (!options['skip-checks']) {
    step(`typecheck ${remote}`, ['--filter', pkg.name, 'typecheck']);
    step(`lint ${remote}`, ['exec', 'eslint', `remotes/${remote}`]);
    step(`test ${remote}`, ['--filter', pkg.name, 'test']);
  }
  const dist = options.dist ? path.resolve(options.dist) : path.join(remoteDir(remote), 'dist');
  if (!options.dist) step(`build ${remote}`, ['--filter', pkg.name, 'build']);
  const record = publish({ cdn, remote, version, dist, commit });
  console.log(`\nPublished ${remote} ${version} to ${path.join(cdn, remote, version)} (exposes ${record.exposes.join(', ')}).`);
  console.log(`Make it live with: pnpm promote ${remote} ${version}`);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { version: { type: 'string' }, 'skip-checks': { type: 'boolean' }, dist: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, remote, version] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const cdn = cdnDir();
  switch (command) {
    case 'release':
      return release(remote, values);
    case 'promote': {
      assertRemote(remote);
      if (!version) throw new ReleaseError(`Which version of ${remote}? \`pnpm releases ${remote}\` lists them.`);
      const changed = await promote(cdn, remote, version);
      console.log(
        changed ? `${remote} ${version} is live (${path.join(cdn, MANIFEST_FILE)}); the next page load uses it.` : `${remote} ${version} was already live.`,
      );
      return;
    }
    case 'rollback': {
      const restored = await rollback(cdn, remote);
      console.log(`${remote} is back on ${restored}; the next page load uses it.`);
      return;
    }
    case 'releases': {
      const releases = listReleases(cdn, remote);
      if (releases.length === 0) console.log(`No release of ${remote} in ${cdn} yet: \`pnpm release ${remote}\` makes one.`);
      for (const r of releases) console.log(`${r.live ? '* live' : '      '}  ${r.version.padEnd(24)} ${r.publishedAt}  commit ${r.commit}`);
      return;
    }
    default:
      throw new ReleaseError(`Unknown command "${command}".\n${USAGE}`);
  }
}

main().catch((error) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exit(1);
});
