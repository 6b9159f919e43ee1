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
 * The production build of react-router. Its package exports only the development build, for every condition (an
 * upstream choice said to be temporary, remix-run/react-router#12437 and #14102); the production build differs from it
 * in one constant and sits beside it in the published package. Found from the package's exported package.json, and
 * checked, so a release that moves it fails the build here with this message rather than shipping the development
 * build's warnings.
 */
function reactRouterProductionBuild() {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');
  if (!fs.existsSync(file)) throw new Error(`react-router's production build is not at ${file}: see packages/shared/build/federation.mjs`);
  return file;
}

/**
 * The shell's `react-router` (the share every app gets it from, through the import map) is build/react-router.mjs: the
 * names the apps use, from the production build, so the shared singleton is small and built for production. Every
 * import of `react-router` in the shell, its share entry's included, lands on that one module. Remotes keep
 * `react-router` a bare import the shell's import map resolves, so they need nothing of this.
 * @returns {import('vite').Plugin}
 */
function productionReactRouter() {
  const production = reactRouterProductionBuild();
  const facade = path.join(import.meta.dirname, 'react-router.mjs');
  return {
    name: 'app-production-react-router',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'app-react-router-production') return production;
      if (source === 'react-router') return facade;
      return null;
    },
  };
}

const SHARED_SRC = path.join(import.meta.dirname, '..', 'src');

/** The modules `@app/shared`'s entry re-exports whole (`export * from './x'`): the core every page has through the import map. */
function sharedCoreModules() {
  const index = fs.readFileSync(path.join(SHARED_SRC, 'index.ts'), 'utf8');
  return new Set([...index.matchAll(/^export \* from '(\.[^']+)';$/gm)].map(([, spec]) => path.join(SHARED_SRC, spec)));
}

/**
 * A remote bundles the parts of @app/shared it imports by subpath (forms, staff, ui/...), and those parts import the
 * core (the API client, the session, fields, buttons) by relative paths: left alone, each remote would carry a private
 * copy of the core beside the one every page already has. A relative import of a core module from inside
 * @app/shared becomes an import of `@app/shared` itself, which the import map resolves to the shell's: the entry
 * re-exports each such module whole, so every name the import asks for is there under the same name.
 * @returns {import('vite').Plugin}
 */
export function sharedCoreFromShell() {
  const core = sharedCoreModules();
  const withoutExtension = (file) => file.replace(/\.(ts|tsx)$/, '');
  return {
    name: 'app-shared-core-from-shell',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !importer.startsWith(SHARED_SRC + path.sep)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || !core.has(withoutExtension(resolved.id))) return null;
      return { id: '@app/shared', external: true };
    },
  };
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
 * @param {{ chunkGroups?: object[] }} [options] chunkGroups: rolldown codeSplitting groups of the remote's own modules
 * @returns {import('vite').UserConfigFn}
 */
export function remoteViteConfig(name, port, exposes, { chunkGroups } = {}) {
  // The shell and the server know only the remotes of remotes.json: another name would build a remote nobody loads.
  if (!Object.hasOwn(remotes, name)) throw new Error(`Unknown remote "${name}": add it to packages/shared/src/federation/remotes.json`);
  return ({ command }) => ({
    base: './',
    plugins: [
      sharedCoreFromShell(),
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
 * Vite config of the shell: a host with no build-time remotes; it imports their pages at run time
 * from the versions the remotes manifest names, so a new remote version needs no shell rebuild.
 * @param {number} port
 * @param {import('vite').ProxyOptions | undefined} [apiProxy]
 * @returns {import('vite').UserConfig}
 */
export function shellViteConfig(port, apiProxy) {
  return {
    base: '/',
    plugins: [
      productionReactRouter(),
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
      routeTableAsset(),
      precompress(),
      bundleReport('shell'),
    ],
    server: { port, strictPort: true, proxy: apiProxy ? { '/api': apiProxy } : undefined },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: false },
  };
}

/**
 * The shell's route table (shell/src/app/route-table.json) beside its index.html: the server reads it to answer an
 * address no route takes with 404 (and the Not found page), instead of 200.
 * @returns {import('vite').Plugin}
 */
export function routeTableAsset() {
  return {
    name: 'app-route-table',
    apply: 'build',
    generateBundle() {
      const source = fs.readFileSync(new URL('../../../shell/src/app/route-table.json', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'route-table.json', source });
    },
  };
}

/**
 * Every module a page runs before it paints, whatever the page: React, react-dom, the JSX runtime, the router and
 * styled-components.
 */
const FIRST_PAINT_MODULES = new RegExp(
  [String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|styled-components|stylis|@emotion)[\\/]`, String.raw`build[\\/]react-router\.mjs$`].join(
    '|',
  ),
);

/** The core of @app/shared: its entry and everything it imports, so the parts the sign-in screens also import stay with it. */
const SHARED_CORE = /packages[\\/]shared[\\/]src[\\/]index\.ts$/;

/**
 * The shell's chunks for a first load: fewer requests, and no library a public page does not run.
 * - Everything a page runs before painting goes into one `first-paint` chunk, rather than a chunk per module of
 *   each library the import map shares.
 * - react-query in one chunk of its own: only staff screens import it, so a public page never fetches it.
 * - @app/shared's core in one chunk: the API client it shares with the sign-in chunks is not split off.
 * @returns {import('vite').Plugin}
 */
export function firstLoadChunks() {
  return {
    name: 'app-first-load-chunks',
    apply: 'build',
    outputOptions(output) {
      return {
        ...output,
        codeSplitting: {
          ...(typeof output.codeSplitting === 'object' ? output.codeSplitting : {}),
          groups: [
            { name: 'first-paint', test: FIRST_PAINT_MODULES, priority: 3 },
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
