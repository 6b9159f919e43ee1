// Import rules that keep the apps apart: each remote ships alone, so nothing may reach into
// another app's files; features are composed by pages, never by each other; the server takes
// from the shared package only modules that run without a browser.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Which app a file belongs to: 'shell', 'remotes/crm', 'packages/shared', 'server', 'e2e' … */
function appOf(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  if (parts[0] === 'remotes' || parts[0] === 'packages') return parts.slice(0, 2).join('/');
  return parts[0];
}

/** The feature folder a file sits in (`<app>/src/features/<name>`), or null. */
function featureOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  const index = rel.indexOf('features');
  return index > 0 && rel[index - 1] === 'src' && rel.length > index + 1 ? rel.slice(0, index + 2).join('/') : null;
}

/** Subpaths of @app/shared without React, styled-components or browser state: what the server may use. */
export const SERVER_SAFE_SHARED = ['contracts', 'crm', 'quotations', 'federation/remote-names'];
/** Build helpers of @app/shared that are plain Node (the release library and what it reads): the server's Releases API uses them. */
const SERVER_SAFE_BUILD = ['build/release-control', 'build/remote-contract', 'build/shared-singletons'];

/** Files and folders of packages/shared that the server imports, and so must stay free of UI code. */
const PURE_SHARED_DIRS = SERVER_SAFE_SHARED.map((dir) => `packages/shared/src/${dir}`);
const UI_MODULES = /^(react|react-dom|react-router|react-router-dom|styled-components|@tanstack\/|@reach\/|downshift)/;

function check(context, node, source) {
  if (typeof source !== 'string') return;
  const file = context.filename;
  const app = appOf(file);
  const report = (message) => context.report({ node, message });

  if (source.startsWith('@app/')) {
    const [, pkg, ...rest] = source.split('/');
    if (pkg !== 'shared') return report(`'${source}': apps import each other only through @app/shared.`);
    const subpath = rest.join('/');
    const safe = SERVER_SAFE_SHARED.some((dir) => subpath === dir || subpath.startsWith(`${dir}/`)) || SERVER_SAFE_BUILD.includes(subpath);
    if (app === 'server' && !safe) {
      return report(
        `'${source}': the server imports only React-free parts of @app/shared (${SERVER_SAFE_SHARED.map((dir) => `@app/shared/${dir}`).join(', ')}).`,
      );
    }
    return;
  }

  const relFile = path.relative(ROOT, file).split(path.sep).join('/');
  if (
    PURE_SHARED_DIRS.some((dir) => relFile.startsWith(dir)) &&
    (UI_MODULES.test(source) || /\/(ui|toast|theme|session|query|form|hooks|federation)\//.test(`${source}/`))
  ) {
    return report(`'${source}': this folder is shared with the server and stays free of UI code.`);
  }

  if (!source.startsWith('.')) return;
  const target = path.resolve(path.dirname(file), source);
  const targetApp = appOf(target);
  if (targetApp !== app && !target.startsWith(ROOT + path.sep + 'eslint')) {
    return report(`'${source}' reaches into ${targetApp}: apps import each other only through @app/shared.`);
  }
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to) {
    return report(`'${source}' imports the feature ${to.split('/').pop()}: features do not import each other; compose them in a page.`);
  }
}

export const layeringPlugin = {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return {
          ImportDeclaration: (node) => check(context, node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(context, node, node.source.value),
          ExportAllDeclaration: (node) => check(context, node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(context, node, node.source.value),
        };
      },
    },
  },
};
