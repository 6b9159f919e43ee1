import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defaultMfRemotes, parseMfRemotes } from '../../config';
import { repoRoot } from '../../server-paths';
import { createTestApp, tempDir, type TestApp } from '../../testing/test-app';
import { IMMUTABLE, NO_CACHE, PER_USER } from '../static-files';

/** Each remote's address in an answer of /mf-remotes.json. */
const entries = (body: Record<string, { entry: string }>) => Object.fromEntries(Object.entries(body).map(([name, choice]) => [name, choice.entry]));

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** A server over a build folder holding `files` (paths relative to the repository root), for the tests of one describe block. */
function servingBuild(files: Record<string, string>) {
  const served: { t: TestApp } = { t: undefined as unknown as TestApp };
  let tmp: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    tmp = tempDir('orbitra-dist-');
    for (const [file, content] of Object.entries(files)) write(path.join(tmp.dir, file), content);
    served.t = await createTestApp({ seed: false, config: { shellDist: path.join(tmp.dir, 'shell', 'dist'), remotesDir: path.join(tmp.dir, 'remotes') } });
  });
  afterAll(async () => {
    await served.t.close();
    tmp.remove();
  });
  return served;
}

describe('with a build that has its route table', () => {
  const served = servingBuild({
    'shell/dist/index.html': '<!doctype html><div id="root"></div>',
    // What the shell's build writes beside index.html: its routes (shell/src/app/route-table.json).
    'shell/dist/route-table.json': fs.readFileSync(path.join(repoRoot, 'shell', 'src', 'app', 'route-table.json'), 'utf8'),
  });

  test.each(['/no-such-page', '/crmx', '/about/../nowhere-else', '/q', '/q/token/more', '/login/extra'])(
    'an unknown address, %s, answers 404 with the app, which shows its Not found page',
    async (url) => {
      const response = await served.t.request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe(NO_CACHE);
      expect(response.body).toContain('id="root"');
    },
  );

  test.each(['/', '/about', '/crm', '/crm/prospects/abc', '/crm/my-day', '/login', '/signup', '/q/some-token', '/users', '/reset-password'])(
    'a page of the app, %s, answers 200',
    async (url) => {
      const response = await served.t.request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="root"');
    },
  );

  test('an unknown address asked for as JSON is still the JSON 404', async () => {
    const response = await served.t.request({ url: '/no-such-page', headers: { accept: 'application/json' } });
    expect([response.statusCode, response.json()]).toEqual([404, { detail: expect.any(String) }]);
  });
});

describe('with built apps', () => {
  const served = servingBuild({
    'shell/dist/index.html': '<!doctype html><div id="root"></div>',
    'shell/dist/assets/index-abc123.js': 'console.log(1)',
    'shell/dist/mf-remotes.json': '{"stale":"copy from the build"}',
    'remotes/crm/dist/crm.js': 'export {}',
    'remotes/crm/dist/mf-manifest.json': '{}',
    'remotes/crm/dist/assets/page-def456.js': 'export {}',
  });

  test.each([
    ['/', NO_CACHE, 'id="root"'],
    ['/index.html', NO_CACHE, 'id="root"'],
    ['/assets/index-abc123.js', IMMUTABLE, 'console.log'],
    ['/remotes/crm/crm.js', NO_CACHE, 'export'],
    ['/remotes/crm/mf-manifest.json', NO_CACHE, '{}'],
    ['/remotes/crm/assets/page-def456.js', IMMUTABLE, 'export'],
  ])('%s is served with Cache-Control %s', async (url, cacheControl, content) => {
    const response = await served.t.request({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.body).toContain(content);
  });

  test('client routes fall back to index.html for browser navigations', async () => {
    const page = await served.t.request({ url: '/crm/prospects?tab=leads', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe(NO_CACHE);
    expect(page.body).toContain('id="root"');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  test.each([
    ['no Accept header', undefined],
    ['Accept: */*', '*/*'],
    ['Accept: text/*', 'text/*'],
    ['JSON with anything else', 'application/json, */*;q=0.8'],
    ['HTML weighted below JSON', 'application/json, text/html;q=0.5'],
  ])('a client route answers its page to a client sending %s', async (_, accept) => {
    for (const url of ['/', '/about', '/services', '/payofina', '/contact', '/crm', '/crm/prospects?tab=leads']) {
      const response = await served.t.request({ url, headers: accept === undefined ? {} : { accept } });
      expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
        url,
        status: 200,
        type: expect.stringMatching(/^text\/html/),
      });
      expect(response.body).toContain('id="root"');
    }
  });

  test('no fallback for the API, missing assets or non-HTML requests', async () => {
    for (const [url, accept] of [
      ['/api/v1/unknown', 'text/html'],
      ['/assets/missing-000.js', 'text/html'],
      ['/remotes/crm/missing', 'text/html'],
      ['/crm', 'application/json'],
      ['/about', 'application/json; charset=utf-8'],
      ['/crm', 'application/json, text/html;q=0'],
      ['/api/v1/unknown', '*/*'],
      ['/assets/missing-000.js', '*/*'],
    ]) {
      const response = await served.t.request({ url, headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  test('/mf-remotes.json comes from the server, not from the shell build', async () => {
    const response = await served.t.request({ url: '/mf-remotes.json' });
    expect(entries(response.json())).toEqual(defaultMfRemotes());
  });
});

describe('with public pages painted ahead', () => {
  const served = servingBuild({
    'shell/dist/index.html': '<!doctype html><div id="root"></div>',
    'shell/dist/prerendered/home.html': '<!doctype html><div id="root" data-prerendered><h1>Home</h1></div>',
    'shell/dist/prerendered/products.html': '<!doctype html><div id="root" data-prerendered><h1>Products</h1></div>',
  });

  test.each([
    ['/', 'text/html', '<h1>Home</h1>'],
    ['/', '*/*', '<h1>Home</h1>'],
    ['/products', 'text/html', '<h1>Products</h1>'],
    ['/products?ref=ad', 'text/html', '<h1>Products</h1>'],
    ['/products', '*/*', '<h1>Products</h1>'],
    ['/products', '', '<h1>Products</h1>'],
  ])('%s (accept %s) sends the page painted ahead', async (url, accept, content) => {
    const response = await served.t.request({ url, headers: { accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toContain(content);
  });

  test('a page without one, a deeper path and index.html itself still get the plain shell', async () => {
    for (const url of ['/payofina', '/products/extra', '/crm', '/index.html']) {
      const response = await served.t.request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<!doctype html><div id="root"></div>');
    }
  });

  test('a painted page is never sent for a POST or to a non-HTML request', async () => {
    expect((await served.t.request({ url: '/products', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    const post = await served.t.request({ method: 'POST', url: '/', headers: { accept: 'text/html' } });
    expect(post.body).not.toContain('<h1>Home</h1>');
  });
});

describe("with the shell's inline scripts", () => {
  const importMap = '{"imports":{"react":"/assets/shared/react-abc.js"}}';
  const themeBoot = "document.documentElement.dataset.theme = 'dark';";
  const served = servingBuild({
    'shell/dist/index.html':
      `<!doctype html><head><script>${themeBoot}</script><script type="importmap">${importMap}</script>` +
      `<script type="module" crossorigin src="/assets/index-abc.js"></script></head><div id="root"></div>`,
  });
  const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

  test('the CSP allows the theme boot and the import map by their hashes and no other inline script', async () => {
    const response = await served.t.request({ url: '/crm', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${sha(themeBoot)} ${sha(importMap)}`);
  });
});

describe('without builds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  test('the server runs; pages answer 404 JSON', async () => {
    const response = await t.request({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ url: '/api/v1/health' })).statusCode).toBe(200);
  });

  test('/mf-remotes.json names every remote under /remotes/, its built-in build, and is kept by no cache', async () => {
    const response = await t.request({ url: '/mf-remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PER_USER);
    expect(response.json().crm).toEqual({ version: 'builtin', entry: '/remotes/crm/mf-manifest.json', reason: 'live', fallback: null });
    expect(entries(response.json())).toEqual({
      marketing: '/remotes/marketing/mf-manifest.json',
      crm: '/remotes/crm/mf-manifest.json',
      quotations: '/remotes/quotations/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });
});

describe('MF_REMOTES', () => {
  const cdn = 'https://cdn.example.net/crm/1.4.0/mf-manifest.json';

  test('inline JSON replaces the named remotes and keeps the others', () => {
    const remotes = parseMfRemotes(JSON.stringify({ crm: cdn }), process.cwd());
    expect(remotes).toEqual({ ...defaultMfRemotes(), crm: cdn });
  });

  test('a file path works too; bad values refuse to start', () => {
    const tmp = tempDir('orbitra-mf-');
    try {
      fs.writeFileSync(path.join(tmp.dir, 'remotes.json'), JSON.stringify({ admin: 'https://cdn.example.net/admin/mf-manifest.json' }));
      expect(parseMfRemotes('remotes.json', tmp.dir).admin).toBe('https://cdn.example.net/admin/mf-manifest.json');
      expect(() => parseMfRemotes('missing.json', tmp.dir)).toThrow(/MF_REMOTES/);
      expect(() => parseMfRemotes('{not json', tmp.dir)).toThrow(/MF_REMOTES/);
      expect(() => parseMfRemotes('{"crm": 5}', tmp.dir)).toThrow(/MF_REMOTES/);
    } finally {
      tmp.remove();
    }
  });

  test('the served manifest and the CSP follow the override', async () => {
    const t = await createTestApp({ seed: false, env: { MF_REMOTES: JSON.stringify({ crm: cdn }) } });
    try {
      const response = await t.request({ url: '/mf-remotes.json' });
      expect(response.json().crm.entry).toBe(cdn);
      expect(response.json().marketing.entry).toBe('/remotes/marketing/mf-manifest.json');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://cdn.example.net");
      expect(csp).toContain("connect-src 'self' https://cdn.example.net");
    } finally {
      await t.close();
    }
  });
});
