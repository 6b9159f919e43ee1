import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiLogin, createStaffUser, login } from './helpers';
import { misfits } from './fit';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** A user of the demo tenant of their own, so a changed password or ended sessions touch no other test. */
async function ownAccount(request: APIRequestContext, label: string) {
  const admin = await apiLogin(request, ADMIN);
  const tenants = await (await request.get('/api/v1/crm/tenants', { headers: { Authorization: `Bearer ${admin.token}` } })).json();
  return createStaffUser(request, admin, tenants[0].id, label);
}

/** Whether the API still accepts a session's access token. */
async function stillSignedIn(request: APIRequestContext, token: string): Promise<boolean> {
  return (await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status() === 200;
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account of / }).click();
}

for (const size of WIDTHS) {
  test(`at ${size.width} px a user changes their own password from the user menu; their other sessions end, this one goes on`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const account = await ownAccount(request, `Pat Password ${size.width}`);
    const elsewhere = await apiLogin(request, account);
    await login(page, account);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await expect(dialog).toBeVisible();
    expect(await misfits(page)).toEqual([]);

    // The form's own rules first, beside their fields.
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('Password must be at least 8 characters.')).toBeVisible();

    // The server's refusal of a wrong current password, beside that field.
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill('my-new-password-1');
    await dialog.getByLabel('Repeat the new password').fill('my-new-password-1');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
    await expect(dialog.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your password has been changed. Your other sessions have been signed out.')).toBeVisible();

    // This browser goes on; the other session has ended; only the new password signs in.
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account of / })).toBeVisible();
    expect(await stillSignedIn(request, elsewhere.token)).toBe(false);
    const old = await request.post('/api/v1/auth/login', { data: account, headers: { 'X-CSRFToken': elsewhere.csrf } });
    expect(old.status()).toBe(401);
    await apiLogin(request, { email: account.email, password: 'my-new-password-1' });
  });

  test(`at ${size.width} px Sign out everywhere asks first, then ends this session and every other`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const account = await ownAccount(request, `Sam Everywhere ${size.width}`);
    const elsewhere = await apiLogin(request, account);
    await login(page, account);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await expect(confirm).toBeVisible();
    expect(await misfits(page)).toEqual([]);

    // Cancelling ends nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await stillSignedIn(request, elsewhere.token)).toBe(true);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByText('You have been signed out on every device.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(await stillSignedIn(request, elsewhere.token)).toBe(false);
  });
}
