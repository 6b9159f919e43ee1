import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, api, apiLogin, createShortTenant, openCrm } from './helpers';
import { expectFits, PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

for (const { name, size } of WIDTHS) {
  test(`${name}: a quotation of an EUR tenant is built, listed, shown to the client and printed in euros, and keeps them when the tenant changes currency`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createShortTenant(request, admin, 'Euro Quotes', { currency: 'EUR' });

    await openCrm(page, ADMIN, tenant.id);
    await page.goto('/quotations/new');
    const dialog = page.getByRole('dialog', { name: 'Create New Quotation' });
    await dialog.getByLabel('Client name').fill('Lisboa Clinics');
    await dialog.getByLabel('Quotation title').fill('Storage in euros');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('Subscription plan')).toHaveValue('Base Plan - €50/month');
    await expect(dialog.getByLabel('Additional storage rate per block (€)')).toHaveValue('0.09');
    await dialog.getByLabel('Item 1 description').fill('Storage block');
    await dialog.getByLabel('Item 1 quantity').fill('0.5');
    await dialog.getByLabel('Item 1 rate').fill('163.20');
    await dialog.getByLabel('Tax rate (%)').fill('0');
    await expect(dialog.getByLabel('Item 1 amount')).toHaveText('€81.60');
    await expect(dialog.getByLabel('Totals')).toContainText('Total (EUR)€81.60');
    await expect(dialog.getByLabel('Totals')).not.toContainText('$');
    await expectFits(page, `quotation-currency-builder-${name}`);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('Terms and conditions')).toHaveValue('Prices in EUR.');
    await expect(dialog.getByLabel('Storage pricing note')).toContainText('€0.09 per 200 MB block');
    await dialog.getByRole('button', { name: 'Save Quotation' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: 'Storage in euros' });
    await expect(card).toContainText('€81.60');
    const value = page.locator('[data-stat="total_value"]');
    await expect(value).toContainText('Total Value (EUR)');
    await expect(value).toContainText('€81.60');
    await expectFits(page, `quotation-currency-list-${name}`);

    // The client's page and the PDF.
    const listed = await api<{ quotations: { id: string }[] }>(request, admin, 'GET', `/quotations?tenant_id=${tenant.id}`);
    const id = listed.body.quotations[0]!.id;
    const sent = await api<{ share_url: string }>(request, admin, 'POST', `/quotations/${id}/send`);
    expect(sent.status).toBe(200);
    const client = await page.context().newPage();
    await client.setViewportSize(size);
    await client.goto(new URL(sent.body.share_url).pathname);
    const document = client.getByRole('article', { name: /^Quotation Q-/ });
    await expect(document).toContainText('Total (EUR)€81.60');
    await expect(document).toContainText('€163.20');
    await expect(document).not.toContainText('$');
    await expectFits(client, `quotation-currency-client-${name}`);
    const downloading = client.waitForEvent('download');
    await client.getByRole('link', { name: 'Download PDF' }).click();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'quotation-currency-')), 'quotation.pdf');
    await (await downloading).saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toMatch(/Total \(EUR\)\s+€81\.60/);
    await client.close();

    // The tenant moves to USD: the quotation keeps its euros, and the total value (now of USD quotations) leaves it out and says so.
    expect((await api(request, admin, 'PUT', `/crm/tenants/${tenant.id}`, { currency: 'USD' })).status).toBe(200);
    await page.reload();
    await expect(card).toContainText('€81.60');
    await expect(value).toContainText('Total Value (USD)');
    await expect(value).toContainText('$0.00');
    await expect(value).toContainText('Leaves out 1 quotation in other currencies');
    await expectFits(page, `quotation-currency-changed-${name}`);
  });
}
