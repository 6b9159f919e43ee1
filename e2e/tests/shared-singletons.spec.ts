import { expect, test, type Page } from '@playwright/test';
import { login, STAFF } from './helpers';

/** Every script the page fetches from now on: its path and its text. */
function recordScriptBodies(page: Page): () => Promise<{ path: string; text: string }[]> {
  const bodies: Promise<{ path: string; text: string }>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js'))
      bodies.push(
        response.text().then(
          (text) => ({ path: url.pathname, text }),
          () => ({ path: url.pathname, text: '' }),
        ),
      );
  });
  return () => Promise.all(bodies);
}

// Text only the development builds carry (their warnings), and text only React's production build carries.
const DEVELOPMENT_ONLY = ['ReactDOM.render is no longer supported', 'You rendered descendant <Routes>', 'has been created dynamically'];
const REACT_PRODUCTION = 'Minified React error';

function expectOneProductionCopyOfEachSingleton(scripts: { path: string; text: string }[]) {
  // A remote falls back to its own copy of a shared dependency (its "prebuild" chunk) only when none is shared yet.
  expect(scripts.map((s) => s.path).filter((path) => /^\/remotes\/.*__prebuild__/.test(path))).toEqual([]);
  for (const marker of DEVELOPMENT_ONLY)
    expect(
      scripts.filter((s) => s.text.includes(marker)).map((s) => s.path),
      marker,
    ).toEqual([]);
  expect(scripts.some((s) => s.text.includes(REACT_PRODUCTION))).toBe(true);
}

test('the marketing remote first, then the crm remote: each singleton is loaded once, in its production build', async ({ page }) => {
  const scripts = recordScriptBodies(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await login(page, STAFF);
  await expect(page.getByRole('heading', { level: 1, name: /CRM/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await scripts();
  expect(loaded.some((s) => s.path.startsWith('/remotes/marketing/'))).toBe(true);
  expect(loaded.some((s) => s.path.startsWith('/remotes/crm/'))).toBe(true);
  expectOneProductionCopyOfEachSingleton(loaded);
});

test('the crm remote first, then the marketing remote: each singleton is loaded once, in its production build', async ({ page }) => {
  const scripts = recordScriptBodies(page);
  await login(page, STAFF);
  await expect(page.getByRole('heading', { level: 1, name: /CRM/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeMarketing = (await scripts()).map((s) => s.path);
  expect(beforeMarketing.some((path) => path.startsWith('/remotes/marketing/'))).toBe(false);
  // In the same page, so the shell and the crm remote stay loaded: a client-side navigation, as a link makes.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/about');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  // The about page's own heading: the CRM heading is still visible until the marketing remote has painted.
  await expect(page.getByRole('heading', { level: 1, name: 'About Orbitra Group' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await scripts();
  expect(loaded.some((s) => s.path.startsWith('/remotes/marketing/'))).toBe(true);
  expectOneProductionCopyOfEachSingleton(loaded);
});
