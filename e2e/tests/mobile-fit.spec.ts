import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, login, type ApiSession } from './helpers';
import { expectFits, expectInsideWindow, PHONE, unbroken } from './fit';

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

/** The names the walk's records carry: ordinary ones, or 100 characters without a space in every text field. */
interface Seed {
  /** Added to the tests' titles and the screenshots' names. */
  suffix: string;
  long: boolean;
  prospect: string;
  otherProspect: string;
  lead: string;
  goal: string;
  file: string;
  quotation: string;
  view: string;
  /** The first name of the message's sender, which the messages' buttons start with. */
  sender: string;
}

const ORDINARY: Seed = {
  suffix: '',
  long: false,
  prospect: 'Northwind Logistics International',
  otherProspect: 'Contoso Pharmaceuticals',
  lead: 'Fabrikam Outdoor Equipment',
  goal: 'Daily calls',
  file: 'spring-trade-fair-visitors-final-v2.csv',
  quotation: 'Payroll and HR suite rollout',
  view: 'My callbacks',
  sender: 'Bartholomew',
};

const LONG: Seed = {
  suffix: '-long',
  long: true,
  prospect: unbroken('Northwind'),
  otherProspect: unbroken('Contoso'),
  lead: unbroken('Fabrikam'),
  goal: unbroken('Dailycalls'),
  file: `${unbroken('spring', 96)}.csv`,
  quotation: unbroken('Payroll'),
  view: unbroken('Mycallbacks'),
  sender: unbroken('Maximilian'),
};

/** The text fields of a company record, each as long as a user may make it (100 characters where the contract allows more). */
function longCompany(label: string) {
  return {
    email: `${unbroken(label.toLowerCase(), 60)}@${unbroken('mail', 30)}.example`,
    industry: unbroken(`${label}Industry`),
    city: unbroken(`${label}City`),
    website: `https://${unbroken('www', 88)}.com`,
    manager: unbroken(`${label}Manager`),
    employees: unbroken('Employees', 50),
    address: unbroken(`${label}Address`),
    description: unbroken(`${label}Description`),
  };
}

/** A tenant named like a real one (about as long as "Demo Company"), with an import, prospects, a lead, a goal, a saved view and a sent quotation. */
async function fittingTenant(request: APIRequestContext, seed: Seed) {
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
    file_name: seed.file,
    prospects: [
      seed.long
        ? { name: seed.prospect, phone1: first, ...longCompany('Northwind') }
        : { name: seed.prospect, phone1: first, email: 'purchasing.department@northwind-logistics.example.com', city: 'Leeds' },
      { name: seed.otherProspect, phone1: phone(), city: 'Manchester' },
      { name: 'Same Phone Ltd', phone1: first, city: 'York' },
    ],
  });
  expect(bulk.status).toBe(200);
  // A status and a stage named at the limit, set on the long records.
  let stageId: string | undefined;
  if (seed.long) {
    const status = await api<{ id: string }>(request, admin, 'POST', '/crm/status-options', {
      tenant_id: tenant.id,
      name: unbroken('Interested'),
      description: unbroken('Status description'),
    });
    expect(status.status).toBe(201);
    const stage = await api<{ id: string }>(request, admin, 'POST', '/crm/pipeline-stage-options', {
      tenant_id: tenant.id,
      name: unbroken('Negotiation'),
      description: unbroken('Stage description'),
    });
    expect(stage.status).toBe(201);
    stageId = stage.body.id;
    const prospects = await api<{ prospects: { id: string; name: string }[] }>(request, admin, 'GET', `/crm/prospects?tenant_id=${tenant.id}`);
    const prospect = prospects.body.prospects.find((row) => row.name === seed.prospect)!;
    expect(
      (await api(request, admin, 'POST', '/crm/prospects/change-status', { prospect_id: prospect.id, status_id: status.body.id, notes: unbroken('Note') }))
        .status,
    ).toBe(200);
    expect((await api(request, admin, 'POST', '/crm/prospects/change-pipeline-stage', { prospect_id: prospect.id, pipeline_stage_id: stageId })).status).toBe(
      200,
    );
  }
  const lead = await api(request, admin, 'POST', '/crm/leads', {
    tenant_id: tenant.id,
    name: seed.lead,
    phone1: phone(),
    ...(seed.long ? { ...longCompany('Fabrikam'), pipeline_stage_id: stageId } : { email: 'buyer@fabrikam.example.com' }),
  });
  expect(lead.status).toBe(201);
  const today = new Date().toISOString().slice(0, 10);
  const goal = await api(request, admin, 'POST', '/crm/goals', {
    tenant_id: tenant.id,
    name: seed.goal,
    ...(seed.long ? { description: unbroken('Goal description') } : {}),
    target_count: 20,
    start_date: today,
    end_date: '2999-01-01',
  });
  expect(goal.status).toBe(201);
  const view = await api(request, admin, 'POST', '/crm/views', { tenant_id: tenant.id, target: 'prospects', name: seed.view, query: {}, shared: false });
  expect(view.status).toBe(201);
  return { admin, tenant };
}

async function sentQuotation(request: APIRequestContext, admin: ApiSession, tenantId: string, seed: Seed) {
  const long = seed.long
    ? Object.fromEntries(
        [
          'company_name',
          'company_address',
          'company_website',
          'client_address',
          'product_name',
          'product_overview',
          'product_description',
          'subscription_plan',
          'subscription_includes',
          'terms',
        ].map((field) => [field, unbroken(field.replace('_', ''))]),
      )
    : {};
  const quotation = await api<{ id: string }>(request, admin, 'POST', '/quotations', {
    tenant_id: tenantId,
    title: seed.quotation,
    client_name: seed.long ? unbroken('JaneClient') : 'Jane Client',
    client_email: seed.long ? `${unbroken('jane', 60)}@${unbroken('client', 30)}.example` : 'jane@client.example.com',
    ...long,
    items: [
      { description: seed.long ? unbroken('Onboarding') : 'Onboarding and data migration', quantity: 1, rate: 1026 },
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

/** Opens a card's menu, checks that it opened inside the window, and picks the action. */
async function menuAction(page: Page, scope: Locator, action: string) {
  await scope
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await expectInsideWindow(page, page.getByRole('menu'), 'the card menu');
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

for (const [seed, title] of [
  [ORDINARY, ''],
  [LONG, ', with 100-character words in every field'],
] as const) {
  test(`every CRM tab and dialog fits a phone${title}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { tenant } = await fittingTenant(request, seed);
    await login(page, ADMIN);
    await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
    await expect(page.getByRole('article', { name: seed.otherProspect })).toBeVisible();
    await expectFits(page, `crm-prospects${seed.suffix}`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
    await expectFits(page, `staff-menu-open${seed.suffix}`);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('button', { name: 'Views', exact: true }).click();
    await expectInsideWindow(page, page.getByRole('menu', { name: 'Views' }), 'the Views menu');
    await expectInsideWindow(page, page.getByRole('menuitem', { name: seed.view, exact: true }), 'the saved view');
    await expectFits(page, `crm-views-menu${seed.suffix}`);
    await page.keyboard.press('Escape');

    await inDialog(page, () => page.getByRole('button', { name: 'Upload JSON' }).click(), 'Upload JSON File', `dialog-upload${seed.suffix}`);
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
    await expectFits(page, `dialog-upload-preview${seed.suffix}`);
    await page.keyboard.press('Escape');

    await inDialog(page, () => page.getByRole('button', { name: 'Add Prospect' }).click(), 'Add New Prospect', `dialog-add-prospect${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Assign to' }).click(), 'Assign to', `dialog-assign-to${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Manage Status' }).click(), 'Manage Status Options', `dialog-manage-statuses${seed.suffix}`);
    await page.getByRole('button', { name: 'Manage Status' }).click();
    await inDialog(
      page,
      () => page.getByRole('dialog', { name: 'Manage Status Options' }).getByRole('button', { name: 'Add Status' }).click(),
      'Add Status Option',
      `dialog-add-status${seed.suffix}`,
    );
    await page.keyboard.press('Escape');
    await inDialog(page, () => page.getByRole('button', { name: 'Manage Teams' }).click(), 'Manage Teams', `dialog-manage-teams${seed.suffix}`);
    await page.getByRole('button', { name: 'Manage Teams' }).click();
    await inDialog(
      page,
      () => page.getByRole('dialog', { name: 'Manage Teams' }).getByRole('button', { name: 'Create First Team' }).click(),
      'Add Team',
      `dialog-add-team${seed.suffix}`,
    );
    await page.keyboard.press('Escape');
    const prospect = page.getByRole('article', { name: seed.prospect });
    await inDialog(page, () => menuAction(page, prospect, 'Update Status'), 'Update Prospect Status', `dialog-update-status${seed.suffix}`);
    await inDialog(page, () => menuAction(page, prospect, 'Update Stage'), /Update Prospect Pipeline Stage/, `dialog-update-prospect-stage${seed.suffix}`);
    await menuAction(page, prospect, 'View Details');
    await expect(page.getByRole('heading', { level: 1, name: seed.prospect })).toBeVisible();
    await expectFits(page, `prospect-page${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Edit', exact: true }).click(), 'Edit Prospect', `dialog-edit-prospect${seed.suffix}`);
    await page.goBack();
    await inDialog(page, () => menuAction(page, prospect, 'Delete'), 'Delete Prospect', `dialog-delete-prospect${seed.suffix}`);

    await page.getByRole('tab', { name: 'Imports' }).click();
    await expect(page.getByRole('row', { name: seed.file })).toBeVisible();
    await expectFits(page, `crm-imports${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: `Revert ${seed.file}` }).click(), /Revert import of/, `dialog-revert-import${seed.suffix}`);

    await page.getByRole('tab', { name: 'Leads' }).click();
    const lead = page.getByRole('article', { name: seed.lead });
    await expect(lead).toBeVisible();
    await expectFits(page, `crm-leads${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Add Lead' }).click(), 'Add New Lead', `dialog-add-lead${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Manage Stages' }).click(), 'Manage Pipeline Stages', `dialog-manage-stages${seed.suffix}`);
    await inDialog(page, () => menuAction(page, lead, 'Update Stage'), /Update Lead Pipeline Stage/, `dialog-update-lead-stage${seed.suffix}`);
    await inDialog(page, () => menuAction(page, lead, 'Edit Lead'), 'Edit Lead', `dialog-edit-lead${seed.suffix}`);
    await inDialog(page, () => menuAction(page, lead, 'View History'), 'Lead History', `dialog-lead-history${seed.suffix}`);
    await inDialog(page, () => menuAction(page, lead, 'Delete'), 'Delete Lead', `dialog-delete-lead${seed.suffix}`);
    await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'Board' }).click();
    await expect(page).toHaveURL(/view=board/);
    await expect(page.getByRole('region', { name: 'Leads board' }).getByRole('region', { name: 'New', exact: true })).toBeVisible();
    await expectFits(page, `crm-leads-board${seed.suffix}`);

    await page.getByRole('tab', { name: 'Goals' }).click();
    await expect(page.getByRole('article', { name: seed.goal, exact: true })).toBeVisible();
    await expectFits(page, `crm-goals${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Add Goal' }).first().click(), 'Add New Goal', `dialog-goal${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: `Delete ${seed.goal}` }).click(), 'Delete Goal', `dialog-delete-goal${seed.suffix}`);

    await page.getByRole('tab', { name: 'Reports' }).click();
    await expect(page.getByRole('table', { name: 'Funnel' })).toBeVisible();
    await expectFits(page, `crm-reports${seed.suffix}`);

    await page.getByRole('tab', { name: 'Tenants' }).click();
    await expect(page.getByRole('article', { name: tenant.name })).toBeVisible();
    await expectFits(page, `crm-tenants${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Add Tenant' }).click(), /Tenant/, `dialog-add-tenant${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: `Edit ${tenant.name}` }).click(), /Tenant/, `dialog-edit-tenant${seed.suffix}`);

    // A link straight to the last tab shows that tab in the row, not past its edge.
    await page.goto('/crm?tab=tenants');
    const selected = page.getByRole('tab', { name: 'Tenants', selected: true });
    await expect(selected).toBeVisible();
    const [tabBox, rowBox] = await Promise.all([selected.boundingBox(), page.getByRole('tablist', { name: 'CRM sections' }).boundingBox()]);
    expect(tabBox!.x).toBeGreaterThanOrEqual(rowBox!.x - 1);
    expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 1);
    await expectFits(page, `crm-tenants-linked${seed.suffix}`);

    await page.getByRole('tab', { name: 'Prospects' }).click();
    await page.getByRole('link', { name: 'Start calling' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Now calling' })).toBeVisible();
    await expectFits(page, `crm-call-queue${seed.suffix}`);
    await inDialog(page, () => page.keyboard.press('c'), 'Schedule a callback', `dialog-callback${seed.suffix}`);
    await page.getByRole('button', { name: 'Leave Queue' }).click();
    await expect(page.getByRole('heading', { name: 'Session summary' })).toBeVisible();
    await expectFits(page, `crm-call-queue-summary${seed.suffix}`);
  });

  test(`quotations, their builder and details, and the client link fit a phone${title}`, async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const { admin, tenant } = await fittingTenant(request, seed);
    const link = await sentQuotation(request, admin, tenant.id, seed);
    await login(page, ADMIN);
    await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
    await page.goto('/quotations');
    const card = page.getByRole('article', { name: seed.quotation });
    await expect(card).toBeVisible();
    await expectFits(page, `quotations-list${seed.suffix}`);
    await inDialog(page, () => menuAction(page, card, 'View Details'), seed.quotation, `dialog-quotation-details${seed.suffix}`);
    await inDialog(page, () => menuAction(page, card, 'Delete'), 'Delete Quotation', `dialog-delete-quotation${seed.suffix}`);

    await menuAction(page, card, 'Edit Quotation');
    const edit = page.getByRole('dialog', { name: 'Edit Quotation' });
    await expect(edit.getByLabel('Quotation title')).toHaveValue(seed.quotation);
    await expectFits(page, `quotation-edit-step-1${seed.suffix}`);
    // The dialog scrolls up and down only: nothing in it reaches past its sides.
    expect(await edit.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
    await edit.getByRole('button', { name: 'Next' }).click();
    await expect(edit.getByLabel('Item 2 rate')).toBeVisible();
    await expectFits(page, `quotation-edit-step-2${seed.suffix}`);
    expect(await edit.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
    await edit.getByRole('button', { name: 'Next' }).click();
    await expect(edit.getByLabel('Quote number')).toBeVisible();
    await expectFits(page, `quotation-edit-step-3${seed.suffix}`);
    expect(await edit.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
    await edit.getByRole('button', { name: 'Close' }).first().click();
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    if (await discard.isVisible()) {
      await expectFits(page, `dialog-discard-quotation${seed.suffix}`);
      await discard.getByRole('button', { name: 'Discard' }).click();
    }

    await page.goto('/quotations/new');
    const builder = page.getByRole('dialog', { name: 'Create New Quotation' });
    await expect(builder.getByLabel('Quotation title')).toBeVisible();
    await expectFits(page, `quotation-new-step-1${seed.suffix}`);

    const client = await browser.newContext({ viewport: PHONE });
    const clientPage = await client.newPage();
    await clientPage.goto(link);
    await expect(clientPage.getByRole('heading', { name: 'QUOTATION', exact: true })).toBeVisible();
    await expectFits(clientPage, `client-quotation${seed.suffix}`);
    await inDialog(clientPage, () => clientPage.getByRole('button', { name: 'Accept' }).click(), 'Accept quotation', `dialog-client-accept${seed.suffix}`);
    await inDialog(clientPage, () => clientPage.getByRole('button', { name: 'Reject' }).click(), 'Reject quotation', `dialog-client-reject${seed.suffix}`);
    await clientPage.goto('/q/not-a-real-link-token-at-all');
    await expect(clientPage.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
    await expectFits(clientPage, `client-link-not-valid${seed.suffix}`);
    await client.close();
  });

  test(`messages, email, users and the audit log fit a phone${title}`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = await apiLogin(request, ADMIN);
    const sent = await api(request, admin, 'POST', '/support/contact', {
      firstName: seed.sender,
      lastName: seed.long ? unbroken('Featherstonehaugh') : 'Featherstonehaugh-Wolfeschlegel',
      email: `bartholomew.featherstonehaugh-${Date.now()}@international-holdings.example`,
      company: seed.long ? unbroken('InternationalHoldings') : 'International Holdings and Investments',
      message: seed.long ? unbroken('Wewouldlikeaquote') : 'We would like a quote for payroll across our subsidiaries in eleven countries.',
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
    await expect(page.getByRole('button', { name: new RegExp(`^Convert to prospect: message from ${seed.sender}`) }).first()).toBeVisible();
    await expectFits(page, `messages${seed.suffix}`);
    await inDialog(
      page,
      () =>
        page
          .getByRole('button', { name: new RegExp(`^Convert to prospect: message from ${seed.sender}`) })
          .first()
          .click(),
      'Convert to prospect',
      `dialog-convert-message${seed.suffix}`,
    );
    await inDialog(
      page,
      () =>
        page
          .getByRole('button', { name: new RegExp(`^Mark as Solved: message from ${seed.sender}`) })
          .first()
          .click(),
      'Mark as Solved',
      `dialog-solve-message${seed.suffix}`,
    );
    await inDialog(
      page,
      () =>
        page
          .getByRole('button', { name: new RegExp(`^Delete message from ${seed.sender}`) })
          .first()
          .click(),
      'Delete Message',
      `dialog-delete-message${seed.suffix}`,
    );

    await page.goto('/email');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Accounts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Password' }).first()).toBeVisible();
    await expectFits(page, `email${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Manage Accounts' }).click(), 'Manage Email Accounts', `dialog-email-accounts${seed.suffix}`);

    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const staff = page.getByRole('article', { name: /staff@example\.com|Staff/ }).first();
    await expect(staff).toBeVisible();
    await expectFits(page, `users${seed.suffix}`);
    await inDialog(page, () => page.getByRole('button', { name: 'Add User' }).click(), /User/, `dialog-add-user${seed.suffix}`);
    await inDialog(page, () => menuAction(page, staff, 'Manage Groups'), 'Manage Groups', `dialog-user-groups${seed.suffix}`);
    await inDialog(page, () => menuAction(page, staff, 'View Details'), 'User Details', `dialog-user-details${seed.suffix}`);
    await inDialog(page, () => menuAction(page, staff, 'Edit User'), 'Edit User', `dialog-edit-user${seed.suffix}`);
    await inDialog(page, () => menuAction(page, staff, 'Delete'), 'Delete User', `dialog-delete-user${seed.suffix}`);

    await page.goto('/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectFits(page, `audit${seed.suffix}`);

    await page.goto('/releases');
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'marketing' })).toBeVisible();
    await expectFits(page, `releases${seed.suffix}`);

    await page.goto('/no-such-page');
    await expect(page.locator('h1').first()).toBeVisible();
    await expectFits(page, `not-found-signed-in${seed.suffix}`);
  });
}
