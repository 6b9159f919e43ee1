import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, openCrm } from './helpers';

test("an admin makes a team with a member and narrows a user's visibility to their own records; both hold after a reload", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Teams');
  const fullName = `Tia Teammate ${Date.now()}`;
  const account = await createStaffUser(request, admin, tenant.id, fullName);

  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('button', { name: 'Manage Teams' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Teams' });
  await expect(manage.getByText('No Teams')).toBeVisible();
  await manage.getByRole('button', { name: 'Create First Team' }).click();
  const form = page.getByRole('dialog', { name: 'Add Team' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Inbound');
  const picker = form.getByRole('combobox', { name: 'Add member' });
  await picker.click();
  await picker.fill('Tia');
  await form.getByRole('option', { name: new RegExp(fullName) }).click();
  await expect(form.getByRole('list', { name: 'Members' })).toContainText(fullName);
  await form.getByRole('button', { name: 'Create Team' }).click();
  await expect(form).toHaveCount(0);
  await expect(manage.getByRole('group', { name: 'Members of Inbound' })).toContainText(fullName);

  await page.reload();
  await page.getByRole('button', { name: 'Manage Teams' }).click();
  await expect(page.getByRole('dialog', { name: 'Manage Teams' }).getByRole('group', { name: 'Members of Inbound' })).toContainText(fullName);
  await page.keyboard.press('Escape');

  // The user form: Own records, kept by the server.
  await page.goto('/users');
  await page.getByLabel('Search users by email or full name').fill(account.email);
  const card = page.getByRole('article', { name: new RegExp(fullName) });
  await card.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Visibility')).toHaveValue('all');
  await edit.getByLabel('Visibility').selectOption({ label: 'Own records' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);

  await page.reload();
  await page.getByLabel('Search users by email or full name').fill(account.email);
  await card.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit User' }).getByLabel('Visibility')).toHaveValue('own');

  // What the user's own session says: their team and their narrower view.
  const member = await apiLogin(request, account);
  const me = await api<{ visibility: string; team_id: string | null }>(request, member, 'GET', '/auth/me');
  const teams = await api<Array<{ id: string; name: string }>>(request, admin, 'GET', `/crm/teams?tenant_id=${tenant.id}`);
  expect(me.body).toMatchObject({ visibility: 'own', team_id: teams.body.find((team) => team.name === 'Inbound')!.id });
});
