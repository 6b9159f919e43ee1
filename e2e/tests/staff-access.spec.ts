import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, login } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [PHONE, { width: 1366, height: 768 }];
test.describe.configure({ timeout: 90_000 });

for (const size of WIDTHS) {
  test(`at ${size.width} px an account without the staff flag is told it has no staff access on every staff page, and asks for nothing it would be refused`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'No Staff');
    const account = { email: `no-staff-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, password: 'no-staff-password-1' };
    expect((await api(request, admin, 'POST', '/auth/users', { ...account, full_name: 'Nora Nostaff', tenant_id: tenant.id, is_staff: false })).status).toBe(
      201,
    );
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/') && response.status() === 403) refused.push(response.url());
    });

    await login(page, account);
    for (const path of ['/crm', '/quotations', '/messages', '/email']) {
      if (path !== '/crm') await page.goto(path);
      await expect(page.getByRole('heading', { name: 'No staff access' })).toBeVisible();
      await expect(page.getByText('This account has no staff access')).toBeVisible();
    }
    await expect(page.getByLabel('Tenant', { exact: true })).toHaveCount(0);
    expect(refused).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });

  test(`at ${size.width} px staff of a tenant that does not receive website enquiries see that they have no access to the messages`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Not The Inbox');
    const account = await createStaffUser(request, admin, tenant.id, 'Otto Outside');
    await login(page, account);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'No access to website messages' })).toBeVisible();
    await expect(page.getByText('Website messages go to the tenant that receives website enquiries')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });

  test(`at ${size.width} px the tenant form shows which tenant receives website enquiries`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Form Inbox');
    const tenants = (await api<Array<{ id: string; name: string; receives_website_enquiries: boolean }>>(request, admin, 'GET', '/crm/tenants')).body;
    const receiving = tenants.find((t) => t.receives_website_enquiries)!;
    expect(tenants.filter((t) => t.receives_website_enquiries)).toHaveLength(1);

    await login(page, ADMIN);
    await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
    await page.getByRole('tab', { name: 'Tenants' }).click();
    await page.getByRole('button', { name: `Edit ${tenant.name}` }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Tenant' });
    const box = dialog.getByRole('checkbox', { name: 'Receives website enquiries' });
    await expect(box).not.toBeChecked();
    await expect(box).toBeEnabled();
    await box.scrollIntoViewIfNeeded();
    await expect(box).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: `Edit ${receiving.name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Tenant' });
    const marked = dialog.getByRole('checkbox', { name: 'Receives website enquiries' });
    await expect(marked).toBeChecked();
    await expect(marked).toBeDisabled();
    await expect(dialog.getByText('To move them, tick this on another tenant.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}
