import { expect, test } from '@playwright/test';
import { ADMIN, login, STAFF, trackRemotes } from './helpers';

test('a visitor on the home page fetches the marketing remote and no staff remote', async ({ page }) => {
  const remotes = trackRemotes(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...remotes]).toEqual(['marketing']);
});

test('a visitor sent to a staff page is told to log in and never fetches its remote', async ({ page }) => {
  const remotes = trackRemotes(page);
  await page.goto('/crm');
  await expect(page.getByText('Please log in to access the CRM dashboard.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/quotations');
  await page.goto('/users');
  await page.waitForLoadState('networkidle');
  expect(remotes.has('crm')).toBe(false);
  expect(remotes.has('quotations')).toBe(false);
  expect(remotes.has('admin')).toBe(false);
});

test('login lands on /crm and fetches the crm remote', async ({ page }) => {
  const remotes = trackRemotes(page);
  await login(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: /CRM/ })).toBeVisible();
  expect(remotes.has('crm')).toBe(true);
});

test('staff never fetch the admin remote and see Access Denied at /users', async ({ page }) => {
  const remotes = trackRemotes(page);
  await login(page, STAFF);
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remotes.has('admin')).toBe(false);
});

test('an admin opens User Management from the sidebar', async ({ page }) => {
  await login(page, ADMIN);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});

test('a remote that fails to load shows Retry while the header keeps working', async ({ page }) => {
  await login(page, ADMIN);
  await page.route('**/remotes/quotations/**', (route) => route.abort());
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Quotations' }).click();
  await expect(page.getByText('This section could not be loaded')).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  // The header and other routes still work while the remote is down.
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'CRM' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /CRM/ })).toBeVisible();

  // Once the remote is back, Retry loads it without a page reload.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Quotations' }).click();
  await expect(retry).toBeVisible();
  await page.unroute('**/remotes/quotations/**');
  await retry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotations' })).toBeVisible();
});
