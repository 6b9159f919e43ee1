#!/usr/bin/env node
// After the build: serves it, opens each public page in headless Chromium and keeps what the page painted
// (its markup, styled-components' rules, its title and description) as shell/dist/prerendered/<page>.html
// (the pages listed in server/src/http/prerendered-pages.json).
// The server sends that file for the page, so the heading and hero paint from the HTML, before any
// JavaScript has run; the app then takes over (shell/src/app/take-over.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium, root, startBuiltApp } from './built-app.mjs';

// The server sends these files and owns their list; this step only makes them.
const prerendered = JSON.parse(readFileSync(path.join(root, 'server/src/http/prerendered-pages.json'), 'utf8'));
const shellDist = path.join(root, 'shell/dist');
const outDir = path.join(shellDist, prerendered.dir);

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html with the page's painted markup in #root, its rules in <head>, and its own title and description. */
function prerenderedHtml(indexHtml, { markup, css, title, description }) {
  let html = indexHtml.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description) html = html.replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(description)}$2`);
  // Painted in the light theme: with the dark one (the boot script in index.html sets it) the picture stays out of sight until the app replaces it.
  // The picture's rules paint <body> light; in the dark theme <body> lets through the dark background the boot
  // script gave <html>, so the page stays dark, not a light blank, until the app takes over.
  const rules = `${css}\nhtml[data-theme='dark'] #root[data-prerendered] { visibility: hidden; }\nhtml[data-theme='dark'] body { background: none; color-scheme: dark; }`;
  // A string value in a rule could spell `</style`: never let it close the tag early.
  html = html.replace('</head>', `<style data-prerendered>${rules.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`);
  // Inert and hidden from assistive technology: a picture of the page until the live one replaces it.
  return html.replace('<div id="root"></div>', `<div id="root" data-prerendered inert aria-hidden="true">${markup}</div>`);
}

async function main() {
  const indexHtml = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  rmSync(outDir, { recursive: true, force: true });
  const server = await startBuiltApp({ firstPort: 8300 });
  try {
    const base = server.base;
    const browser = await launchChromium();
    mkdirSync(outDir, { recursive: true });
    for (const [pathname, name] of Object.entries(prerendered.pages)) {
      // A phone-sized window: what a mobile visitor sees first is what must paint from the HTML.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const painted = await page.evaluate(() => ({
        markup: document.getElementById('root').innerHTML,
        css: [...document.styleSheets]
          .filter((sheet) => sheet.ownerNode instanceof Element && sheet.ownerNode.hasAttribute('data-styled'))
          .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
          .join('\n'),
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      }));
      await context.close();
      const html = prerenderedHtml(indexHtml, painted);
      const file = path.join(outDir, name);
      writeFileSync(file, html);
      writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
      writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      console.log(`prerendered ${pathname} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KiB)`);
    }
    await browser.close();
  } finally {
    server.stop();
  }
}

await main();
