// What a remote promises the shell, read from its files: the modules it exposes and the versions
// of the shared singletons it declares and resolves. The contract tests and the release tool read it here.
const fs = require('node:fs');
const path = require('node:path');
const { sharedSingletons } = require('./shared-singletons.cjs');

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

function remoteDir(remote) {
  return path.join(REPO_ROOT, 'remotes', remote);
}

/**
 * The `exposes` map of a remote's vite.config.ts, as absolute file paths by module name
 * ('./home': './src/pages/home-page.tsx' becomes home → <remote>/src/pages/home-page.tsx).
 */
function exposedModules(remote) {
  const config = fs.readFileSync(path.join(remoteDir(remote), 'vite.config.ts'), 'utf8');
  const exposes = {};
  for (const [, name, file] of config.matchAll(/['"]\.\/([\w-]+)['"]\s*:\s*['"](\.\/[^'"]+)['"]/g)) {
    exposes[name] = path.join(remoteDir(remote), file);
  }
  return exposes;
}

function readVersion(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** The ranges the remote's package.json declares; a workspace package counts as its own version. */
function declaredSharedVersions(remote) {
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(remoteDir(remote), 'package.json'), 'utf8'));
  const declared = {};
  for (const name of Object.keys(sharedSingletons)) {
    const range = dependencies[name];
    declared[name] =
      typeof range === 'string' && range.startsWith('workspace:') ? readVersion(path.join(remoteDir(remote), 'node_modules', name, 'package.json')) : range;
  }
  return declared;
}

/** The exact version of each shared singleton the remote's build resolves (its node_modules). */
function resolvedSharedVersions(remote) {
  const resolved = {};
  for (const name of Object.keys(sharedSingletons)) {
    resolved[name] = readVersion(path.join(remoteDir(remote), 'node_modules', ...name.split('/'), 'package.json'));
  }
  return resolved;
}

module.exports = { REPO_ROOT, remoteDir, exposedModules, declaredSharedVersions, resolvedSharedVersions };
