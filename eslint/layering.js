// Import rules that keep the apps apart: each remote ships alone, so nothing may reach into
// another app's files; features are composed by pages, never by each other; the server takes
// from the shared package only modules that run without a browser. On the server, each module
// of server/src/modules is used through its index.ts alone, and modules never import each other
// in a circle: a change to one module's files then stays inside it, and the modules stand in layers.
// The top-level folders of server/src stand in layers too (SERVER_LAYERS): each imports only from
// the layers below it, so the database knows no HTTP and the seed sits above the modules it uses.
import fs from 'node:fs';
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
export const SERVER_SAFE_SHARED = ['contracts', 'crm', 'quotations', 'federation/remote-names', 'files/csv-text', 'format/phone'];
/** Build helpers of @app/shared that are plain Node (the release library and what it reads): the server's Releases API uses them. */
const SERVER_SAFE_BUILD = ['build/release-control', 'build/release-files', 'build/remote-contract', 'build/shared-singletons'];

/** Files and folders of packages/shared that the server imports, and so must stay free of UI code. */
const PURE_SHARED_DIRS = SERVER_SAFE_SHARED.map((dir) => `packages/shared/src/${dir}`);
const UI_MODULES = /^(react|react-dom|react-router|react-router-dom|styled-components|@tanstack\/|@reach\/|downshift)/;

/**
 * Where a path lies among the server's modules (`…/server/src/modules/<name>/<inner>`): the
 * folder of the modules, the module's name and the path inside it ('' for the module itself).
 */
function serverModuleAt(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('modules');
  if (at < 2 || parts[at - 1] !== 'src' || parts[at - 2] !== 'server' || parts.length < at + 2) return null;
  return { dir: parts.slice(0, at + 1).join(path.sep), name: parts[at + 1], inner: parts.slice(at + 2).join('/') };
}

const isPublicFile = (inner) => inner === '' || /^index(\.[cm]?[jt]s)?$/.test(inner);

/** Every path a source file names in an import, export … from, import(), require() or jest.mock(). */
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bjest\.\w+\s*\(\s*|^\s*import\s+)(['"`])([^'"`$\n]+)\1/gm;

/** Per folder of modules: each product file (tests left out) with the other modules it imports. */
const moduleImportsCache = new Map();

function moduleImports(modulesDir) {
  let files = moduleImportsCache.get(modulesDir);
  if (files) return files;
  files = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__' && entry.name !== 'node_modules') walk(full);
      } else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
        const from = serverModuleAt(full).name;
        const to = new Set();
        for (const [, , source] of fs.readFileSync(full, 'utf8').matchAll(SPECIFIERS)) {
          const target = source.startsWith('.') ? serverModuleAt(path.resolve(dir, source)) : null;
          if (target && target.dir === modulesDir && target.name !== from) to.add(target.name);
        }
        files.set(full, { from, to });
      }
    }
  };
  walk(modulesDir);
  moduleImportsCache.set(modulesDir, files);
  return files;
}

/** A chain of module imports from `start` back to `goal`, without the file being linted (its own imports are the node's), or null. */
function moduleChain(modulesDir, start, goal, exceptFile) {
  const edges = new Map();
  for (const [file, { from, to }] of moduleImports(modulesDir)) {
    if (file === exceptFile) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const name of to) edges.get(from).add(name);
  }
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.shift();
    if (name === goal) {
      const chain = [];
      for (let at = goal; at !== null; at = cameFrom.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of edges.get(name) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, name);
        queue.push(next);
      }
    }
  }
  return null;
}

/** A server module reaches another only through its index.ts, and no import closes a circle of modules. */
function checkServerModules(file, source, report) {
  const target = serverModuleAt(path.resolve(path.dirname(file), source));
  if (!target) return;
  const from = serverModuleAt(file);
  const sameModule = from && from.dir === target.dir && from.name === target.name;
  if (sameModule) {
    if (isPublicFile(target.inner)) {
      report(`'${source}' is this module's own index.ts: inside a module, import the file itself.`);
    }
    return;
  }
  if (!isPublicFile(target.inner)) {
    const publicPath = path.relative(path.dirname(file), path.join(target.dir, target.name)).split(path.sep).join('/');
    return report(
      `'${source}' reaches into the files of the module ${target.name}: import it through its index.ts ('${publicPath.startsWith('.') ? publicPath : `./${publicPath}`}').`,
    );
  }
  // Tests are no part of the layers: they may use whichever module they test with.
  if (!from || from.dir !== target.dir || from.inner.split('/').includes('__tests__')) return;
  const chain = moduleChain(target.dir, target.name, from.name, file);
  if (chain) {
    report(`'${source}' closes a circle of modules (${[from.name, ...chain].join(' → ')}): move what both need to where it belongs, or hand one to the other.`);
  }
}

/**
 * The top-level folders and files of server/src, lowest layer first: a file imports from its own
 * folder and from lower layers only, never from its layer's other folders or from above.
 * - lib, server-paths: plain helpers and the server's own paths, importing nothing of the server.
 * - config: the settings read from the environment.
 * - db: the schema, the connection, migrations and the owner wall; it knows no HTTP and no module.
 * - tenancy, mail, http: what the modules stand on (the tenant and owner rules, sending mail, the
 *   HTTP plumbing and its errors); each is apart from the other two.
 * - modules: the resources (server/src/modules/<name>); seed: the demo and the first admin, made
 *   through the modules; app builds the HTTP app from all of them; server starts it.
 * Tests (any __tests__ folder) and the test helpers of testing/ are outside the layers: they may
 * use anything, and no product file imports testing/.
 */
export const SERVER_LAYERS = [['lib', 'server-paths'], ['config'], ['db'], ['tenancy', 'mail', 'http'], ['modules'], ['seed'], ['app'], ['server']];
const SERVER_TEST_SUPPORT = 'testing';
const LAYER_OF = new Map(SERVER_LAYERS.flatMap((names, layer) => names.map((name) => [name, layer])));
const LAYERS_TEXT = SERVER_LAYERS.map((names) => names.join(', ')).join(' < ');

/** Where a path lies in server/src: the top-level folder, or the top-level file's name without extension; null outside. */
function serverPartAt(file) {
  const parts = file.split(path.sep);
  for (let at = parts.length - 2; at >= 1; at -= 1) {
    if (parts[at] === 'src' && parts[at - 1] === 'server') {
      if (parts.length < at + 2) return null;
      const name = parts.length === at + 2 ? parts[at + 1].replace(/\.[cm]?[jt]sx?$/, '') : parts[at + 1];
      return { name, tests: parts.slice(at + 1).includes('__tests__') || name === SERVER_TEST_SUPPORT };
    }
  }
  return null;
}

/** A product file of server/src imports only from its own top-level folder and from lower layers. */
function checkServerLayers(file, source, report) {
  const from = serverPartAt(file);
  if (!from || from.tests) return;
  const target = serverPartAt(path.resolve(path.dirname(file), source));
  if (!target || target.name === from.name) return;
  if (target.name === SERVER_TEST_SUPPORT) return report(`'${source}' imports the test helpers of ${SERVER_TEST_SUPPORT}/: product code does not.`);
  for (const part of [from, target]) {
    if (!LAYER_OF.has(part.name)) {
      return report(`'${source}': ${part.name} has no place in the server's layers: add it to SERVER_LAYERS in eslint/layering.js (${LAYERS_TEXT}).`);
    }
  }
  const [fromLayer, toLayer] = [LAYER_OF.get(from.name), LAYER_OF.get(target.name)];
  if (toLayer === fromLayer) {
    return report(`'${source}': ${from.name} and ${target.name} stand in one layer and stay apart (${LAYERS_TEXT}): move what both need below them.`);
  }
  if (toLayer > fromLayer) {
    return report(
      `'${source}' runs up from ${from.name} to ${target.name} (${LAYERS_TEXT}): move what ${from.name} needs down, or let ${target.name} hand it in.`,
    );
  }
}

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
  checkServerModules(file, source, report);
  checkServerLayers(file, source, report);
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

/** jest's calls that load a module by its path: the path is an import like any other. */
const JEST_MODULE_CALLS = new Set(['mock', 'unmock', 'doMock', 'dontMock', 'setMock', 'requireActual', 'requireMock', 'createMockFromModule']);

/**
 * The text of a path written as a string, a template without holes, or a template whose holes
 * are constants (`${dir}/service` with `const dir = '../users'`) or such strings joined by +;
 * undefined when the path is only known at run time.
 */
function staticString(context, node, depth = 0) {
  if (!node || depth > 5) return undefined;
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
  if (node.type === 'TemplateLiteral') {
    let text = node.quasis[0].value.cooked;
    for (let index = 0; index < node.expressions.length; index += 1) {
      const part = staticString(context, node.expressions[index], depth + 1);
      if (part === undefined) return undefined;
      text += part + node.quasis[index + 1].value.cooked;
    }
    return text;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const left = staticString(context, node.left, depth + 1);
    const right = staticString(context, node.right, depth + 1);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (node.type === 'Identifier') {
    for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
      const variable = scope.set.get(node.name);
      if (!variable) continue;
      const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
      const declaration = definition?.type === 'Variable' ? definition.parent : undefined;
      return declaration?.kind === 'const' ? staticString(context, definition.node.init, depth + 1) : undefined;
    }
  }
  return undefined;
}

export const layeringPlugin = {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const checkPath = (node, pathNode) => {
          const source = staticString(context, pathNode);
          if (source !== undefined) check(context, node, source);
        };
        return {
          ImportDeclaration: (node) => check(context, node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(context, node, node.source.value),
          ExportAllDeclaration: (node) => check(context, node, node.source.value),
          ImportExpression: (node) => checkPath(node, node.source),
          CallExpression: (node) => {
            const { callee } = node;
            const loads =
              (callee.type === 'Identifier' && callee.name === 'require') ||
              (callee.type === 'MemberExpression' &&
                callee.object.type === 'Identifier' &&
                callee.object.name === 'jest' &&
                callee.property.type === 'Identifier' &&
                JEST_MODULE_CALLS.has(callee.property.name));
            if (loads && node.arguments.length > 0) checkPath(node, node.arguments[0]);
          },
          // TypeScript's `import x = require('…')` and `typeof import('…')`.
          TSExternalModuleReference: (node) => checkPath(node, node.expression),
          TSImportType: (node) => checkPath(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
        };
      },
    },
  },
};
