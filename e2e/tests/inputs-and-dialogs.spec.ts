import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, openCrm } from './helpers';

/** Every screen point holds on a phone and on a laptop. */
const WIDTHS = [390, 1366] as const;

async function cardAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  // Picked by keyboard: the item is chosen wherever the menu opens.
  await page.getByRole('menuitem', { name: action }).press('Enter');
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test("a search the server refuses shows its reason under the box, not an outage; the box takes only the contract's length", async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Long search');
      await openCrm(page, ADMIN, tenant.id);
      const search = page.getByRole('searchbox', { name: 'Search prospects' });
      await expect(search).toHaveAttribute('maxlength', '200');

      // A shared link can still carry a longer search than the box lets anyone type.
      await page.goto(`/crm?q=${'x'.repeat(201)}`);
      await expect(search).toHaveAccessibleDescription('Must be at most 200 characters.');
      await expect(search).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Failed to load prospects')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

      await search.fill('anything');
      await expect(search).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('No prospects found')).toBeVisible();
    });

    test('Save view keeps focus on the name after a duplicate, and Escape closes it, asking first about the typed name', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Focus');
      const staff = await createStaffUser(request, admin, tenant.id, 'Fay Focus');
      expect(
        (await api(request, await apiLogin(request, staff), 'POST', '/crm/views', { tenant_id: tenant.id, target: 'prospects', name: 'Mine', query: {} }))
          .status,
      ).toBe(201);
      await openCrm(page, staff, tenant.id);

      await page.getByRole('button', { name: 'Views', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Save current view…' }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Save current view' });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      await expect(name).toHaveAttribute('data-max-characters', '100');
      await name.fill('Mine');
      await dialog.getByRole('button', { name: 'Save View' }).click();
      await expect(dialog.getByText('You already have a view with this name here.')).toBeVisible();
      await expect(name).toBeFocused();

      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
      await expect(discard).toBeVisible();
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await expect(discard).toBeHidden();
      await expect(name).toHaveValue('Mine');

      await page.keyboard.press('Escape');
      await discard.getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toBeHidden();

      // Nothing typed: Escape closes at once.
      await page.getByRole('button', { name: 'Views', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Save current view…' }).press('Enter');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(discard).toHaveCount(0);
    });

    test('the upload dialog has the title the spec gives it', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Upload title');
      await openCrm(page, ADMIN, tenant.id);
      await page.getByRole('button', { name: 'Upload JSON' }).click();
      await expect(page.getByRole('dialog', { name: 'Upload JSON File' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Upload JSON File' })).toBeVisible();
    });

    test('a phone typed with an extension shows it and dials it', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Extension');
      const created = await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name: 'Switchboard Ltd', phone1: '(415) 555-0199 ext. 5' });
      expect(created.status).toBe(201);
      await openCrm(page, ADMIN, tenant.id);
      const phone = page.getByRole('article', { name: 'Switchboard Ltd' }).getByRole('link', { name: '+1 415 555 0199 ext. 5' });
      await expect(phone).toBeVisible();
      await expect(phone).toHaveAttribute('href', 'tel:+14155550199;ext=5');
    });

    test('Website takes only a web address: a script address is the field error, and a site links over https', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Website');
      await openCrm(page, ADMIN, tenant.id);
      await page.getByRole('button', { name: 'Add Prospect' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Prospect' });
      await expect(dialog.getByRole('textbox', { name: 'Website' })).toHaveAttribute('data-max-characters', '500');
      await dialog.getByRole('textbox', { name: /Company name/ }).fill('Script Co');
      await dialog.getByRole('textbox', { name: /Phone 1/ }).fill('+1 415 555 0177');
      await dialog.getByRole('textbox', { name: 'Website' }).fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: 'Add Prospect' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription(
        'Must be a web address starting with http:// or https://, such as https://example.com.',
      );
      await expect(dialog.getByRole('textbox', { name: 'Website' })).toBeFocused();
      await dialog.getByRole('textbox', { name: 'Website' }).fill('script.example.com');
      await dialog.getByRole('button', { name: 'Add Prospect' }).click();
      await expect(dialog).toBeHidden();

      await cardAction(page, 'Script Co', 'View Details');
      await expect(page.getByRole('heading', { level: 1, name: 'Script Co' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'script.example.com' })).toHaveAttribute('href', 'https://script.example.com');
    });

    test('a lead value takes thousands separators, and a form with changes asks before Escape drops them', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Value');
      expect((await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Grouped Deal', phone1: '+1 415 555 0166' })).status).toBe(201);
      await openCrm(page, ADMIN, tenant.id);
      await page.goto('/crm?tab=leads');
      await cardAction(page, 'Grouped Deal', 'Edit Value');
      const edit = page.getByRole('dialog', { name: 'Edit Value' });
      const value = edit.getByRole('textbox', { name: 'Value (USD)' });
      await value.fill('1,500.50');

      await page.keyboard.press('Escape');
      const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await expect(value).toHaveValue('1,500.50');

      await value.fill('1,50');
      await edit.getByRole('button', { name: 'Save Value' }).click();
      await expect(value).toHaveAccessibleDescription('Commas may only separate thousands, as in 1,500.50 (the decimal point is a dot).');
      await value.fill('1,500.50');
      await edit.getByRole('button', { name: 'Save Value' }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole('article', { name: 'Grouped Deal' }).getByText(/\$1,500\.50/)).toBeVisible();
    });
  });
}
