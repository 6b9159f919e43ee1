import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_IMAP_USER } from '../mail-sink';
import { ADMIN, api, apiLogin, login, type ApiSession } from './helpers';

/** A user of its own for each test, so tests running side by side never see each other's accounts. */
async function newUser(request: APIRequestContext, admin: ApiSession, label: string) {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = `${label}-password-1`;
  const { status } = await api(request, admin, 'POST', '/auth/users', { email, password, is_staff: true });
  expect(status).toBe(201);
  return { email, password };
}

async function openEmail(page: Page) {
  await page.getByRole('link', { name: 'Email' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Accounts' })).toBeVisible();
}

/** Points the form's servers at the run's own IMAP and SMTP servers: saving checks both, and the test needs no network. */
async function useTestServers(dialog: ReturnType<Page['getByRole']>) {
  const incoming = dialog.getByRole('group', { name: 'Incoming mail (IMAP)' });
  await incoming.getByLabel('Server').fill('127.0.0.1');
  await incoming.getByLabel('Port').fill(process.env.E2E_IMAP_PORT!);
  await incoming.getByLabel('Security').selectOption('none');
  const outgoing = dialog.getByRole('group', { name: 'Outgoing mail (SMTP)' });
  await outgoing.getByLabel('Server').fill('127.0.0.1');
  await outgoing.getByLabel('Port').fill(process.env.E2E_SMTP_PORT!);
  await outgoing.getByLabel('Security').selectOption('none');
  await dialog.getByLabel('Login name (optional)').fill(E2E_IMAP_USER.user);
}

async function manage(page: Page) {
  await page.getByRole('button', { name: 'Manage Accounts' }).click();
  return page.getByRole('dialog', { name: 'Manage Email Accounts' });
}

test('signed out, /email goes home with the sign-in message', async ({ page }) => {
  await page.goto('/email');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Please log in to access email.')).toBeVisible();
});

test('an owner adds, reveals, copies, opens, edits and deletes an email account; another user sees none of it', async ({ page, context, request, browser }) => {
  const admin = await apiLogin(request, ADMIN);
  const owner = await newUser(request, admin, 'mailbox-owner');
  const other = await newUser(request, admin, 'mailbox-other');
  const address = `sales-${Date.now()}@orbitra.test`;
  const password = E2E_IMAP_USER.password;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The provider's web mail is stood in for, so the test needs no network.
  await context.route('https://mail.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Gmail stand-in</title>' }));

  await login(page, owner);
  await openEmail(page);
  await expect(page.getByText('No Email Accounts')).toBeVisible();

  // Add
  let dialog = await manage(page);
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in email address and password');
  await dialog.getByLabel('Email address').fill(address);
  await dialog.getByLabel('Provider').selectOption({ label: 'Gmail' });
  await dialog.getByLabel('Password').fill(password);
  await useTestServers(dialog);
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByText('Email account created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const details = page.getByRole('region', { name: address });
  await expect(details.getByText('Gmail')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Email accounts' }).getByText('Active')).toBeVisible();
  await expect(details.getByText('Never')).toBeVisible();

  // Reveal and hide
  await expect(page.getByText(password)).toHaveCount(0);
  await details.getByRole('button', { name: 'View Password' }).click();
  await expect(details.getByText(password)).toBeVisible();
  await expect(details.getByText('Never')).toHaveCount(0);
  await details.getByRole('button', { name: 'Hide Password' }).click();
  await expect(page.getByText(password)).toHaveCount(0);

  // Copy
  await details.getByRole('button', { name: 'Copy Password' }).click();
  await expect(details.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByText('Password copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await expect(details.getByRole('button', { name: 'Copied' })).toHaveCount(0, { timeout: 4_000 });
  await expect(details.getByRole('button', { name: 'Copy Password' })).toBeVisible();

  // Open the web interface in a new tab, without a handle back to this one
  const [popup] = await Promise.all([page.waitForEvent('popup'), details.getByRole('link', { name: 'Open Web Interface' }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/^https:\/\/mail\.google\.com\/?$/);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();

  // Another user sees none of it, through the page or the API
  const accountId = (await api<Array<{ id: string; email_address: string }>>(request, await apiLogin(request, owner), 'GET', '/email/accounts')).body.find(
    (a) => a.email_address === address,
  )!.id;
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await login(otherPage, other);
  await openEmail(otherPage);
  await expect(otherPage.getByText('No Email Accounts')).toBeVisible();
  await expect(otherPage.getByText(address)).toHaveCount(0);
  await otherContext.close();
  const intruder = await apiLogin(request, other);
  expect((await api(request, intruder, 'GET', `/email/accounts/${accountId}/password`)).status).toBe(404);
  expect((await api(request, admin, 'GET', `/email/accounts/${accountId}/password`)).status).toBe(404);

  // Edit, keeping the password
  const renamed = `team-${Date.now()}@orbitra.test`;
  dialog = await manage(page);
  await dialog.getByRole('button', { name: `Edit ${address}` }).click();
  await expect(dialog.getByLabel('New password (optional)')).toHaveValue('');
  await dialog.getByLabel('Email address').fill(renamed);
  await dialog.getByLabel('Provider').selectOption({ label: 'Zoho Mail' });
  await useTestServers(dialog);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Email account updated successfully')).toBeVisible();
  const renamedDetails = page.getByRole('region', { name: renamed });
  await expect(renamedDetails.getByText('Zoho Mail')).toBeVisible();
  await expect(renamedDetails.getByRole('link', { name: 'Open Web Interface' })).toHaveAttribute('href', 'https://mail.zoho.com');
  await renamedDetails.getByRole('button', { name: 'View Password' }).click();
  await expect(renamedDetails.getByText(password)).toBeVisible();

  // Delete through the app's own confirmation dialog: the browser's confirm never opens.
  dialog = await manage(page);
  let browserDialogs = 0;
  page.on('dialog', (native) => {
    browserDialogs += 1;
    void native.dismiss();
  });
  await dialog.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirmation = page.getByRole('dialog', { name: 'Delete Email Account' });
  await expect(confirmation).toContainText(renamed);
  await confirmation.getByRole('button', { name: 'Delete' }).click();
  expect(browserDialogs).toBe(0);
  await expect(page.getByText('Email account deleted successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText('No Email Accounts')).toBeVisible();
});
