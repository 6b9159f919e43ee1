import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import remotes from '../src/federation/remotes.json' with { type: 'json' };
import singletons from './shared-singletons.cjs';

/** The shared-singleton map lives in shared-singletons.cjs, beside the skew check that reads it. */
export const { sharedSingletons } = singletons;

/**
 * react-router's package points every import at its development build; its production build sits
 * beside it. The federation's copy of `react-router` (the one module every app gets it from) is
 * build/react-router.mjs instead: the names the apps use, from the production build, so the shared
 * singleton is small and built for production. The apps' own imports stay `react-router`, so they
 * still go through the share.
 * @returns {import('vite').Plugin}
 */
export function productionReactRouter({ everyImporter = false } = {}) {
  const require = createRequire(import.meta.url);
  const development = require.resolve('react-router');
  const production = path.join(development.slice(0, development.lastIndexOf(`${path.sep}development${path.sep}`)), 'production', 'index.mjs');
  const facade = path.join(import.meta.dirname, 'react-router.mjs');
  return {
    name: 'app-production-react-router',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'app-react-router-production') return production;
      // With the host providing every share (hostProvidesAllShared) there is no __prebuild__ module: the host's share
      // entry resolves `react-router` with no importer, and the host's own imports must land on that same module.
      if (source === 'react-router' && (everyImporter || (importer && /__prebuild__/.test(importer)))) return facade;
      return null;
    },
  };
}

/**
 * A built remote always runs inside the shell, which provides every singleton before any remote loads.
 * @app/shared, a workspace package, would otherwise be bundled into the remote's start (not fetched on
 * demand like the other singletons' fallbacks), so every built remote takes it from the shell only.
 * `everything` does the same for every singleton: the remote carries no fallback copies at all and its
 * start is lighter (the public remote). The staff remotes keep the fallbacks: built this way, the crm
 * remote's page chunk came out 50 KiB heavier, carrying a copy of React of its own.
 * @param {Record<string, object>} shared
 * @param {{ everything?: boolean }} [options]
 */
export function consumedFromShell(shared, { everything = false } = {}) {
  if (everything) {
    // The JSX runtime is React's: taken from the shell too, or the remote bundles it with a second copy of React core behind it.
    const withJsxRuntime = { ...shared, 'react/jsx-runtime': shared.react };
    return Object.fromEntries(Object.entries(withJsxRuntime).map(([name, config]) => [name, { ...config, import: false }]));
  }
  return { ...shared, '@app/shared': { ...shared['@app/shared'], import: false } };
}

/**
 * The shares of the import-map build: every singleton's key, and the JSX runtime that every compiled component imports
 * (only exact keys become bare imports in a remote; a subpath left out would be bundled with a private React). Keys
 * only: with one copy of each there is nothing to negotiate, and the plugin warns about the ranges it would ignore
 * (shared-singletons.cjs keeps them for the release-time skew check).
 * @param {Record<string, object>} shared
 */
export function importMapShares(shared) {
  return Object.fromEntries([...Object.keys(shared), 'react/jsx-runtime'].map((key) => [key, {}]));
}

/**
 * Vite config of a remote: position-independent output, so one dist deploys under any path.
 * @param {import('../src/federation/remote-names').RemoteName} name one of src/federation/remotes.json
 * @param {number} port
 * @param {Record<string, string>} exposes
 * @param {{ consumesOnly?: boolean, chunkGroups?: object[] }} [options] consumesOnly: the built remote takes every singleton from the shell
 *   (consumedFromShell); chunkGroups: rolldown codeSplitting groups of the remote's own modules (the federation's groups stay above them)
 * @returns {import('vite').UserConfigFn}
 */
export function remoteViteConfig(name, port, exposes, { consumesOnly = false, chunkGroups } = {}) {
  // The shell and the server know only the remotes of remotes.json: another name would build a remote nobody loads.
  if (!Object.hasOwn(remotes, name)) throw new Error(`Unknown remote "${name}": add it to packages/shared/src/federation/remotes.json`);
  return ({ command }) => ({
    base: './',
    plugins: [
      productionReactRouter(),
      react(),
      federation({
        name,
        manifest: true,
        exposes,
        // Standalone dev has no shell: it keeps the federation runtime and its own copies of the shares.
        ...(command === 'build'
          ? { shared: importMapShares(sharedSingletons) }
          : { filename: 'remoteEntry.js', shared: sharedSingletons, shareStrategy: 'loaded-first' }),
        dts: false,
        // Built remotes are plain ES modules: every share is a bare import the shell's import map resolves.
        experiments: command === 'build' ? { hostProvidesAllShared: true } : undefined,
      }),
      consumesOnly ? consumedLazily() : null,
      precompress(),
      bundleReport(name),
    ],
    // Standalone dev talks to the API server on 8080, as the shell does.
    server: { port, strictPort: true, origin: `http://localhost:${port}`, proxy: { '/api': 'http://localhost:8080' } },
    preview: { port, strictPort: true },
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: chunkGroups ? { output: { codeSplitting: { groups: chunkGroups } } } : undefined,
    },
  });
}

/**
 * Vite config of the shell: a host with no build-time remotes; it registers them at run time
 * from the remotes manifest, so a new remote version needs no shell rebuild.
 * @param {number} port
 * @param {import('vite').ProxyOptions | undefined} [apiProxy]
 * @returns {import('vite').UserConfig}
 */
export function shellViteConfig(port, apiProxy) {
  return {
    base: '/',
    plugins: [
      productionReactRouter({ everyImporter: true }),
      react(),
      federation({
        name: 'shell',
        remotes: {},
        shared: importMapShares(sharedSingletons),
        dts: false,
        // No federation runtime: the shell's index.html maps every share to its chunk, and the shell imports each
        // remote page's entry by URL (remote-loader.ts), the version chosen from the release manifest.
        experiments: { hostProvidesAllShared: true },
      }),
      firstLoadChunks(),
      precompress(),
      bundleReport('shell'),
    ],
    server: { port, strictPort: true, proxy: apiProxy ? { '/api': apiProxy } : undefined },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: false },
  };
}

/** The priority the federation plugin gives its own chunk groups (the preload helper's is one above). */
const FEDERATION_GROUP_PRIORITY = 1e6;

/**
 * Every module a page runs before it paints, whatever the page: React, react-dom, the JSX runtime, the router,
 * styled-components, and the federation's wrappers of them and of @app/shared (loadShare, prebuild, their helpers).
 */
const FIRST_PAINT_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|styled-components|stylis|@emotion)[\\/]`,
    String.raw`build[\\/]react-router\.mjs$`,
    String.raw`__(loadShare|prebuild)__(react|react_mf_1_jsx_mf_2_runtime|react_mf_2_dom|react_mf_2_dom_mf_1_client|react_mf_2_router|styled_mf_2_components)__`,
    String.raw`__loadShare___mf_0_app_mf_1_shared__loadShare__`,
    String.raw`__mf_v__loadShareHelpers__`,
  ].join('|'),
);

/** Shared libraries no public page runs: offered, but loaded by the first screen that imports them. */
const LAZY_SHARES = ['@tanstack/react-query'];

/**
 * Rewrites the shell's shared map (the federation's localSharedImportMap module) so that `lazyShares`
 * are offered but not loaded when the shell starts: each share's entry has a materialize flag.
 * @param {import('rollup').TransformPluginContext} context
 * @param {string} code
 * @param {string} id
 * @param {string[]} lazyShares
 */
function notLoadedAtStart(context, code, id, lazyShares) {
  if (!id.includes('localSharedImportMap')) return null;
  let out = code;
  for (const key of lazyShares) {
    const escaped = JSON.stringify(key).replace(/[/.]/g, '\\$&');
    const entry = new RegExp(`(${escaped}:\\s*\\{[^}]*?materialize:\\s*)true`);
    if (!entry.test(out)) context.error(`${key}: no materialize flag in the federation's shared map (${id}); the plugin changed how it writes it`);
    out = out.replace(entry, '$1false');
  }
  return { code: out, map: null };
}

/** How the federation's shared map of a consume-only remote tells a share left to its first import. */
const LAZY_SHARE_TEST = /const __mfIsLazyShare = \(name\) =>/;

/**
 * A remote that takes every singleton from the shell loads, when it starts, every share it declares
 * that the plugin does not find reached by dynamic imports alone, whether the remote imports it or
 * not: the public remote, which imports no react-query, fetched it on every page. `lazyShares` are
 * left to the first screen that imports them, as the shell does (firstLoadChunks).
 * @param {string[]} [lazyShares]
 * @returns {import('vite').Plugin}
 */
export function consumedLazily(lazyShares = LAZY_SHARES) {
  return {
    name: 'app-consumed-lazily',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('localSharedImportMap')) return null;
      if (!LAZY_SHARE_TEST.test(code)) this.error(`no lazy-share test in the federation's shared map (${id}); the plugin changed how it writes it`);
      return { code: code.replace(LAZY_SHARE_TEST, `$& ${JSON.stringify(lazyShares)}.includes(name) ||`), map: null };
    },
  };
}

/** The core of @app/shared: its entry and everything it imports, so the parts the sign-in screens also import stay with it. */
const SHARED_CORE = /packages[\\/]shared[\\/]src[\\/]index\.ts$/;

/**
 * The shell's chunks for a first load: fewer requests, and no library a public page does not run.
 * - The federation plugin gives each shared library's wrapper a chunk of its own, and a wrapper takes along whatever
 *   it imports that no wrapper claimed first: React core landed in react-query's chunk, so every page fetched
 *   react-query. Everything a page runs before painting goes into one `first-paint` chunk instead (a group above
 *   the federation's); the preload helper keeps a chunk of its own, above that, as the federation's start imports it.
 * - @app/shared's core in one chunk: the API client it shares with the sign-in chunks is not split off.
 * - `lazyShares` (react-query) are offered to the remotes but not loaded when the shell starts: the plugin loads at
 *   start every shared library the shell imports anywhere, though only screens behind a QueryScope use this one.
 *   The first import of its wrapper loads and registers it, before any staff remote asks for it (QueryScope wraps them).
 * @param {string[]} [lazyShares]
 * @returns {import('vite').Plugin}
 */
export function firstLoadChunks(lazyShares = LAZY_SHARES) {
  return {
    name: 'app-first-load-chunks',
    apply: 'build',
    transform(code, id) {
      return notLoadedAtStart(this, code, id, lazyShares);
    },
    outputOptions(output) {
      // In the import-map build the plugin sets no groups of its own: ours are the only ones.
      const groups = output.codeSplitting?.groups ?? [];
      if (!Array.isArray(groups)) return null;
      const federationGroups = groups.map((group) => (group.name === 'vite-preload-helper' ? { ...group, priority: FEDERATION_GROUP_PRIORITY + 20 } : group));
      return {
        ...output,
        codeSplitting: {
          ...output.codeSplitting,
          groups: [
            { name: 'first-paint', test: FIRST_PAINT_MODULES, priority: FEDERATION_GROUP_PRIORITY + 10 },
            ...federationGroups,
            // react-query's modules in one chunk rather than one per module (the import-map build splits it up).
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 2 },
            { name: 'app-shared', test: SHARED_CORE, priority: 1 },
          ],
        },
      };
    },
  };
}

/**
 * Writes .br and .gz beside every text asset once the build is done, so the server sends
 * compressed files without compressing on each request.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'app-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // A build that failed before writing runs this hook too: its own error is the one to report.
        if (!fs.existsSync(outDir)) return;
        const files = fs.readdirSync(outDir, { recursive: true }).map((f) => path.join(outDir, String(f)));
        for (const file of files) {
          if (!/\.(js|mjs|css|html|json|svg|txt)$/.test(file) || !fs.statSync(file).isFile()) continue;
          const content = fs.readFileSync(file);
          if (content.length < 1024) continue;
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

/**
 * With BUNDLE_REPORT set, a build also writes what every chunk holds and why, to reports/bundle/<app>.html
 * (and .json with BUNDLE_REPORT=json) at the repository root: beside the build output, never in it, so it is never served.
 * @param {string} app
 * @returns {import('vite').PluginOption}
 */
export function bundleReport(app) {
  const format = process.env.BUNDLE_REPORT;
  if (!format) return null;
  const json = format === 'json';
  return visualizer({
    filename: path.resolve(import.meta.dirname, '../../../reports/bundle', `${app}.${json ? 'json' : 'html'}`),
    template: json ? 'raw-data' : 'treemap',
    gzipSize: true,
    emitFile: false,
  });
}
