import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  buildChangedMarketing,
  fileStamps,
  hashFiles,
  releaseTool,
  releaseToolInBackground,
  REPO,
  servableFiles,
  servedFiles,
  startServer,
} from './release-helpers';

const ORIGINAL_HEADING = 'Software and IT services that move your business forward';
const NEW_HEADING = 'Shipped alone, live without a shell rebuild';
const port = Number(process.env.E2E_PORT ?? 8181) + 1;

test.describe.configure({ mode: 'serial' });

let cdnDir: string;
let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  cdnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-e2e-release-cdn-'));
  server = await startServer(port, cdnDir);
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(cdnDir, { recursive: true, force: true });
});

/** Loads / afresh and returns the home heading and the marketing version its files came from. */
async function loadHome(page: Page) {
  const versions = new Set<string>();
  const onRequest = (request: { url(): string }) => {
    const match = new URL(request.url()).pathname.match(/^\/(?:cdn\/marketing\/([^/]+)|remotes\/marketing)\//);
    if (match) versions.add(match[1] ?? 'built-in');
  };
  page.on('request', onRequest);
  await page.goto(`${server.url}/`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return { heading: await heading.textContent(), versions: [...versions] };
}

test('`pnpm release` builds beside the built-in version: its files stay served while the release builds, and a rollback serves them byte for byte', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const builtin = path.join(REPO, 'remotes', 'marketing', 'dist');
  const onDisk = fileStamps(builtin);
  const served = await servedFiles(server.url, '/remotes/marketing/', builtin);
  expect(Object.values(served).filter((hash) => hash.startsWith('HTTP'))).toEqual([]);
  expect(served).toEqual(servableFiles(builtin));

  // The release as a squad runs it, building the remote itself; meanwhile visitors keep loading the built-in version.
  const releasing = releaseToolInBackground(cdnDir, 'release', 'marketing', '--skip-checks', '--version', '1.0.0-e2e.0');
  let done = false;
  void releasing.finally(() => (done = true));
  const answers = new Set<string>();
  while (!done) {
    for (const file of ['home.js', 'mf-manifest.json']) {
      const response = await fetch(`${server.url}/remotes/marketing/${file}`, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await response.arrayBuffer());
      answers.add(`${file} ${response.status} ${response.ok && body.equals(fs.readFileSync(path.join(builtin, file))) ? 'built-in' : 'other'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const released = await releasing;
  expect(released.status, released.output).toBe(0);
  expect(released.output).toContain('Published marketing 1.0.0-e2e.0');
  expect([...answers].sort()).toEqual(['home.js 200 built-in', 'mf-manifest.json 200 built-in']);
  expect(fileStamps(builtin)).toEqual(onDisk);
  expect(fs.existsSync(path.join(cdnDir, 'marketing', '1.0.0-e2e.0', 'home.js'))).toBe(true);

  expect(releaseTool(cdnDir, 'promote', 'marketing', '1.0.0-e2e.0').status).toBe(0);
  expect(await loadHome(page)).toEqual({ heading: ORIGINAL_HEADING, versions: ['1.0.0-e2e.0'] });
  expect(releaseTool(cdnDir, 'rollback', 'marketing').output).toContain('marketing is back on builtin');
  expect(await loadHome(page)).toEqual({ heading: ORIGINAL_HEADING, versions: ['built-in'] });
  expect(await servedFiles(server.url, '/remotes/marketing/', builtin)).toEqual(served);
  expect(fileStamps(builtin)).toEqual(onDisk);
});

test('a squad publishes, promotes and rolls back the marketing remote without touching the shell', async ({ page }) => {
  test.setTimeout(240_000);
  const shellDist = path.join(REPO, 'shell', 'dist');
  const shellBefore = hashFiles(shellDist);
  expect(await loadHome(page)).toEqual({ heading: ORIGINAL_HEADING, versions: ['built-in'] });

  // The current build, as its squad's CI would publish it.
  const current = releaseTool(
    cdnDir,
    'release',
    'marketing',
    '--skip-checks',
    '--dist',
    path.join(REPO, 'remotes', 'marketing', 'dist'),
    '--version',
    '1.0.0-e2e.1',
  );
  expect(current.output).toContain('Published marketing 1.0.0-e2e.1');
  expect(releaseTool(cdnDir, 'promote', 'marketing', '1.0.0-e2e.1').status).toBe(0);
  expect(await loadHome(page)).toEqual({ heading: ORIGINAL_HEADING, versions: ['1.0.0-e2e.1'] });

  // A new version with another heading, built once from a copy of the sources.
  const changed = buildChangedMarketing('src/features/home/components/home-hero.tsx', (source) =>
    source.replace('<h1 id="home-title">{tagline}</h1>', `<h1 id="home-title">${NEW_HEADING}</h1>`),
  );
  try {
    const next = releaseTool(cdnDir, 'release', 'marketing', '--skip-checks', '--dist', changed.dist, '--version', '1.0.0-e2e.2');
    expect(next.status, next.output).toBe(0);
  } finally {
    changed.remove();
  }
  // Published versions are never replaced.
  const again = releaseTool(
    cdnDir,
    'release',
    'marketing',
    '--skip-checks',
    '--dist',
    path.join(REPO, 'remotes', 'marketing', 'dist'),
    '--version',
    '1.0.0-e2e.2',
  );
  expect(again.status).toBe(1);
  expect(again.output).toContain('marketing 1.0.0-e2e.2 is already published');

  expect(releaseTool(cdnDir, 'promote', 'marketing', '1.0.0-e2e.2').status).toBe(0);
  expect(await loadHome(page)).toEqual({ heading: NEW_HEADING, versions: ['1.0.0-e2e.2'] });
  expect(releaseTool(cdnDir, 'releases', 'marketing').output).toMatch(/\* live\s+1\.0\.0-e2e\.2/);

  const rollback = releaseTool(cdnDir, 'rollback', 'marketing');
  expect(rollback.output).toContain('marketing is back on 1.0.0-e2e.1');
  expect(await loadHome(page)).toEqual({ heading: ORIGINAL_HEADING, versions: ['1.0.0-e2e.1'] });

  expect(hashFiles(shellDist)).toEqual(shellBefore);
});

test('a version built against another major React is refused at promotion and the live one stays', async ({ page }) => {
  // A release whose record says React 19, as a remote built against it would record.
  const live = path.join(cdnDir, 'marketing', '1.0.0-e2e.1');
  const skewed = path.join(cdnDir, 'marketing', '2.0.0-react19');
  fs.cpSync(live, skewed, { recursive: true });
  const record = JSON.parse(fs.readFileSync(path.join(skewed, 'release.json'), 'utf8'));
  record.version = '2.0.0-react19';
  record.shared = { ...record.shared, react: '19.0.0', 'react-dom': '19.0.0' };
  fs.writeFileSync(path.join(skewed, 'release.json'), JSON.stringify(record));

  const refused = releaseTool(cdnDir, 'promote', 'marketing', '2.0.0-react19');
  expect(refused.status).toBe(1);
  expect(refused.output).toContain("react 19.0.0 is outside the shell's range ^18.3.1");
  expect(refused.output).toContain("react-dom 19.0.0 is outside the shell's range ^18.3.1");
  expect(releaseTool(cdnDir, 'releases', 'marketing').output).toMatch(/\* live\s+1\.0\.0-e2e\.1/);
  expect(await loadHome(page)).toEqual({ heading: ORIGINAL_HEADING, versions: ['1.0.0-e2e.1'] });
});

/** A copy of a published version under a new version name, changed by `breakIt`, as a faulty release would be published. */
function publishBroken(from: string, version: string, breakIt: (folder: string) => void) {
  const folder = path.join(cdnDir, 'marketing', version);
  fs.cpSync(path.join(cdnDir, 'marketing', from), folder, { recursive: true });
  const record = JSON.parse(fs.readFileSync(path.join(folder, 'release.json'), 'utf8'));
  fs.writeFileSync(path.join(folder, 'release.json'), JSON.stringify({ ...record, version }));
  breakIt(folder);
}

/** Removes a file and its precompressed copies, which the server would otherwise send in its place. */
function removeWithCopies(file: string) {
  for (const suffix of ['', '.br', '.gz']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Loads / and waits for the live page to show `heading`; returns the milliseconds from the end of the
 * last failed request of `failing` (the retry) to the frame the heading was painted in, and the failure reported.
 */
async function loadAndFallBack(page: Page, failing: string, heading: string) {
  const reported = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/releases/marketing/failures'));
  await page.goto(`${server.url}/`);
  const shownAt = await page.waitForFunction(
    (text) => {
      const root = document.getElementById('root');
      const shown = !root?.hasAttribute('data-prerendered') && root?.querySelector('h1')?.textContent === text;
      return shown ? performance.now() : null;
    },
    heading,
    { polling: 'raf', timeout: 20_000 },
  );
  const failedAt = await page.evaluate(
    (part) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(part))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    failing,
  );
  const elapsed = Math.round(Number(await shownAt.jsonValue()) - Math.max(...failedAt));
  return { elapsed, failedRequests: failedAt.length, report: (await reported).postDataJSON() };
}

test('a promoted version whose page entry answers 404 falls back to the version live before, and says so', async ({ page }) => {
  expect(releaseTool(cdnDir, 'promote', 'marketing', '1.0.0-e2e.2').status).toBe(0);
  publishBroken('1.0.0-e2e.1', '3.0.0-noentry', (folder) => removeWithCopies(path.join(folder, 'home.js')));
  expect(releaseTool(cdnDir, 'promote', 'marketing', '3.0.0-noentry').status).toBe(0);

  // The page painted ahead shows the built-in heading; the fallback's own heading proves the fallback ran.
  const { elapsed, failedRequests, report } = await loadAndFallBack(page, '/cdn/marketing/3.0.0-noentry/home.js', NEW_HEADING);
  console.log(`failed load to fallback page: ${elapsed} ms`);
  expect(failedRequests).toBeGreaterThanOrEqual(1);
  expect(report).toMatchObject({ version: '3.0.0-noentry', phase: 'load' });
  expect(report.message.length).toBeLessThanOrEqual(500);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(releaseTool(cdnDir, 'rollback', 'marketing').output).toContain('marketing is back on 1.0.0-e2e.2');
});

test('a promoted version whose page module throws on import falls back too', async ({ page }) => {
  publishBroken('1.0.0-e2e.1', '3.0.1-throws', (folder) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'));
    const home = manifest.exposes.find((e: { name: string }) => e.name === 'home').assets.js.sync[0];
    const file = path.join(folder, home);
    const source = fs.readFileSync(file, 'utf8');
    removeWithCopies(file);
    fs.writeFileSync(file, `throw new Error('The home page broke while loading');\n${source}`);
  });
  expect(releaseTool(cdnDir, 'promote', 'marketing', '3.0.1-throws').status).toBe(0);
  const { elapsed, report } = await loadAndFallBack(page, '/cdn/marketing/3.0.1-throws/home.js', NEW_HEADING);
  console.log(`module throwing on import to fallback page: ${elapsed} ms`);
  expect(report).toEqual({ version: '3.0.1-throws', phase: 'import', message: 'The home page broke while loading' });
  expect(releaseTool(cdnDir, 'rollback', 'marketing').output).toContain('marketing is back on 1.0.0-e2e.2');
});

test('a page left open is offered Reload after a promotion, and is not reloaded until the user asks', async ({ page }) => {
  await page.clock.install();
  await page.goto(`${server.url}/`);
  await expect(page.locator('#root:not([data-prerendered]) h1')).toHaveText(NEW_HEADING);

  expect(releaseTool(cdnDir, 'promote', 'marketing', '1.0.0-e2e.1').status).toBe(0);
  await page.clock.fastForward('05:01');
  const notice = page.getByRole('status').filter({ hasText: 'A newer version of this section is available.' });
  await expect(notice).toBeVisible();
  // Nothing was forced: the page still shows what it loaded.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_HEADING);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('#root:not([data-prerendered]) h1')).toHaveText(ORIGINAL_HEADING);
  await expect(notice).toHaveCount(0);
});

test('a visitor who goes from the website to the sign-in pages and back after a promotion is offered Reload', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page.locator('#root:not([data-prerendered]) h1')).toHaveText(ORIGINAL_HEADING);

  expect(releaseTool(cdnDir, 'promote', 'marketing', '1.0.0-e2e.2').status).toBe(0);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/platform-select/);
  await page.getByRole('link', { name: '← Back to the website' }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  const notice = page.getByRole('status').filter({ hasText: 'A newer version of this section is available.' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ORIGINAL_HEADING);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('#root:not([data-prerendered]) h1')).toHaveText(NEW_HEADING);
  expect(releaseTool(cdnDir, 'rollback', 'marketing').output).toContain('marketing is back on 1.0.0-e2e.1');
});

test('an admin sees the failures, starts a canary and ends it on the Releases page', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/crm$/);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Releases' }).click();
  const marketing = page.getByRole('region', { name: 'marketing' });
  await expect(marketing.getByRole('heading', { name: 'marketing' })).toBeVisible();

  // The failures the earlier tests' browsers reported, counted per version by browser.
  await expect(
    marketing
      .getByRole('row', { name: /^3\.0\.0-noentry/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('1 browser reported a failure');
  await expect(
    marketing
      .getByRole('row', { name: /^3\.0\.1-throws/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('1 browser reported a failure');

  await marketing.getByLabel('Version').selectOption('1.0.0-e2e.2');
  await marketing.getByLabel('Share of users (%)').fill('10');
  await marketing.getByRole('button', { name: 'Start canary' }).click();
  await page.getByRole('dialog', { name: 'Start a canary of marketing 1.0.0-e2e.2 for 10% of users?' }).getByRole('button', { name: 'Start canary' }).click();
  await expect(marketing.getByText('1.0.0-e2e.2 for 10% of users', { exact: true })).toBeVisible();
  expect(releaseTool(cdnDir, 'releases', 'marketing').output).toMatch(/~ canary\s+1\.0\.0-e2e\.2 .*\(10% of users\)/);

  await marketing.getByRole('button', { name: 'End canary' }).click();
  await page.getByRole('dialog', { name: 'End the canary of marketing 1.0.0-e2e.2?' }).getByRole('button', { name: 'End canary' }).click();
  await expect(marketing.getByText('1.0.0-e2e.2 for 10% of users', { exact: true })).toHaveCount(0);
  expect(releaseTool(cdnDir, 'releases', 'marketing').output).not.toContain('~ canary');
});
