import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm, type ApiSession } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

async function leadOf(request: APIRequestContext, admin: ApiSession, tenantId: string, name: string): Promise<string> {
  const phone = `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await api<{ id: string }>(request, admin, 'POST', '/crm/leads', { tenant_id: tenantId, name, phone1: phone });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** The page's headings in order as [level, text]: one h1, and no level skipped after it. */
async function headings(page: Page): Promise<[number, string][]> {
  return page
    .locator('main h1, main h2, main h3, main h4')
    .evaluateAll((nodes) => nodes.map((node) => [Number(node.tagName.slice(1)), (node.textContent ?? '').trim()] as [number, string]));
}

for (const { name, size } of WIDTHS) {
  test(`${name}: a lead's quotation accepted on its link wins the lead at its total, on the lead's page after a reload`, async ({ page, browser, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Quote Deal');
    const leadId = await leadOf(request, admin, tenant.id, 'Harbour Freight');
    const quotation = await api<{ id: string; number: string }>(request, admin, 'POST', '/quotations', {
      tenant_id: tenant.id,
      lead_id: leadId,
      company_name: 'Orbitra Ltd',
      client_name: 'Harbour Freight',
      title: 'Fleet payroll',
      tax_rate: 0,
      items: [{ description: 'Rollout', quantity: 2, rate: 600.25 }],
    });
    expect(quotation.status).toBe(201);
    const sent = await api<{ share_url: string }>(request, admin, 'POST', `/quotations/${quotation.body.id}/send`);
    expect(sent.status).toBe(200);

    await openCrm(page, ADMIN, tenant.id);
    await page.goto(`/crm/leads/${leadId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Freight' })).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText(`Quotation ${quotation.body.number} sent`);

    const client = await browser.newContext({ viewport: size });
    const clientPage = await client.newPage();
    await clientPage.goto(new URL(sent.body.share_url).pathname);
    await clientPage.getByRole('button', { name: 'Accept' }).click();
    const accept = clientPage.getByRole('dialog', { name: 'Accept quotation' });
    await accept.getByLabel('Your name').fill('Jane Client');
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(clientPage.getByText('Accepted by Jane Client')).toBeVisible();
    await client.close();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Freight' })).toBeVisible();
    await expect(page.getByText('Won', { exact: true })).toBeVisible();
    await expect(page.getByText(/1,200\.50 · 100%/)).toBeVisible();
    await expect(timeline).toContainText(`Pipeline stage changed to Won (quotation ${quotation.body.number} accepted)`);
    await expect(timeline).toContainText(`Value set to 1200.50 from quotation ${quotation.body.number}`);
    await expect(timeline).toContainText(`Quotation ${quotation.body.number} accepted`);
    await expect(timeline).toContainText(`Quotation ${quotation.body.number} viewed by the client`);

    // One h1 (the lead's name), one Timeline heading, and no heading level skipped.
    const outline = await headings(page);
    expect(outline.filter(([level]) => level === 1)).toEqual([[1, 'Harbour Freight']]);
    expect(outline.filter(([, text]) => text === 'Timeline')).toHaveLength(1);
    outline.forEach(([level], index) => expect(level - (outline[index - 1]?.[0] ?? 0)).toBeLessThanOrEqual(1));
  });

  test(`${name}: View Details opens a lead's page and Back returns to the filtered list; its stage change asks why it was lost`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Lead Page');
    const leadId = await leadOf(request, admin, tenant.id, 'Quayside Bakery');
    await leadOf(request, admin, tenant.id, 'Other Lead');

    await openCrm(page, ADMIN, tenant.id);
    await page.goto('/crm?tab=leads&q=Quayside');
    const card = page.getByRole('article', { name: 'Quayside Bakery' });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article', { name: 'Other Lead' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Actions for Quayside Bakery' }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/crm/leads/${leadId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Quayside Bakery' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    await page.getByRole('button', { name: 'Update Stage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Lead Pipeline Stage' });
    await expect(dialog.getByRole('textbox', { name: 'Lost reason (optional)' })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Pipeline stage' }).fill('lost');
    await dialog.getByRole('option', { name: /^Lost/ }).click();
    await dialog.getByRole('textbox', { name: 'Lost reason (optional)' }).fill('Went with a competitor');
    await dialog.getByRole('button', { name: 'Update Lead Stage' }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Went with a competitor')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Pipeline stage changed to Lost');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/crm\?tab=leads&q=Quayside$/);
    await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('Quayside');
    await expect(page.getByRole('article', { name: 'Quayside Bakery' })).toBeVisible();
  });
}
