import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, login, STAFF } from './helpers';

test('a failed sign-in and a prospect delete show in the Audit Log, and its filters find them', async ({ page, request }) => {
  const stranger = `intruder-${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByLabel('Email').fill(stranger);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('form', { name: 'Log in' }).getByText('Invalid email or password.')).toBeVisible();

  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Audit');
  const created = await api<{ id: string }>(request, admin, 'POST', '/crm/prospects', {
    tenant_id: tenant.id,
    name: 'Short Lived Ltd',
    phone1: '+1 555 700 7000',
  });
  expect(created.status).toBe(201);
  expect((await api(request, admin, 'DELETE', `/crm/prospects/${created.body.id}`)).status).toBe(200);

  await login(page, ADMIN);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: stranger }).filter({ hasText: 'Failed sign-in' })).toBeVisible();

  // The header has the tenant picker; the filters are those of the page.
  const filters = page.locator('#main-content');
  await filters.getByLabel('Action').selectOption({ label: 'Prospect deleted' });
  await filters.getByLabel('Tenant').selectOption({ label: tenant.name });
  const deleted = table.getByRole('row').filter({ hasText: 'Short Lived Ltd' });
  await expect(deleted).toBeVisible();
  await expect(deleted).toContainText(ADMIN.email);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(stranger)).toHaveCount(0);

  await filters.getByLabel('Action').selectOption({ label: 'All actions' });
  await filters.getByLabel('Tenant').selectOption({ label: 'All tenants' });
  await filters.getByLabel('Who').fill(stranger);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Failed sign-in');
});

test('staff do not see the Audit Log', async ({ page }) => {
  await login(page, STAFF);
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByText('Access Denied')).toBeVisible();
});
