import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, openCrm } from './helpers';

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const ownerOf = (page: Page, name: string) =>
  card(page, name)
    .locator('dt', { hasText: /^Owner$/ })
    .locator('xpath=following-sibling::dd[1]');

test('an admin ticks two prospects, assigns them to a staff member, sees them named on the cards and finds them by owner', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Assign');
  await createStaffUser(request, admin, tenant.id, 'Sam Assignee');
  const names = ['Assign One Ltd', 'Assign Two Ltd', 'Leave Alone Ltd'];
  for (const [index, name] of names.entries())
    expect((await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name, phone1: `+1 555 047 000${index + 1}` })).status).toBe(201);

  await openCrm(page, ADMIN, tenant.id);
  await expect(page.getByText('Showing 3 of 3 prospects')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Assign One Ltd' }).check();
  await page.getByRole('checkbox', { name: 'Select Assign Two Ltd' }).check();
  await expect(page.getByText('2 prospects selected')).toBeVisible();

  await page.getByRole('button', { name: 'Assign to' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign to' });
  await expect(dialog.getByRole('radio', { name: 'The 2 prospects selected' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Owner' }).selectOption({ label: 'Sam Assignee' });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Assigned 2 prospects to Sam Assignee')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(ownerOf(page, 'Assign One Ltd')).toHaveText('Sam Assignee');
  await expect(ownerOf(page, 'Assign Two Ltd')).toHaveText('Sam Assignee');
  await expect(ownerOf(page, 'Leave Alone Ltd')).not.toHaveText('Sam Assignee');

  await page.getByRole('combobox', { name: 'Filter by owner' }).click();
  await page.getByRole('option', { name: /Sam Assignee/ }).click();
  await expect(page.getByText('Showing 2 of 2 prospects')).toBeVisible();
  await expect(card(page, 'Assign One Ltd')).toBeVisible();
  await expect(card(page, 'Assign Two Ltd')).toBeVisible();
  await expect(card(page, 'Leave Alone Ltd')).toBeHidden();
});
