import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';

/**
 * Every federated app shares these as singletons: two copies of React, the router,
 * the query client, styled-components or @app/shared would split their contexts
 * (one session, one toast stack, one theme).
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^18.3.1' },
  'react-dom': { singleton: true, requiredVersion: '^18.3.1' },
  'react-router': { singleton: true, requiredVersion: '^7.0.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  'styled-components': { singleton: true, requiredVersion: '^6.0.0' },
  '@app/shared': { singleton: true, requiredVersion: '^1.0.0' },
};

/**
 * Vite config of a remote: position-independent output, so one dist deploys under any path.
 * @param {'marketing' | 'crm' | 'quotations' | 'admin'} name
 * @param {number} port
 * @param {Record<string, string>} exposes
 * @returns {import('vite').UserConfig}
 */
export function remoteViteConfig(name, port, exposes) {
  return {
    base: './',
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared: sharedSingletons,
        dts: false,
      }),
    ],
    // Standalone dev talks to the API server on 8080, as the shell does.
    server: { port, strictPort: true, origin: `http://localhost:${port}`, proxy: { '/api': 'http://localhost:8080' } },
    preview: { port, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: false },
  };
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
      react(),
      federation({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons,
        dts: false,
      }),
    ],
    server: { port, strictPort: true, proxy: apiProxy ? { '/api': apiProxy } : undefined },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: false },
  };
}
