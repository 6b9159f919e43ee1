import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, openCrm } from './helpers';

test('a filtered list survives a reload, and a saved view brings the filter back until it is deleted', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Views');
  for (const [i, name] of ['Northwind Traders', 'Bluebird Dental', 'Northgate Clinic'].entries()) {
    expect((await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name, phone1: `+1 415 555 07${i}1` })).status).toBe(201);
  }
  const staff = await createStaffUser(request, admin, tenant.id, 'Vera Views');
  const cards = page.getByRole('article');
  const search = page.getByRole('searchbox', { name: 'Search prospects' });

  await openCrm(page, staff, tenant.id);
  await expect(cards).toHaveCount(3);
  await search.fill('Bluebird');
  await expect(page).toHaveURL(/[?&]q=Bluebird(&|$)/);
  await expect(cards).toHaveCount(1);

  await page.reload();
  await expect(search).toHaveValue('Bluebird');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Bluebird Dental' })).toBeVisible();

  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Dentists');
  await dialog.getByRole('checkbox', { name: 'Share with my team' }).check();
  await dialog.getByRole('button', { name: 'Save View' }).click();
  await expect(dialog).toBeHidden();

  await search.fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(cards).toHaveCount(3);

  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Dentists (shared)' }).click();
  await expect(search).toHaveValue('Bluebird');
  await expect(cards).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]q=Bluebird(&|$)/);

  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete "Dentists"…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete View' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Save current view…']);
  // The filter stays as it was: deleting a view is not clearing the list.
  await expect(search).toHaveValue('Bluebird');
});
