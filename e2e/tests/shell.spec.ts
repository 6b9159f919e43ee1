import { expect, test } from '@playwright/test';
import { ADMIN, login } from './helpers';

test('the theme survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const html = page.locator('html');
  await expect(html).toHaveCSS('color-scheme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Form controls and scrollbars turn dark with the page, not after a reload.
  await expect(html).toHaveCSS('color-scheme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(html).toHaveCSS('background-color', background);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
  await expect(html).toHaveCSS('color-scheme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveCSS('color-scheme', 'light');
});

test("the remembered theme is on the page before any script is fetched, and the page's CSP lets it run", async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // No script file may load: only the inline boot script in the page itself can paint the theme.
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  for (const path of ['/', '/login', '/crm']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  }
  expect(refused).toEqual([]);
});

test('a first visit follows the system colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('on a narrow screen the signed-in sidebar starts closed and closes after navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await login(page, ADMIN);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('link', { name: 'Quotations' }).click();
  await expect(page).toHaveURL(/\/quotations$/);
  await expect(sidebar).toHaveCount(0);
});

test('on a wide screen the signed-in sidebar starts open with its sections', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, ADMIN);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  for (const name of ['Messages', 'Email', 'CRM', 'Quotations', 'Users', 'Home', 'Contact']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const box = await page.locator('#app-sidebar').boundingBox();
  expect(Math.round(box!.width)).toBe(176);
});

test('login validation, failure and the signed-in redirect', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter both email and password.' }).first()).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toContainText('Invalid email or password. Please try again.');
  // Said once: beside the form, not again in a toast.
  await expect(page.getByText('Invalid email or password. Please try again.')).toHaveCount(1);
  await expect(page.getByText('Login Failed')).toHaveCount(1);
  await login(page, ADMIN);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/crm$/);
});

test('logout clears the session and says so', async ({ page }) => {
  await login(page, ADMIN);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/crm');
  await expect(page.getByText('Please log in to access the CRM dashboard.')).toBeVisible();
});

test('a revoked token ends the session once with Session Expired', async ({ page }) => {
  await login(page, ADMIN);
  // A quiet public page, so nothing refetches between the revocation and the reload.
  await page.goto('/about');
  await expect(page.getByLabel('Tenant', { exact: true })).toBeVisible();
  // Revoke the token on the server behind the page's back, as an expiry would.
  await page.evaluate(async () => {
    const csrf =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrftoken='))
        ?.split('=')[1] ?? '';
    await fetch('/api/v1/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'X-CSRFToken': csrf },
    });
  });
  // The next call the page makes is refused: one toast, one redirect home.
  await page.reload();
  await expect(page.getByText('Please log in again.')).toBeVisible();
  await expect(page.getByText('Session Expired')).toHaveCount(1);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('the tenant picker selects the first tenant and keeps the choice across reloads', async ({ page }) => {
  await login(page, ADMIN);
  const picker = page.getByLabel('Tenant', { exact: true });
  await expect(picker).toBeVisible();
  const first = await picker.inputValue();
  expect(first).not.toBe('');
  await page.reload();
  await expect(page.getByLabel('Tenant', { exact: true })).toHaveValue(first);
});

test('/signup goes to the platform chooser in signup mode', async ({ page }) => {
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/platform-select\?action=signup$/);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payofina Signup' })).toBeEnabled();
});

test('platform select: search, empty result, clear and the button texts', async ({ page }) => {
  await page.goto('/platform-select');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(button).toBeDisabled();
  const box = page.getByRole('combobox', { name: 'Platform' });
  await box.fill('zzz');
  await expect(page.getByText('No platforms found')).toBeVisible();
  await box.fill('payroll');
  await page.getByRole('option', { name: /Payofina/ }).click();
  await expect(page.getByRole('button', { name: 'Continue to Payofina Login' })).toBeEnabled();
  await box.press('Backspace');
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  await box.fill('orbitra');
  await page.getByRole('option', { name: /Orbitra Group/ }).click();
  await page.getByRole('button', { name: 'Continue to Orbitra Group Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown page shows the 404 page inside the layout', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found').first()).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});
