import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createShortTenant, createStaffUser, createTenant, openCrm } from './helpers';
import { expectFits, PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

async function productAction(page: Page, productName: string, action: string) {
  await page
    .getByRole('article', { name: productName })
    .getByRole('button', { name: `Actions for ${productName}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

for (const { name, size } of WIDTHS) {
  test(`${name}: products are added to the catalogue, a quotation line picks one, and repricing or archiving it later leaves the quotation as made`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createShortTenant(request, admin, 'Catalogue', { currency: 'EUR' });
    await openCrm(page, ADMIN, tenant.id);

    // Found from the quotations area (and, on a wide screen, the sidebar's Catalogue).
    if (name === 'desktop') await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Catalogue' }).click();
    else {
      await page.goto('/quotations');
      await page.getByRole('navigation', { name: 'Quotations area' }).getByRole('link', { name: 'Catalogue' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Products and services' })).toBeVisible();
    await expect(page.getByText('No products yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    await form.getByLabel('Name').fill('Senior developer');
    await form.getByLabel('Description').fill('Design and development, billed by the hour');
    await form.getByLabel('Unit').selectOption('hour');
    await form.getByLabel('Price (€)').fill('95');
    await form.getByLabel('Tax rate (%)').fill('20');
    await expectFits(page, `catalogue-form-${name}`);
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(form).toBeHidden();
    const developer = page.getByRole('article', { name: 'Senior developer' });
    await expect(developer).toContainText('€95.00 per hour');
    await expect(developer).toContainText('20%');
    await expectFits(page, `catalogue-list-${name}`);

    // The builder's line offers it and copies it in.
    await page.getByRole('link', { name: 'All quotations' }).click();
    await page.getByRole('button', { name: 'New Quotation' }).click();
    const builder = page.getByRole('dialog', { name: 'Create New Quotation' });
    await builder.getByLabel('Client name').fill('Porto Labs');
    await builder.getByLabel('Quotation title').fill('From the catalogue');
    await builder.getByRole('button', { name: 'Next' }).click();
    const description = builder.getByRole('combobox', { name: 'Item 1 description' });
    await description.fill('senior');
    const option = page.getByRole('option', { name: /Senior developer/ });
    await expect(option).toContainText('€95.00 per hour');
    await expectFits(page, `catalogue-picker-${name}`);
    await option.click();
    await expect(description).toHaveValue('Senior developer — Design and development, billed by the hour');
    await expect(builder.getByLabel('Item 1 unit')).toHaveValue('hour');
    await expect(builder.getByLabel('Item 1 rate')).toHaveValue('95');
    await expect(builder.getByLabel('Tax rate (%)')).toHaveValue('20');
    await builder.getByLabel('Item 1 quantity').fill('1.5');
    // 1.5 × 95.00 = 142.50, plus 20 % tax (28.50).
    await expect(builder.getByLabel('Totals')).toContainText('Total (EUR)€171.00');
    await builder.getByRole('button', { name: 'Next' }).click();
    await builder.getByRole('button', { name: 'Save Quotation' }).click();
    await expect(builder).toBeHidden();
    const quotation = page.getByRole('article', { name: 'From the catalogue' });
    await expect(quotation).toContainText('€171.00');

    // Repriced and archived: the quotation is as it was made, and new lines no longer offer the product.
    await page.getByRole('navigation', { name: 'Quotations area' }).getByRole('link', { name: 'Catalogue' }).click();
    await productAction(page, 'Senior developer', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await edit.getByLabel('Price (€)').fill('120');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(developer).toContainText('€120.00 per hour');
    await productAction(page, 'Senior developer', 'Archive');
    await expect(developer).toBeHidden();
    await page.getByLabel('Show').selectOption('archived');
    await expect(developer).toContainText('Archived');

    await page.getByRole('link', { name: 'All quotations' }).click();
    await expect(quotation).toContainText('€171.00');
    await quotation.getByRole('button', { name: 'Actions for From the catalogue' }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'From the catalogue' });
    await expect(details).toContainText('1.5 hours');
    await expect(details).toContainText('€95.00');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'New Quotation' }).click();
    await builder.getByRole('button', { name: 'Next' }).click();
    await builder.getByRole('combobox', { name: 'Item 1 description' }).fill('senior');
    await expect(page.getByText('No product in the catalogue matches "senior": the line keeps what is typed.')).toBeVisible();
  });
}

test('a member of a tenant whose setup is for admins only reads the catalogue, without a control to change it', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Locked Catalogue');
  expect(
    (await api(request, admin, 'POST', '/crm/products', { tenant_id: tenant.id, name: 'Support plan', unit: 'month', price: 300, tax_rate: 8.25 })).status,
  ).toBe(201);
  expect((await api(request, admin, 'PUT', `/crm/tenants/${tenant.id}`, { setup_changes: 'admins' })).status).toBe(200);
  const member = await createStaffUser(request, admin, tenant.id, 'Mira Member');
  await openCrm(page, member, tenant.id);
  await page.goto('/quotations/products');
  await expect(page.getByRole('article', { name: 'Support plan' })).toContainText('$300.00 per month');
  await expect(page.getByText('Only admins change products and services in this tenant.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions for Support plan' })).toHaveCount(0);
});
