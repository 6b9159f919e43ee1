import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

/** A staff user at home in the tenant, with the visibility given. */
async function staffUser(
  request: Parameters<typeof apiLogin>[0],
  admin: Awaited<ReturnType<typeof apiLogin>>,
  tenantId: string,
  fullName: string,
  visibility: 'own' | 'all',
) {
  const account = { email: `setup-${Date.now()}-${Math.floor(Math.random() * 1e6)}@other.example.com`, password: 'other-password-1' };
  const created = await api(request, admin, 'POST', '/auth/users', { ...account, full_name: fullName, tenant_id: tenantId, is_staff: true, visibility });
  expect(created.status).toBe(201);
  return account;
}

async function ownerChoices(page: Page): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Filter by owner' }).click();
  const options = page.getByRole('listbox', { name: 'Filter by owner' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  return (await options.allTextContents()).map((text) => text.trim());
}

for (const { name, size } of WIDTHS) {
  test(`${name}: an Own-records user's owner filter offers only Mine and Unassigned, and no bulk Assign to`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Own Filter');
    const colleague = `Colin Colleague ${Date.now()}`;
    await staffUser(request, admin, tenant.id, colleague, 'all');
    const own = await staffUser(request, admin, tenant.id, `Olga Own ${Date.now()}`, 'own');

    await openCrm(page, own, tenant.id);
    await page.goto('/crm?tab=prospects');
    expect(await ownerChoices(page)).toEqual(['Any owner', 'Mine', 'Unassigned']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Assign to' })).toHaveCount(0);

    // The leads list offers the same.
    await page.goto('/crm?tab=leads');
    expect(await ownerChoices(page)).toEqual(['Any owner', 'Mine', 'Unassigned']);
  });

  test(`${name}: with setup changes for admins only, a staff user cannot change statuses, stages or goals and is told why`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Setup Lock');
    const staff = await staffUser(request, admin, tenant.id, `Sami Staff ${Date.now()}`, 'all');

    // The admin sets it on the tenant form.
    await openCrm(page, ADMIN, tenant.id);
    await page.goto('/crm?tab=tenants');
    await page.getByRole('button', { name: `Edit ${tenant.name}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Tenant' });
    await expect(form.getByLabel('Setup changes')).toHaveValue('everyone');
    await form.getByLabel('Setup changes').selectOption({ label: 'Admins only' });
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Tenant updated')).toBeVisible();
    await page.goto('/crm?tab=tenants');
    await page.getByRole('button', { name: `Edit ${tenant.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Tenant' }).getByLabel('Setup changes')).toHaveValue('admins');
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());

    await openCrm(page, staff, tenant.id);
    await page.goto('/crm?tab=prospects');
    await expect(page.getByText('Only admins change statuses, stages and goals in this tenant.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Status' })).toHaveCount(0);
    await page.goto('/crm?tab=leads');
    await expect(page.getByRole('button', { name: 'Manage Stages' })).toHaveCount(0);
    await page.goto('/crm?tab=goals');
    await expect(page.getByRole('button', { name: 'Add Goal' })).toHaveCount(0);
    await expect(page.getByText('Only admins change statuses, stages and goals in this tenant.').first()).toBeVisible();

    // The server refuses it too, whatever the screen offered.
    const session = await apiLogin(request, staff);
    const refused = await api<{ detail: string }>(request, session, 'POST', '/crm/status-options', { tenant_id: tenant.id, name: 'Sneaky' });
    expect(refused).toEqual({ status: 403, body: { detail: "Only admins may change this tenant's statuses, stages and goals." } });
  });
}
