import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, login } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [PHONE, { width: 1366, height: 768 }];
// Each test signs in and walks the screens: on a machine shared by several runs it can outlast the default.
test.describe.configure({ timeout: 90_000 });
// The smallest PNG: signature, IHDR, IDAT and IEND (a 1 × 1 pixel).
const LOGO_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function openEditTenant(page: Page, tenant: { id: string; name: string }) {
  await login(page, ADMIN);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
  await page.getByRole('tab', { name: 'Tenants' }).click();
  await page.getByRole('button', { name: `Edit ${tenant.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Tenant' });
  const profile = dialog.getByRole('region', { name: 'Quotation profile' });
  await expect(profile.getByLabel('Company name')).toBeVisible();
  return { dialog, profile };
}

for (const size of WIDTHS) {
  test(`at ${size.width} px the tenant form saves its details and quotation profile with one Save, and asks before dropping edits`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'One Save');
    const { dialog, profile } = await openEditTenant(page, tenant);
    await expect(dialog.getByRole('button', { name: /^Save/ })).toHaveCount(1);

    await dialog.getByLabel('Description').fill('Our biggest client.');
    await profile.getByLabel('Company name').fill('One Save Ltd');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Description')).toHaveValue('Our biggest client.');
    await dialog.getByLabel('Description').focus();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Tenant updated')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const saved = (await api<Array<{ id: string; description: string | null }>>(request, admin, 'GET', '/crm/tenants')).body.find((t) => t.id === tenant.id)!;
    expect(saved.description).toBe('Our biggest client.');
    expect((await api<{ company_name: string }>(request, admin, 'GET', `/crm/tenants/${tenant.id}/quotation-profile`)).body.company_name).toBe('One Save Ltd');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });

  test(`at ${size.width} px a refused logo keeps its reason and blocks the save until it is removed or replaced`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Refused Logo');
    const { dialog, profile } = await openEditTenant(page, tenant);
    await dialog.getByLabel('Description').fill('Kept while the logo is refused.');
    const logo = profile.getByLabel('Logo');

    const refused = [
      { file: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('just some text') }, reason: 'Must be a PNG or JPEG image.' },
      {
        file: { name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]) },
        reason: 'Must be a PNG or JPEG image.',
      },
      { file: { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(264 * 1024, 7) }, reason: 'Must be at most 200 KB.' },
    ];
    for (const { file, reason } of refused) {
      await logo.setInputFiles(file);
      await expect(profile.getByText(reason)).toBeVisible();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(profile.getByText(reason)).toBeVisible();
      await expect(logo).toBeFocused();
      await expect(dialog).toBeVisible();
    }
    expect(
      (await api<Array<{ id: string; description: string | null }>>(request, admin, 'GET', '/crm/tenants')).body.find((t) => t.id === tenant.id)!.description,
    ).toBeNull();

    await profile.getByRole('button', { name: 'Remove file' }).click();
    await expect(profile.getByText('Must be at most 200 KB.')).toHaveCount(0);
    await logo.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(profile.getByText('Must be a PNG or JPEG image.')).toBeVisible();
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(LOGO_PNG, 'base64') });
    await expect(profile.getByRole('img', { name: 'Logo' })).toBeVisible();
    await expect(profile.getByText('Must be a PNG or JPEG image.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Tenant updated')).toBeVisible();
    const savedProfile = (await api<{ logo: string | null }>(request, admin, 'GET', `/crm/tenants/${tenant.id}/quotation-profile`)).body;
    expect(savedProfile.logo).toBe(LOGO_PNG);
  });
}
