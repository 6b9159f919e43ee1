import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, login, type ApiSession } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [PHONE, { width: 1366, height: 768 }];
// Each test signs in and walks the screens: on a machine shared by several runs it can outlast the default.
test.describe.configure({ timeout: 90_000 });

async function teamsOf(request: APIRequestContext, admin: ApiSession, tenantId: string) {
  return (await api<Array<{ id: string; name: string; member_ids: string[] }>>(request, admin, 'GET', `/crm/teams?tenant_id=${tenantId}`)).body;
}

async function openEdit(page: Page, email: string) {
  await page.getByLabel('Search users by email or full name').fill(email);
  await page
    .getByRole('article')
    .filter({ hasText: email })
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  return page.getByRole('dialog', { name: 'Edit User' });
}

for (const size of WIDTHS) {
  test(`at ${size.width} px an admin sets a user's team on the user form, when adding and when editing`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Team Form');
    for (const name of ['North', 'South']) expect((await api(request, admin, 'POST', '/crm/teams', { tenant_id: tenant.id, name })).status).toBe(201);
    const existing = await createStaffUser(request, admin, tenant.id, 'Tess Teamless');

    await login(page, ADMIN);
    await page.goto('/users');
    const edit = await openEdit(page, existing.email);
    const team = edit.getByLabel('Team', { exact: true });
    await expect(team).toHaveValue('');
    await expect(team.getByRole('option')).toHaveText(['No team', 'North', 'South']);
    await team.selectOption({ label: 'North' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toHaveCount(0);
    const users = (await api<Array<{ id: string; email: string }>>(request, admin, 'GET', '/auth/users')).body;
    const existingId = users.find((u) => u.email === existing.email)!.id;
    await expect.poll(async () => (await teamsOf(request, admin, tenant.id)).find((t) => t.name === 'North')!.member_ids).toEqual([existingId]);

    await page.reload();
    const again = await openEdit(page, existing.email);
    await expect(again.getByLabel('Team', { exact: true })).toHaveValue((await teamsOf(request, admin, tenant.id)).find((t) => t.name === 'North')!.id);
    await again.getByRole('button', { name: 'Cancel' }).click();

    const email = `new-${Date.now()}-${size.width}@team.example.com`;
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('team-password-1');
    await add.getByLabel('Tenant', { exact: true }).selectOption({ label: tenant.name });
    await add.getByLabel('Team', { exact: true }).selectOption({ label: 'South' });
    await add.getByRole('button', { name: 'Create User' }).click();
    await expect(add).toHaveCount(0);
    const created = (await api<Array<{ id: string; email: string }>>(request, admin, 'GET', '/auth/users')).body.find((u) => u.email === email)!;
    await expect.poll(async () => (await teamsOf(request, admin, tenant.id)).find((t) => t.name === 'South')!.member_ids).toEqual([created.id]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}
