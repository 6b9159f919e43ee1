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
  // Its creation is audited too: the filter leaves the delete alone.
  await expect(table.getByRole('row')).toHaveCount(2);
  const deleted = table.getByRole('row').filter({ hasText: 'Short Lived Ltd' }).filter({ hasText: 'Prospect deleted' });
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

test('at 1366 px the Details column wraps inside the page, and a target is named with its id in a tooltip', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Audit Wrap');
  const fileName = `north-region-spring-campaign-prospects-from-the-trade-fair-${Date.now()}.json`;
  const upload = await api<{ import_id: string }>(request, admin, 'POST', '/crm/prospects/bulk', {
    tenant_id: tenant.id,
    file_name: fileName,
    prospects: [{ Name: 'Wrap Co', Phone1: '+1 415 555 7100' }],
  });
  expect(upload.status).toBe(200);
  expect((await api(request, admin, 'POST', `/crm/imports/${upload.body.import_id}/revert`)).status).toBe(200);

  await login(page, ADMIN);
  await page.goto('/audit');
  const filters = page.locator('#main-content');
  await filters.getByLabel('Tenant').selectOption({ label: tenant.name });
  await filters.getByLabel('Action').selectOption({ label: 'Import reverted' });
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);

  // The target reads as the file; its id is one hover (or one Tab) away.
  const target = row.getByText(fileName, { exact: true });
  await expect(target).toBeVisible();
  const tooltip = page.getByRole('tooltip', { name: `Id: ${upload.body.import_id}` });
  await expect(tooltip).toBeHidden();
  await target.hover();
  await expect(tooltip).toBeVisible();
  await expect(target).toHaveAccessibleDescription(`Id: ${upload.body.import_id}`);

  // Details: on screen to their last word, on more than one line, and nothing to scroll sideways.
  const details = row.getByRole('cell').last();
  for (const part of [`file name: ${fileName}`, 'removed: 1', 'kept: 0']) await expect(details).toContainText(part);
  const layout = await details.evaluate((cell) => {
    const scroller = cell.closest('[role=region]')!;
    const range = document.createRange();
    range.selectNodeContents(cell);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    return {
      lines,
      cellRight: cell.getBoundingClientRect().right,
      scrollerRight: scroller.getBoundingClientRect().right,
      overflow: scroller.scrollWidth - scroller.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(layout.lines).toBeGreaterThan(1);
  expect(layout.cellRight).toBeLessThanOrEqual(layout.scrollerRight);
  expect(layout.overflow).toBe(0);
  expect(layout.pageOverflow).toBe(0);
});

test('at 390 px each entry is a card: its Action, Target and Details are read without scrolling sideways', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Audit Phone');
  const created = await api<{ id: string }>(request, admin, 'POST', '/crm/prospects', {
    tenant_id: tenant.id,
    name: 'Pocket Sized Ltd',
    phone1: '+1 555 700 7390',
  });
  expect(created.status).toBe(201);
  expect((await api(request, admin, 'DELETE', `/crm/prospects/${created.body.id}`)).status).toBe(200);

  await login(page, ADMIN);
  await page.goto('/audit');
  await page.locator('#main-content').getByLabel('Tenant').selectOption({ label: tenant.name });
  const table = page.getByRole('table');
  const rows = table.getByRole('rowgroup').last().getByRole('row');
  await expect(rows.filter({ hasText: 'Prospect deleted' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Prospect created' })).toHaveCount(1);

  const scroller = page.getByRole('region', { name: 'Audit entries' });
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const frame = (await scroller.boundingBox())!;
  for (const row of await rows.all()) {
    // Action, Target and Details: the 4th, 5th and last cells of an entry.
    for (const cell of [row.getByRole('cell').nth(3), row.getByRole('cell').nth(4), row.getByRole('cell').last()]) {
      await expect(cell).toBeVisible();
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(frame.x + frame.width, 390) + 0.5);
    }
  }
  await expect(rows.filter({ hasText: 'Prospect deleted' }).getByRole('cell').nth(3)).toHaveText('Prospect deleted');
});
