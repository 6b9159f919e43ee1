import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, login, type ApiSession } from './helpers';
import { expectFits, PHONE } from './fit';

test.use({ viewport: PHONE });

/** Every route of the shell's table, with where the tests below visit it; a new route fails the first test until it is added here and visited. */
const VISITED_ROUTES: Record<string, string> = {
  '/': 'public site',
  '/about': 'public site',
  '/contact': 'public site',
  '/services': 'public site',
  '/products': 'public site',
  '/payofina': 'public site',
  '/login': 'public site',
  '/signup': 'public site',
  '/platform-select': 'public site',
  '/forgot-password': 'public site',
  '/reset-password': 'public site',
  '*': 'public site (signed out) and admin pages (signed in)',
  '/crm': 'CRM',
  '/quotations': 'quotations',
  '/q/:token': 'quotations (client link)',
  '/messages': 'admin pages',
  '/email': 'admin pages',
  '/users': 'admin pages',
  '/audit': 'admin pages',
  '/releases': 'admin pages',
};

test('the walk below covers every route of the shell', () => {
  const app = path.resolve(import.meta.dirname, '../../shell/src/app');
  const table = JSON.parse(readFileSync(path.join(app, 'route-table.json'), 'utf8')) as Record<string, { path: string }[]>;
  // The route table's paths, and those routes.tsx writes itself (the 404 page's "*").
  const inline = [...readFileSync(path.join(app, 'routes.tsx'), 'utf8').matchAll(/path="([^"{]+)"/g)].map((match) => match[1]);
  const routes = [
    ...Object.values(table)
      .flat()
      .map((route) => route.path),
    ...inline,
  ];
  expect(routes.length).toBeGreaterThan(10);
  expect(routes.filter((route) => !(route! in VISITED_ROUTES))).toEqual([]);
});

/** A tenant named like a real one (about as long as "Demo Company"), with an import, prospects, a lead, a goal and a sent quotation. */
async function fittingTenant(request: APIRequestContext) {
  const admin = await apiLogin(request, ADMIN);
  const created = await api<{ id: string; name: string }>(request, admin, 'POST', '/crm/tenants', {
    name: `Fitting Co ${Math.floor(1000 + Math.random() * 9000)}`,
    domain: `fitting-${Date.now()}-${Math.floor(Math.random() * 1e6)}.example.com`,
  });
  expect(created.status).toBe(201);
  const tenant = created.body;
  const phone = () => `+1 555 ${Math.floor(1e6 + Math.random() * 8e6)}`;
  const first = phone();
  const bulk = await api(request, admin, 'POST', '/crm/prospects/bulk', {
    tenant_id: tenant.id,
    file_name: 'spring-trade-fair-visitors-final-v2.csv',
    prospects: [
      { name: 'Northwind Logistics International', phone1: first, email: 'purchasing.department@northwind-logistics.example.com', city: 'Leeds' },
      { name: 'Contoso Pharmaceuticals', phone1: phone(), city: 'Manchester' },
      { name: 'Same Phone Ltd', phone1: first, city: 'York' },
    ],
  });
  expect(bulk.status).toBe(200);
  const lead = await api(request, admin, 'POST', '/crm/leads', {
    tenant_id: tenant.id,
    name: 'Fabrikam Outdoor Equipment',
    phone1: phone(),
    email: 'buyer@fabrikam.example.com',
  });
  expect(lead.status).toBe(201);
  const today = new Date().toISOString().slice(0, 10);
  const goal = await api(request, admin, 'POST', '/crm/goals', {
    tenant_id: tenant.id,
    name: 'Daily calls',
    target_count: 20,
    start_date: today,
    end_date: '2999-01-01',
  });
  expect(goal.status).toBe(201);
  return { admin, tenant };
}

async function sentQuotation(request: APIRequestContext, admin: ApiSession, tenantId: string) {
  const quotation = await api<{ id: string }>(request, admin, 'POST', '/quotations', {
    tenant_id: tenantId,
    title: 'Payroll and HR suite rollout',
    client_name: 'Jane Client',
    client_email: 'jane@client.example.com',
    items: [
      { description: 'Onboarding and data migration', quantity: 1, rate: 1026 },
      { description: 'Monthly subscription, 40 seats', quantity: 12, rate: 349.5 },
    ],
  });
  expect(quotation.status).toBe(201);
  const sent = await api<{ share_url: string }>(request, admin, 'POST', `/quotations/${quotation.body.id}/send`, {});
  expect(sent.status).toBe(200);
  return new URL(sent.body.share_url).pathname;
}

/** Opens a dialog, checks it, and closes it again with Escape. */
async function inDialog(page: Page, open: () => Promise<unknown>, name: string | RegExp, shot: string) {
  await open();
  const dialog = page.getByRole('dialog', { name }).last();
  await expect(dialog).toBeVisible();
  await expectFits(page, shot);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function menuAction(page: Page, scope: Locator, action: string) {
  await scope
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('the public site and the sign-in pages fit a phone', async ({ page }) => {
  for (const [path, shot] of [
    ['/', 'public-home'],
    ['/about', 'public-about'],
    ['/services', 'public-services'],
    ['/products', 'public-products'],
    ['/payofina', 'public-payofina'],
    ['/contact', 'public-contact'],
    ['/platform-select?action=login', 'platform-select-login'],
    ['/signup', 'signup'],
    ['/login', 'login'],
    ['/forgot-password', 'forgot-password'],
    ['/reset-password?token=not-a-real-token', 'reset-password'],
    ['/no-such-page', 'not-found'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectFits(page, shot);
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
  await expectFits(page, 'public-menu-open');
});

test('every CRM tab and dialog fits a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { tenant } = await fittingTenant(request);
  await login(page, ADMIN);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
  await expect(page.getByRole('article', { name: 'Contoso Pharmaceuticals' })).toBeVisible();
  await expectFits(page, 'crm-prospects');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
  await expectFits(page, 'staff-menu-open');
  await page.getByRole('button', { name: 'Close menu' }).click();

  await inDialog(page, () => page.getByRole('button', { name: 'Upload JSON' }).click(), 'Upload JSON File', 'dialog-upload');
  // The upload's preview table, with long values.
  await page.getByRole('button', { name: 'Upload JSON' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload JSON File' });
  const rows = [
    {
      Name: 'Wide World Importers and Exporters Limited',
      Phone1: '+44 20 7946 0958',
      Email: 'very.long.address.for.testing@wide-world-importers.example.com',
      City: 'Kingston upon Hull',
    },
  ];
  await upload.getByLabel('JSON file').setInputFiles({ name: 'wide.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rows)) });
  await expect(upload.getByText(/Preview \(1 of 1 prospects\)/)).toBeVisible();
  await expectFits(page, 'dialog-upload-preview');
  await page.keyboard.press('Escape');

  await inDialog(page, () => page.getByRole('button', { name: 'Add Prospect' }).click(), 'Add New Prospect', 'dialog-add-prospect');
  await inDialog(page, () => page.getByRole('button', { name: 'Assign to' }).click(), 'Assign to', 'dialog-assign-to');
  await inDialog(page, () => page.getByRole('button', { name: 'Manage Status' }).click(), 'Manage Status Options', 'dialog-manage-statuses');
  await page.getByRole('button', { name: 'Manage Status' }).click();
  await inDialog(
    page,
    () => page.getByRole('dialog', { name: 'Manage Status Options' }).getByRole('button', { name: 'Add Status' }).click(),
    'Add Status Option',
    'dialog-add-status',
  );
  await page.keyboard.press('Escape');
  await inDialog(page, () => page.getByRole('button', { name: 'Manage Teams' }).click(), 'Manage Teams', 'dialog-manage-teams');
  await page.getByRole('button', { name: 'Manage Teams' }).click();
  await inDialog(
    page,
    () => page.getByRole('dialog', { name: 'Manage Teams' }).getByRole('button', { name: 'Create First Team' }).click(),
    'Add Team',
    'dialog-add-team',
  );
  await page.keyboard.press('Escape');
  const prospect = page.getByRole('article', { name: 'Northwind Logistics International' });
  await inDialog(page, () => menuAction(page, prospect, 'Update Status'), 'Update Prospect Status', 'dialog-update-status');
  await inDialog(page, () => menuAction(page, prospect, 'Update Stage'), /Update Prospect Pipeline Stage/, 'dialog-update-prospect-stage');
  await inDialog(page, () => menuAction(page, prospect, 'View Details'), 'Prospect Details', 'dialog-prospect-details');
  await inDialog(
    page,
    async () => {
      await menuAction(page, prospect, 'View Details');
      await page.getByRole('dialog', { name: 'Prospect Details' }).getByRole('button', { name: 'Edit', exact: true }).click();
    },
    'Edit Prospect',
    'dialog-edit-prospect',
  );
  await inDialog(page, () => menuAction(page, prospect, 'Delete'), 'Delete Prospect', 'dialog-delete-prospect');

  await page.getByRole('tab', { name: 'Imports' }).click();
  await expect(page.getByRole('row', { name: 'spring-trade-fair-visitors-final-v2.csv' })).toBeVisible();
  await expectFits(page, 'crm-imports');
  await inDialog(
    page,
    () => page.getByRole('button', { name: 'Revert spring-trade-fair-visitors-final-v2.csv' }).click(),
    /Revert import of/,
    'dialog-revert-import',
  );

  await page.getByRole('tab', { name: 'Leads' }).click();
  const lead = page.getByRole('article', { name: 'Fabrikam Outdoor Equipment' });
  await expect(lead).toBeVisible();
  await expectFits(page, 'crm-leads');
  await inDialog(page, () => page.getByRole('button', { name: 'Add Lead' }).click(), 'Add New Lead', 'dialog-add-lead');
  await inDialog(page, () => page.getByRole('button', { name: 'Manage Stages' }).click(), 'Manage Pipeline Stages', 'dialog-manage-stages');
  await inDialog(page, () => menuAction(page, lead, 'Update Stage'), /Update Lead Pipeline Stage/, 'dialog-update-lead-stage');
  await inDialog(page, () => menuAction(page, lead, 'Edit Lead'), 'Edit Lead', 'dialog-edit-lead');
  await inDialog(page, () => menuAction(page, lead, 'View History'), 'Lead History', 'dialog-lead-history');
  await inDialog(page, () => menuAction(page, lead, 'Delete'), 'Delete Lead', 'dialog-delete-lead');
  await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'Board' }).click();
  await expect(page).toHaveURL(/view=board/);
  await expect(page.getByRole('region', { name: 'Leads board' }).getByRole('region', { name: 'New', exact: true })).toBeVisible();
  await expectFits(page, 'crm-leads-board');

  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.getByRole('article', { name: 'Daily calls' })).toBeVisible();
  await expectFits(page, 'crm-goals');
  await inDialog(page, () => page.getByRole('button', { name: 'Add Goal' }).first().click(), 'Add New Goal', 'dialog-goal');
  await inDialog(page, () => page.getByRole('button', { name: 'Delete Daily calls' }).click(), 'Delete Goal', 'dialog-delete-goal');

  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByRole('table', { name: 'Funnel' })).toBeVisible();
  await expectFits(page, 'crm-reports');

  await page.getByRole('tab', { name: 'Tenants' }).click();
  await expect(page.getByRole('article', { name: tenant.name })).toBeVisible();
  await expectFits(page, 'crm-tenants');
  await inDialog(page, () => page.getByRole('button', { name: 'Add Tenant' }).click(), /Tenant/, 'dialog-add-tenant');
  await inDialog(page, () => page.getByRole('button', { name: `Edit ${tenant.name}` }).click(), /Tenant/, 'dialog-edit-tenant');

  // A link straight to the last tab shows that tab in the row, not past its edge.
  await page.goto('/crm?tab=tenants');
  const selected = page.getByRole('tab', { name: 'Tenants', selected: true });
  await expect(selected).toBeVisible();
  const [tabBox, rowBox] = await Promise.all([selected.boundingBox(), page.getByRole('tablist', { name: 'CRM sections' }).boundingBox()]);
  expect(tabBox!.x).toBeGreaterThanOrEqual(rowBox!.x - 1);
  expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 1);
  await expectFits(page, 'crm-tenants-linked');

  await page.getByRole('tab', { name: 'Prospects' }).click();
  await page.getByRole('link', { name: 'Start calling' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Now calling' })).toBeVisible();
  await expectFits(page, 'crm-call-queue');
  await inDialog(page, () => page.keyboard.press('c'), 'Schedule a callback', 'dialog-callback');
  await page.getByRole('button', { name: 'Leave Queue' }).click();
  await expect(page.getByRole('heading', { name: 'Session summary' })).toBeVisible();
  await expectFits(page, 'crm-call-queue-summary');
});

test('quotations, their builder and details, and the client link fit a phone', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const { admin, tenant } = await fittingTenant(request);
  const link = await sentQuotation(request, admin, tenant.id);
  await login(page, ADMIN);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
  await page.goto('/quotations');
  const card = page.getByRole('article', { name: 'Payroll and HR suite rollout' });
  await expect(card).toBeVisible();
  await expectFits(page, 'quotations-list');
  await inDialog(page, () => menuAction(page, card, 'View Details'), 'Payroll and HR suite rollout', 'dialog-quotation-details');
  await inDialog(page, () => menuAction(page, card, 'Delete'), 'Delete Quotation', 'dialog-delete-quotation');

  await menuAction(page, card, 'Edit Quotation');
  const edit = page.getByRole('dialog', { name: 'Edit Quotation' });
  await expect(edit.getByLabel('Quotation title')).toHaveValue('Payroll and HR suite rollout');
  await expectFits(page, 'quotation-edit-step-1');
  await edit.getByRole('button', { name: 'Next' }).click();
  await expect(edit.getByLabel('Item 2 rate')).toBeVisible();
  await expectFits(page, 'quotation-edit-step-2');
  await edit.getByRole('button', { name: 'Next' }).click();
  await expect(edit.getByLabel('Quote number')).toBeVisible();
  await expectFits(page, 'quotation-edit-step-3');
  await edit.getByRole('button', { name: 'Close' }).first().click();
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  if (await discard.isVisible()) {
    await expectFits(page, 'dialog-discard-quotation');
    await discard.getByRole('button', { name: 'Discard' }).click();
  }

  await page.goto('/quotations/new');
  const builder = page.getByRole('dialog', { name: 'Create New Quotation' });
  await expect(builder.getByLabel('Quotation title')).toBeVisible();
  await expectFits(page, 'quotation-new-step-1');

  const client = await browser.newContext({ viewport: PHONE });
  const clientPage = await client.newPage();
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { name: 'QUOTATION', exact: true })).toBeVisible();
  await expectFits(clientPage, 'client-quotation');
  await inDialog(clientPage, () => clientPage.getByRole('button', { name: 'Accept' }).click(), 'Accept quotation', 'dialog-client-accept');
  await inDialog(clientPage, () => clientPage.getByRole('button', { name: 'Reject' }).click(), 'Reject quotation', 'dialog-client-reject');
  await clientPage.goto('/q/not-a-real-link-token-at-all');
  await expect(clientPage.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await expectFits(clientPage, 'client-link-not-valid');
  await client.close();
});

test('messages, email, users and the audit log fit a phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, ADMIN);
  const sent = await api(request, admin, 'POST', '/support/contact', {
    firstName: 'Bartholomew',
    lastName: 'Featherstonehaugh-Wolfeschlegel',
    email: `bartholomew.featherstonehaugh-${Date.now()}@international-holdings.example`,
    company: 'International Holdings and Investments',
    message: 'We would like a quote for payroll across our subsidiaries in eleven countries.',
  });
  expect(sent.status).toBe(200);
  const mailbox = await api(request, admin, 'POST', '/email/accounts', {
    email_address: `accounts-receivable-${Date.now()}@international-holdings.example`,
    provider: 'outlook',
    password: 'a mailbox password',
  });
  expect(mailbox.status).toBe(201);
  await login(page, ADMIN);

  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Messages' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Convert to prospect: message from Bartholomew/ }).first()).toBeVisible();
  await expectFits(page, 'messages');
  await inDialog(
    page,
    () =>
      page
        .getByRole('button', { name: /^Convert to prospect: message from Bartholomew/ })
        .first()
        .click(),
    'Convert to prospect',
    'dialog-convert-message',
  );
  await inDialog(
    page,
    () =>
      page
        .getByRole('button', { name: /^Mark as Solved: message from Bartholomew/ })
        .first()
        .click(),
    'Mark as Solved',
    'dialog-solve-message',
  );
  await inDialog(
    page,
    () =>
      page
        .getByRole('button', { name: /^Delete message from Bartholomew/ })
        .first()
        .click(),
    'Delete Message',
    'dialog-delete-message',
  );

  await page.goto('/email');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Password' }).first()).toBeVisible();
  await expectFits(page, 'email');
  await inDialog(page, () => page.getByRole('button', { name: 'Manage Accounts' }).click(), 'Manage Email Accounts', 'dialog-email-accounts');

  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  const staff = page.getByRole('article', { name: /staff@example\.com|Staff/ }).first();
  await expect(staff).toBeVisible();
  await expectFits(page, 'users');
  await inDialog(page, () => page.getByRole('button', { name: 'Add User' }).click(), /User/, 'dialog-add-user');
  await inDialog(page, () => menuAction(page, staff, 'Manage Groups'), 'Manage Groups', 'dialog-user-groups');
  await inDialog(page, () => menuAction(page, staff, 'View Details'), 'User Details', 'dialog-user-details');
  await inDialog(page, () => menuAction(page, staff, 'Edit User'), 'Edit User', 'dialog-edit-user');
  await inDialog(page, () => menuAction(page, staff, 'Delete'), 'Delete User', 'dialog-delete-user');

  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectFits(page, 'audit');

  await page.goto('/releases');
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'marketing' })).toBeVisible();
  await expectFits(page, 'releases');

  await page.goto('/no-such-page');
  await expect(page.locator('h1').first()).toBeVisible();
  await expectFits(page, 'not-found-signed-in');
});
