import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, STAFF, api, apiLogin, createStaffUser, createTenant, login, type ApiSession } from './helpers';

interface QuotationRow {
  id: string;
  number: string;
  title: string;
  status: string;
  total: number;
  share_url: string | null;
}

/** Signs in and opens the quotations of one tenant, chosen in the header picker. */
async function openQuotations(page: Page, account: { email: string; password: string }, tenantId: string) {
  await login(page, account);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenantId);
  await page.getByRole('link', { name: 'Quotations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotations' })).toBeVisible();
  await expect(page.getByText(/Showing \d+ of \d+ quotations/)).toBeVisible();
}

async function createQuotation(request: APIRequestContext, session: ApiSession, tenantId: string, title: string) {
  const { status, body } = await api<QuotationRow>(request, session, 'POST', '/quotations', {
    tenant_id: tenantId,
    title,
    client_name: 'Jane Client',
    client_email: 'jane@client.example.com',
    items: [{ description: 'Setup', quantity: 1, rate: 400 }],
  });
  expect(status).toBe(201);
  return body;
}

// A 1 × 1 PNG, as a logo.
const LOGO_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

async function cardAction(page: Page, title: string, action: string) {
  await card(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a quotation is built in three steps, listed on top with its total, edited, printed and downloaded as a PDF', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Quotes');
  await createQuotation(request, admin, tenant.id, 'Older quotation');
  await openQuotations(page, ADMIN, tenant.id);

  await page.getByRole('button', { name: 'New Quotation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Quotation' });
  await expect(dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByRole('button', { name: 'Save Quotation' })).toHaveCount(0);
  await dialog.getByLabel('Company name').fill('Orbitra Group');
  await dialog.getByLabel('Client name').fill('Acme Client');
  await dialog.getByLabel('Client email').fill('not-an-email');
  await dialog.getByLabel('Quotation title').fill('Website Rebuild');
  await dialog.getByRole('button', { name: 'Next' }).click();
  // A bad email keeps the user on the step that holds it.
  await expect(dialog.getByText('Must be a valid email address.')).toBeVisible();
  await dialog.getByLabel('Client email').fill('buyer@acme.example.com');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByLabel('Item 1 description').fill('Design');
  await dialog.getByLabel('Item 1 quantity').fill('2');
  await dialog.getByLabel('Item 1 rate').fill('1500');
  await dialog.getByRole('button', { name: '+ Add Item' }).click();
  await dialog.getByLabel('Item 2 description').fill('Hosting');
  await dialog.getByLabel('Item 2 quantity').fill('12');
  await dialog.getByLabel('Item 2 rate').fill('25.50');
  await expect(dialog.getByLabel('Item 2 amount')).toHaveText('$306.00');
  await dialog.getByLabel('Discount rate (%)').fill('10');
  // 3,306.00 − 330.60 = 2,975.40, plus 8.25 % tax (245.47).
  await expect(dialog.getByRole('definition').filter({ hasText: '$3,220.87' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByLabel('Storage pricing note')).toContainText('1 GB = 4 extra blocks × $0.09 = $0.36 per month');
  await expect(dialog.getByLabel('Quote number')).toHaveValue('Number assigned on save');
  // Print shows the quotation alone.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await dialog.getByRole('button', { name: 'Print Quotation' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.getByText('QUOTATION', { exact: true })).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('QUOTATION', { exact: true })).toBeVisible();
  await expect(page.getByText('Create New Quotation')).toBeHidden();
  await expect(page.getByText('Manage and track your business quotations')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await dialog.getByRole('button', { name: 'Save Quotation' }).click();
  await expect(page.getByText('Your quotation has been saved successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const first = page.getByRole('list', { name: 'Quotations' }).getByRole('article').first();
  await expect(first).toHaveAttribute('aria-label', 'Website Rebuild');
  await expect(first).toContainText('$3,220.87');
  await expect(first).toContainText('Acme Client');
  await expect(page.getByText('Showing 2 of 2 quotations')).toBeVisible();

  // Edit: the builder opens with the saved values.
  await cardAction(page, 'Website Rebuild', 'Edit Quotation');
  const edit = page.getByRole('dialog', { name: 'Edit Quotation' });
  await expect(edit.getByLabel('Quotation title')).toHaveValue('Website Rebuild');
  await expect(edit.getByLabel('Client email')).toHaveValue('buyer@acme.example.com');
  await edit.getByLabel('Quotation title').fill('Website Rebuild v2');
  await edit.getByRole('button', { name: 'Next' }).click();
  await expect(edit.getByLabel('Item 2 rate')).toHaveValue('25.5');
  await edit.getByLabel('Item 2 quantity').fill('24');
  await edit.getByRole('button', { name: 'Next' }).click();
  await edit.getByRole('button', { name: 'Save Quotation' }).click();
  await expect(edit).toBeHidden();
  // 3,612.00 − 361.20 = 3,250.80, plus 268.19 tax.
  await expect(card(page, 'Website Rebuild v2')).toContainText('$3,518.99');

  // The PDF is a real file with the quotation's text.
  const downloading = page.waitForEvent('download');
  await cardAction(page, 'Website Rebuild v2', 'Download PDF');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Q-\d{8}-\d{3}\.pdf$/);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'quotation-pdf-')), 'quotation.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('QUOTATION');
  expect(text).toContain('3,518.99');
  expect(text).toContain('Website Rebuild v2');
});

test('a half-day line of 0.5 × $100 shows $50.00, and the saved quotation keeps 0.5', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Half Days');
  const made = await createQuotation(request, admin, tenant.id, 'Workshop');
  await openQuotations(page, ADMIN, tenant.id);

  await cardAction(page, 'Workshop', 'Edit Quotation');
  const edit = page.getByRole('dialog', { name: 'Edit Quotation' });
  await edit.getByRole('button', { name: 'Next' }).click();
  await edit.getByLabel('Item 1 description').fill('Workshop (half day)');
  await edit.getByLabel('Item 1 rate').fill('100');
  // Exponent notation is the field's error, not 1000.
  await edit.getByLabel('Item 1 quantity').fill('1e3');
  await edit.getByRole('button', { name: 'Next' }).click();
  await expect(edit.getByText('Item 1 quantity: Must be written without an exponent (1000, not 1e3).')).toBeVisible();
  await expect(edit.getByLabel('Item 1 quantity')).toHaveAttribute('aria-invalid', 'true');
  await edit.getByLabel('Item 1 quantity').fill('0.5');
  await expect(edit.getByLabel('Item 1 amount')).toHaveText('$50.00');
  await edit.getByLabel('Tax rate (%)').fill('0');
  await edit.getByRole('button', { name: 'Next' }).click();
  await edit.getByRole('button', { name: 'Save Quotation' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, 'Workshop')).toContainText('$50.00');

  const saved = await api<{ items: Array<{ description: string; quantity: number; rate: number; amount: number }>; total: number }>(
    request,
    admin,
    'GET',
    `/quotations/${made.id}`,
  );
  expect(saved.body.items.map(({ description, quantity, rate, amount }) => ({ description, quantity, rate, amount }))).toEqual([
    { description: 'Workshop (half day)', quantity: 0.5, rate: 100, amount: 50 },
  ]);
  expect(saved.body.total).toBe(50);
});

test('on a phone, Next with a wrong quantity scrolls the field and its message above the sticky footer', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Phone Qty');
  await openQuotations(page, ADMIN, tenant.id);
  await page.setViewportSize({ width: 390, height: 900 });

  await page.goto('/quotations/new');
  const dialog = page.getByRole('dialog', { name: 'Create New Quotation' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  const quantity = dialog.getByLabel('Item 1 quantity');
  await quantity.fill('1e3');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const message = dialog.getByText('Item 1 quantity: Must be written without an exponent (1000, not 1e3).');
  await expect(message).toBeVisible();
  await expect(quantity).toBeFocused();

  // Seen by the user: inside the dialog's frame and above its footer, not scrolled under it.
  const footer = dialog.getByRole('button', { name: 'Previous' }).locator('xpath=../..');
  await expect(async () => {
    const frame = (await dialog.boundingBox())!;
    const footerTop = (await footer.boundingBox())!.y;
    for (const box of [(await quantity.boundingBox())!, (await message.boundingBox())!]) {
      expect(box.y).toBeGreaterThanOrEqual(frame.y);
      expect(box.y + box.height).toBeLessThanOrEqual(footerTop);
    }
  }).toPass({ timeout: 5000 });
});

test('a sent quotation is accepted through its link by a signed-out client, and the list and history show it', async ({ page, request, browser }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Sending');
  await createQuotation(request, admin, tenant.id, 'Support Retainer');
  await openQuotations(page, ADMIN, tenant.id);

  // Sending asks first, naming who gets it; Cancel sends nothing.
  await cardAction(page, 'Support Retainer', 'Send to client');
  let confirm = page.getByRole('dialog', { name: 'Send Quotation' });
  await expect(confirm).toContainText('Send "Support Retainer" to Jane Client at jane@client.example.com?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, 'Support Retainer')).toContainText('Draft');
  await cardAction(page, 'Support Retainer', 'Send to client');
  confirm = page.getByRole('dialog', { name: 'Send Quotation' });
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Quotation sent', { exact: true })).toBeVisible();
  const details = page.getByRole('dialog', { name: 'Support Retainer' });
  const link = await details.getByRole('textbox', { name: 'Client link' }).inputValue();
  expect(link).toMatch(/\/q\/[A-Za-z0-9_-]{20,}$/);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(card(page, 'Support Retainer')).toContainText('Sent');

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(new URL(link).pathname);
  await expect(clientPage.getByRole('heading', { name: 'QUOTATION', exact: true })).toBeVisible();
  // None of the staff app around it.
  await expect(clientPage.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(clientPage.getByRole('link', { name: 'Quotations' })).toHaveCount(0);
  await clientPage.getByRole('button', { name: 'Accept' }).click();
  const accept = clientPage.getByRole('dialog', { name: 'Accept quotation' });
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(accept.getByText('Please enter your name to accept.')).toBeVisible();
  await accept.getByLabel('Your name').fill('Jane Client');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(clientPage.getByText('Accepted by Jane Client')).toBeVisible();
  await clientPage.reload();
  await expect(clientPage.getByText('Quotation accepted')).toBeVisible();
  await expect(clientPage.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await client.close();

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card(page, 'Support Retainer')).toContainText('Accepted');
  // An answered quotation offers only what can still be done with it.
  await card(page, 'Support Retainer').getByRole('button', { name: 'Actions for Support Retainer' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View Details', 'Download PDF', 'Duplicate']);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-stat="accepted"]')).toContainText('1');
  await cardAction(page, 'Support Retainer', 'View Details');
  const history = page.getByRole('dialog', { name: 'Support Retainer' }).getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Accepted by Jane Client');
  await expect(history).toContainText('Viewed by the client');
});

test('an expired or unknown link says so', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const demo = (await api<{ id: string; name: string }[]>(request, admin, 'GET', '/crm/tenants')).body.find((t) => t.name === 'Demo Company')!;
  const expired = await api<{ quotations: QuotationRow[] }>(request, admin, 'GET', `/quotations?tenant_id=${demo.id}&status=expired`);
  const link = expired.body.quotations[0]!.share_url!;
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Quotation expired' })).toBeVisible();
  await expect(page.getByText('This quotation has expired.')).toBeVisible();

  await page.goto('/q/not-a-real-link-token-at-all');
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
});

test("a lead's New Quotation opens the builder filled with the lead's details", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Lead quotes');
  const lead = await api<{ id: string }>(request, admin, 'POST', '/crm/leads', {
    tenant_id: tenant.id,
    name: 'Contoso Pharma',
    phone1: '+1 555 777 0101',
    email: 'buyer@contoso.example.com',
    address: '1 Harbor Way, Springfield',
  });
  expect(lead.status).toBe(201);
  await login(page, ADMIN);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
  await page.getByRole('tab', { name: 'Leads' }).click();
  await cardAction(page, 'Contoso Pharma', 'New Quotation');

  await expect(page).toHaveURL(new RegExp(`/quotations/new\\?lead_id=${lead.body.id}$`));
  const dialog = page.getByRole('dialog', { name: 'Create New Quotation' });
  await expect(dialog.getByLabel('Client name')).toHaveValue('Contoso Pharma');
  await expect(dialog.getByLabel('Client email')).toHaveValue('buyer@contoso.example.com');
  await expect(dialog.getByLabel('Client phone')).toHaveValue('+1 555 777 0101');
  await expect(dialog.getByLabel('Client address')).toHaveValue('1 Harbor Way, Springfield');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Quote number')).toHaveValue('Number assigned on save');
  await expect(dialog.getByLabel('Quote date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(dialog.getByLabel('Valid until')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
});

test('a half-written quotation survives a reload, and closing it asks first', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Drafts');
  await openQuotations(page, ADMIN, tenant.id);
  await expect(page.getByText('Get started by creating your first quotation')).toBeVisible();

  await page.getByRole('button', { name: 'New Quotation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Quotation' });
  await dialog.getByLabel('Quotation title').fill('Half written');
  await page.reload();
  await expect(dialog.getByLabel('Quotation title')).toHaveValue('Half written');

  await dialog.getByRole('button', { name: 'Close' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Quotation title')).toHaveValue('Half written');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByText('Get started by creating your first quotation')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved quotation' })).toHaveCount(0);
});

test('a user of another tenant sees none of it', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Elsewhere');
  const account = await createStaffUser(request, admin, tenant.id, 'Otto Other');

  await openQuotations(page, account, tenant.id);
  await expect(page.getByText('Showing 0 of 0 quotations')).toBeVisible();
  await expect(page.getByText('Get started by creating your first quotation')).toBeVisible();
  await expect(page.locator('[data-stat="total"]')).toContainText('0');

  const other = await apiLogin(request, account);
  const demoStaff = await apiLogin(request, STAFF);
  const demo = (await api<{ id: string; name: string }[]>(request, admin, 'GET', '/crm/tenants')).body.find((t) => t.name === 'Demo Company')!;
  const demoQuotation = (await api<{ quotations: QuotationRow[] }>(request, demoStaff, 'GET', `/quotations?tenant_id=${demo.id}`)).body.quotations[0]!;
  expect((await api(request, other, 'GET', `/quotations?tenant_id=${demo.id}`)).status).toBe(403);
  expect((await api(request, other, 'GET', `/quotations/${demoQuotation.id}`)).status).toBe(404);
  expect((await api(request, other, 'GET', `/quotations/${demoQuotation.id}/pdf`)).status).toBe(404);
});

test("an admin fills the tenant's quotation profile on the tenant form, and a lead's New Quotation starts with that sender", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Sender');
  const lead = await api<{ id: string }>(request, admin, 'POST', '/crm/leads', {
    tenant_id: tenant.id,
    name: 'Northwind Traders',
    phone1: '+1 555 010 2020',
    email: 'buyer@northwind.example.com',
  });
  expect(lead.status).toBe(201);
  await login(page, ADMIN);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
  await page.getByRole('tab', { name: 'Tenants' }).click();
  await page.getByRole('button', { name: `Edit ${tenant.name}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Tenant' }).getByRole('region', { name: 'Quotation profile' });
  await form.getByLabel('Company name').fill('Orbitra Sender Ltd');
  await form.getByLabel('Company address').fill('1 Harbour Street, Lisbon');
  await form.getByLabel('Company phone').fill('+351 555 0199');
  await form.getByLabel('Company email').fill('sales@sender.example.com');
  await form.getByLabel('Company website').fill('https://sender.example.com');
  await form.getByLabel('Default tax rate (%)').fill('23');
  await form.getByLabel('Default terms').fill('Payment within 15 days.');
  // A text file named like a picture is refused by its bytes.
  await form.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(form.getByText('Must be a PNG or JPEG image.')).toBeVisible();
  await form.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(LOGO_PNG, 'base64') });
  await expect(form.getByRole('img', { name: 'Logo' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit Tenant' }).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Tenant updated')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit Tenant' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Leads' }).click();
  await cardAction(page, 'Northwind Traders', 'New Quotation');
  const dialog = page.getByRole('dialog', { name: 'Create New Quotation' });
  await expect(dialog.getByLabel('Client name')).toHaveValue('Northwind Traders');
  await expect(dialog.getByLabel('Company name')).toHaveValue('Orbitra Sender Ltd');
  await expect(dialog.getByLabel('Company address')).toHaveValue('1 Harbour Street, Lisbon');
  await expect(dialog.getByLabel('Company email')).toHaveValue('sales@sender.example.com');
  await dialog.getByLabel('Quotation title').fill('Northwind onboarding');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Tax rate (%)')).toHaveValue('23');
  await dialog.getByLabel('Item 1 rate').fill('1000');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Terms and conditions')).toHaveValue('Payment within 15 days.');
  await dialog.getByRole('button', { name: 'Save Quotation' }).click();
  await expect(page.getByText('Your quotation has been saved successfully.')).toBeVisible();

  // Saved with the sender, and its PDF says who sends it.
  const saved = (
    await api<{ quotations: (QuotationRow & { company_name: string; lead_id: string })[] }>(request, admin, 'GET', `/quotations?tenant_id=${tenant.id}`)
  ).body.quotations;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ company_name: 'Orbitra Sender Ltd', lead_id: lead.body.id, title: 'Northwind onboarding' });
  await expect(card(page, 'Northwind onboarding')).toContainText('$1,230.00');
  const downloading = page.waitForEvent('download');
  await cardAction(page, 'Northwind onboarding', 'Download PDF');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'quotation-pdf-')), 'quotation.pdf');
  await (await downloading).saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('Orbitra Sender Ltd');
  expect(text).toContain('sales@sender.example.com');
});
