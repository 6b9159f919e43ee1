// The one shared-dependency map of every federation config, and the skew check built on it.
// CommonJS so the Vite configs (ESM), the release scripts (ESM) and the jest suites (CJS) all load this same file.
const semver = require('semver');

/**
 * Every federated app shares these as singletons: two copies of React, the router,
 * the query client, styled-components or @app/shared would split their contexts
 * (one session, one toast stack, one theme). @app/shared/forms, @app/shared/staff and
 * @app/shared/tenants hold no state and are not shared: the federation loads every share an app
 * uses when it starts, and these would put zod, dialogs, dates and react-query on the public pages'
 * first load. Each app bundles the parts it imports, loaded with its screens. The tenant list reads
 * the session and calls the API through its own copy of them in a remote; both keep their state in
 * local storage and window events, and only the shell signs in and out, so every copy agrees.
 */
const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^18.3.1' },
  'react-dom': { singleton: true, requiredVersion: '^18.3.1' },
  'react-router': { singleton: true, requiredVersion: '^7.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  'styled-components': { singleton: true, requiredVersion: '^6.0.0' },
  '@app/shared': { singleton: true, requiredVersion: '^1.0.0' },
};

/**
 * The singletons a remote would bring in outside the shell's ranges. A value is either the exact
 * version a build resolved (it must satisfy the range) or a declared range (it must lie inside it);
 * a singleton with no version at all is a mismatch too, since the remote would bundle its own.
 * @param {Record<string, string | undefined>} versions
 * @returns {{ name: string, version: string | null, required: string }[]}
 */
function singletonMismatches(versions) {
  const mismatches = [];
  for (const [name, { requiredVersion }] of Object.entries(sharedSingletons)) {
    const version = versions[name];
    const fits =
      typeof version === 'string' &&
      (semver.valid(version) ? semver.satisfies(version, requiredVersion) : semver.validRange(version) !== null && semver.subset(version, requiredVersion));
    if (!fits) mismatches.push({ name, version: typeof version === 'string' ? version : null, required: requiredVersion });
  }
  return mismatches;
}

/** One line per mismatch, naming the dependency, what the remote has and what the shell accepts. */
function describeMismatches(mismatches) {
  return mismatches.map(({ name, version, required }) => `${name} ${version ?? '(none recorded)'} is outside the shell's range ${required}`);
}

module.exports = { sharedSingletons, singletonMismatches, describeMismatches };
