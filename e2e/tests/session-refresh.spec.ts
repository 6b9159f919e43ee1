import { expect, test, type Page, type Response } from '@playwright/test';
import { ADMIN, login } from './helpers';

/** Every answer to the API the page receives from now on, as "status path". */
function trackApi(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/v1/')) seen.push(`${response.status()} ${pathname}`);
  });
  return seen;
}

/**
 * Reloads the page with this access token stored, set before any of the page's scripts run: the page
 * being left cannot write over it on its way out.
 */
async function reloadWithToken(page: Page, token: string) {
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e-token-placed')) return;
    sessionStorage.setItem('e2e-token-placed', '1');
    localStorage.setItem('access_token', stored);
  }, token);
  await page.reload();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/** The signed-in page after a reload: the tenants (asked with the token) are in the picker, and nobody was sent away. */
async function expectStillSignedIn(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Tenant', { exact: true }).locator('option')).not.toHaveCount(0);
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByText('Session Expired')).toHaveCount(0);
}

for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page, ADMIN);
      await expect(page.getByRole('heading', { level: 1, name: 'CRM Dashboard' })).toBeVisible();
    });

    test('a token the server no longer accepts is replaced by one refresh, and the page keeps working', async ({ page }) => {
      const original = (await storedToken(page))!;
      // As a token that lapsed or was refused: same claims, a signature the server does not accept.
      const refused = original.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
      const api = trackApi(page);

      await reloadWithToken(page, refused);
      await expectStillSignedIn(page);
      // The page's calls met the 401 together and shared one refresh; each was then answered.
      expect(api.filter((line) => line.endsWith('/api/v1/auth/refresh'))).toEqual(['200 /api/v1/auth/refresh']);
      expect(api.some((line) => line.startsWith('401 '))).toBe(true);
      const renewed = await storedToken(page);
      expect(renewed).not.toBe(refused);
      expect(renewed).not.toBe(original);
      expect(renewed?.split('.')).toHaveLength(3);
    });

    test('a token about to expire is renewed before the page uses it: no call is refused', async ({ page }) => {
      const original = (await storedToken(page))!;
      const [header, payload] = original.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
      // Ten seconds left: the client renews it first instead of sending it.
      const expiring = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 10 })).toString('base64url')}.${'A'.repeat(43)}`;
      const api = trackApi(page);

      await reloadWithToken(page, expiring);
      await expectStillSignedIn(page);
      expect(api.filter((line) => line.endsWith('/api/v1/auth/refresh'))).toEqual(['200 /api/v1/auth/refresh']);
      expect(api.filter((line) => line.startsWith('401 '))).toEqual([]);
      expect(await storedToken(page)).not.toBe(expiring);
    });
  });
}
