import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, login, openCrm, STAFF } from './helpers';

function prospects(count: number, prefix: string, phoneBase: number) {
  return Array.from({ length: count }, (_, i) => ({
    Name: `${prefix} ${String(i + 1).padStart(3, '0')}`,
    Phone1: `+1 555 ${String(phoneBase + i).padStart(7, '0')}`,
    Email: `contact${i}@${prefix.toLowerCase().replace(/\W+/g, '')}.example.com`,
    City: 'Leeds',
    Industry: 'Retail',
  }));
}

async function seedProspects(request: Parameters<typeof apiLogin>[0], tenantId: string, rows: ReturnType<typeof prospects>) {
  const admin = await apiLogin(request, ADMIN);
  const items = rows.map((r) => ({ name: r.Name, phone1: r.Phone1, email: r.Email, city: r.City, industry: r.Industry }));
  const { status, body } = await api<{ total_created: number }>(request, admin, 'POST', '/crm/prospects/bulk', { tenant_id: tenantId, prospects: items });
  expect(status).toBe(200);
  expect(body.total_created).toBe(rows.length);
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

async function cardAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an admin uploads a JSON file: preview, row errors, then success', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Upload');
  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('button', { name: 'Upload JSON' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload JSON File' });
  await dialog.getByLabel('Tenant').selectOption(tenant.id);

  const bad = [...prospects(6, 'Acme Branch', 7000), { Name: '', Phone1: '+1 555 000 0001' }, { Name: 'No phone' }];
  await dialog.getByLabel('JSON file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(dialog.getByText('Row 7: Company name is required')).toBeVisible();
  await expect(dialog.getByText('Row 8: Phone1 is required')).toBeVisible();
  await expect(dialog.getByText(/Preview \(5 of 8 prospects\)/)).toBeVisible();
  // The bad rows no longer block the file: the valid ones may go in without them.
  await expect(dialog.getByRole('button', { name: 'Import the 6 valid rows' })).toBeEnabled();

  await dialog.getByLabel('JSON file').setInputFiles({ name: 'notjson.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByText('Please upload a JSON file').first()).toBeVisible();

  const good = { prospects: prospects(12, 'Acme Branch', 7000) };
  await dialog.getByLabel('JSON file').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
  await dialog.getByRole('button', { name: 'Upload 12 Prospects' }).click();
  await expect(page.getByText('Successfully uploaded 12 prospects').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Showing 12 of 12 prospects')).toBeVisible();

  // The same file again: every row is a duplicate of an existing prospect.
  await page.getByRole('button', { name: 'Upload JSON' }).click();
  await dialog.getByLabel('Tenant').selectOption(tenant.id);
  await dialog.getByLabel('JSON file').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
  await dialog.getByRole('button', { name: 'Upload 12 Prospects' }).click();
  await expect(dialog.getByText(/duplicate of/).first()).toBeVisible();
});

test("a status change with a call made raises Today's Calls; Interested turns the prospect into the top lead", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Calls');
  await seedProspects(request, tenant.id, prospects(3, 'Globex Site', 8100));
  const today = new Date().toISOString().slice(0, 10);
  const nextMonth = new Date(Date.now() + 30 * 86400000).toISOString().slice(0, 10);
  const goal = await api(request, admin, 'POST', '/crm/goals', {
    tenant_id: tenant.id,
    name: 'Morning calls',
    target_count: 20,
    start_date: today,
    end_date: nextMonth,
  });
  expect(goal.status).toBe(201);

  await openCrm(page, ADMIN, tenant.id);
  const calls = page.getByRole('region', { name: "Today's Calls" }).or(
    page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: "Today's Calls" }) })
      .last(),
  );
  await expect(calls).toContainText('0');
  await expect(calls).toContainText('Goal: 20');

  await cardAction(page, 'Globex Site 001', 'Update Status');
  const dialog = page.getByRole('dialog', { name: 'Update Prospect Status' });
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('Please select a status to update the prospect.').first()).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Status' }).fill('call back');
  await dialog.getByRole('option', { name: /Call Back/ }).click();
  await expect(dialog.getByRole('combobox', { name: 'Goal' })).toHaveCount(0);
  await dialog.getByLabel("Call was made (increments today's calls)").check();
  await expect(dialog.getByRole('combobox', { name: 'Goal' })).toHaveValue('Morning calls');
  await dialog.getByLabel(/Notes/).fill('Asked us to ring back on Friday');
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('Prospect status has been updated to "Call Back"').first()).toBeVisible();
  await expect(calls).toContainText('1');

  // The change, its note and the call are on the prospect's page; Back returns to the list.
  await cardAction(page, 'Globex Site 001', 'View Details');
  await expect(page.getByRole('heading', { level: 1, name: 'Globex Site 001' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Timeline' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('Status changed to Call Back (call made)');
  await expect(history).toContainText('Asked us to ring back on Friday');
  await expect(history).toContainText('Call made (goal: Morning calls)');
  await page.goBack();
  await expect(card(page, 'Globex Site 002')).toBeVisible();

  await cardAction(page, 'Globex Site 002', 'Update Status');
  await dialog.getByRole('combobox', { name: 'Status' }).fill('interested');
  await dialog.getByRole('option', { name: /^Interested/ }).click();
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('A new lead has been created and the prospect has been moved to the leads tab.').first()).toBeVisible();
  await expect(card(page, 'Globex Site 002')).toHaveCount(0);
  await expect(page.getByText('Showing 2 of 2 prospects')).toBeVisible();

  await page.getByRole('tab', { name: 'Leads' }).click();
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Globex Site 002');

  // Move the lead along the pipeline.
  await cardAction(page, 'Globex Site 002', 'Update Stage');
  const stage = page.getByRole('dialog', { name: /Update Lead Pipeline Stage/ });
  await stage.getByRole('combobox', { name: /stage/i }).fill('qualified');
  await stage.getByRole('option', { name: /Qualified/ }).click();
  await stage.getByRole('button', { name: 'Update Lead Stage' }).click();
  await expect(page.getByText('Lead pipeline stage has been updated to "Qualified"').first()).toBeVisible();
  await expect(card(page, 'Globex Site 002')).toContainText('Qualified');

  // The lead's history goes back to the status change that made it.
  await cardAction(page, 'Globex Site 002', 'View History');
  const leadHistory = page.getByRole('dialog', { name: 'Lead History' }).getByRole('list', { name: 'History' });
  await expect(leadHistory.getByRole('listitem')).toHaveCount(2);
  await expect(leadHistory.getByRole('listitem').first()).toContainText('Pipeline stage changed to Qualified');
  await expect(leadHistory.getByRole('listitem').last()).toContainText('Status changed to Interested');
});

test('goals: create, edit and delete', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Goals');
  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.getByText('No goals set yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Goal' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: /Create Goal|Save|Add Goal/ }).click();
  await expect(dialog.getByText('Goal name is required. Please enter a name for the goal.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Q4 outreach');
  await dialog.getByLabel('End date').fill(new Date(Date.now() - 7 * 86400000).toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: /Create Goal|Save|Add Goal/ }).click();
  await expect(dialog.getByText('End date cannot be before start date.')).toBeVisible();
  const end = new Date(Date.now() + 14 * 86400000).toISOString().slice(0, 10);
  await dialog.getByLabel('End date').fill(end);
  await dialog.getByRole('button', { name: /Create Goal|Save|Add Goal/ }).click();
  await expect(card(page, 'Q4 outreach')).toBeVisible();
  await expect(card(page, 'Q4 outreach')).toContainText('10');

  await page.getByRole('button', { name: 'Edit Q4 outreach' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Q4 outreach (EMEA)');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Update Goal|Save/ })
    .click();
  await expect(card(page, 'Q4 outreach (EMEA)')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Q4 outreach (EMEA)' }).click();
  await expect(page.getByText('This action cannot be undone.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No goals set yet')).toBeVisible();
});

test('statuses and stages: create, edit and delete', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Options');
  await openCrm(page, ADMIN, tenant.id);

  await page.getByRole('button', { name: 'Manage Status' }).click();
  const statuses = page.getByRole('dialog', { name: 'Manage Status Options' });
  for (const name of ['New', 'No Answer', 'Call Back', 'Interested', 'Not Interested', 'Do Not Call']) {
    await expect(statuses.getByText(name, { exact: true })).toBeVisible();
  }
  await statuses
    .getByRole('button', { name: /Add Status|New Status|Create/ })
    .first()
    .click();
  const form = page.getByRole('dialog').last();
  await form.getByLabel('Name').fill('Voicemail left');
  await form.getByLabel('Sort order').fill('15');
  await form.getByRole('button', { name: /Create|Save/ }).click();
  await expect(statuses.getByText('Voicemail left')).toBeVisible();
  await expect(statuses.getByText('Order: 15')).toBeVisible();
  await statuses.getByRole('button', { name: 'Delete Voicemail left' }).click();
  await expect(page.getByText('Are you sure you want to delete this status option?')).toBeVisible();
  await page.getByRole('dialog').last().getByRole('button', { name: 'Delete' }).click();
  await expect(statuses.getByText('Voicemail left')).toHaveCount(0);
  await statuses.getByRole('button', { name: 'Close' }).first().click();
  await expect(statuses).toHaveCount(0);

  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('button', { name: 'Manage Stages' }).click();
  const stages = page.getByRole('dialog', { name: 'Manage Pipeline Stages' });
  for (const name of ['New', 'Contacted', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost']) {
    await expect(stages.getByText(name, { exact: true })).toBeVisible();
  }
  await stages
    .getByRole('button', { name: /Add Stage|New Stage|Create/ })
    .first()
    .click();
  await stages.getByLabel('Name').fill('On hold');
  await stages.getByRole('button', { name: /Create|Save/ }).click();
  await expect(stages.getByText('On hold')).toBeVisible();
  await stages.getByRole('button', { name: 'Edit On hold' }).click();
  await stages.getByLabel('Name').fill('Paused');
  await stages.getByRole('button', { name: /Update|Save/ }).click();
  await expect(stages.getByText('Paused')).toBeVisible();
});

test('search finds prospects beyond the first page, on the server', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Search');
  await seedProspects(request, tenant.id, prospects(45, 'Initech Office', 9000));
  await openCrm(page, ADMIN, tenant.id);
  await expect(page.getByText('Showing 20 of 45 prospects')).toBeVisible();
  const firstPage = await page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  const hidden = Array.from({ length: 45 }, (_, i) => `Initech Office ${String(i + 1).padStart(3, '0')}`).find((n) => !firstPage.includes(n))!;
  await expect(card(page, hidden)).toHaveCount(0);
  await page.getByLabel('Search prospects').fill(hidden.slice(-10).toUpperCase());
  await expect(card(page, hidden)).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 prospects')).toBeVisible();
  await page.getByLabel('Search prospects').fill('');
  await expect(page.getByText('Showing 20 of 45 prospects')).toBeVisible();
  // Paging reaches every row too.
  const seen = new Set(firstPage);
  const list = page.getByRole('list', { name: 'Prospects' });
  for (let next = 2; next <= 3; next++) {
    await page.getByRole('button', { name: 'Next' }).click();
    // The previous page stays on screen while the next one loads: wait until the server's rows are in.
    await expect(page.getByText(`Page ${next} of 3`)).toBeVisible();
    await expect(list).toHaveAttribute('aria-busy', 'false');
    for (const name of await page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))) seen.add(name);
  }
  expect(seen.size).toBe(45);
});

test('a staff user of another tenant sees none of it', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Other');
  const account = await createStaffUser(request, admin, tenant.id, 'Olga Other');

  await login(page, account);
  const picker = page.getByLabel('Tenant', { exact: true });
  await expect(picker.locator('option')).toHaveCount(1);
  await expect(picker).toHaveValue(tenant.id);
  await expect(page.getByText('No prospects found')).toBeVisible();

  // The demo tenant's data stays out of reach even through the API.
  const staff = await apiLogin(request, account);
  const demo = (await api<{ id: string; name: string }[]>(request, admin, 'GET', '/crm/tenants')).body.find((t) => t.name === 'Demo Company')!;
  const list = await api(request, staff, 'GET', `/crm/prospects?tenant_id=${demo.id}`);
  expect(list.status).toBe(403);
  const demoProspects = await api<{ prospects: { id: string }[] }>(request, admin, 'GET', `/crm/prospects?tenant_id=${demo.id}&limit=1`);
  const read = await api(request, staff, 'GET', `/crm/prospects/${demoProspects.body.prospects[0]!.id}`);
  expect([403, 404]).toContain(read.status);

  // The demo staff user, likewise, cannot see the new tenant.
  const demoStaff = await apiLogin(request, STAFF);
  expect((await api(request, demoStaff, 'GET', `/crm/dashboard?tenant_id=${tenant.id}`)).status).toBe(403);
});

test('a non-admin sees tenants read-only', async ({ page }) => {
  await login(page, STAFF);
  await page.getByRole('tab', { name: 'Tenants' }).click();
  await expect(page.getByRole('article', { name: 'Demo Company' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Tenant' })).toHaveCount(0);
});
