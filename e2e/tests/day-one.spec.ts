import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm, type ApiSession } from './helpers';
import { PHONE } from './fit';

/*
 * Day one for a rep and a manager, as a tester walked it at 390 and 1366 px: a call without a goal of
 * one's own, tasks that follow their record, one company per phone, goals counted from their start,
 * the call queue's search, and the smaller points.
 */

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

/** The server's day: the browser tests run on the server's machine. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');
const randomPhone = () => `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function staffUser(request: APIRequestContext, admin: ApiSession, tenantId: string, fullName: string, visibility: 'own' | 'team' | 'all' = 'all') {
  const account = { email: `day-one-${Date.now()}-${Math.floor(Math.random() * 1e6)}@other.example.com`, password: 'other-password-1' };
  const created = await api<{ id: string }>(request, admin, 'POST', '/auth/users', {
    ...account,
    full_name: fullName,
    tenant_id: tenantId,
    is_staff: true,
    visibility,
  });
  expect(created.status).toBe(201);
  return { ...account, id: created.body.id, fullName };
}

async function prospectOf(request: APIRequestContext, session: ApiSession, tenantId: string, name: string, phone1 = randomPhone()) {
  const created = await api<{ id: string }>(request, session, 'POST', '/crm/prospects', { tenant_id: tenantId, name, phone1 });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function goalFor(request: APIRequestContext, admin: ApiSession, tenantId: string, userId: string, name: string, target = 10, startIn = -2) {
  const created = await api<{ id: string }>(request, admin, 'POST', '/crm/goals', {
    tenant_id: tenantId,
    name,
    target_count: target,
    start_date: inDays(startIn),
    end_date: inDays(5),
    user_id: userId,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
}

async function cardAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Two boxes overlap on screen. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

for (const { name, size } of WIDTHS) {
  test.describe(name, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    test(`${name}: an Own-records rep records a call with No goal; her picker offers only her own goals, never a colleague's, and the call is hers on the dashboard`, async ({
      page,
      request,
    }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Rep Calls');
      const rep = await staffUser(request, admin, tenant.id, 'Maya Rep', 'own');
      const colleague = await staffUser(request, admin, tenant.id, 'Cole League');
      await goalFor(request, admin, tenant.id, colleague.id, "Cole's week");
      await prospectOf(request, await apiLogin(request, rep), tenant.id, 'Rep Called Co');

      await openCrm(page, rep, tenant.id);
      const calls = page
        .locator('section, div')
        .filter({ has: page.getByRole('heading', { name: "Today's Calls" }) })
        .last();
      await expect(calls).toContainText('0');
      await cardAction(page, 'Rep Called Co', 'Update Status');
      const dialog = page.getByRole('dialog', { name: 'Update Prospect Status' });
      await dialog.getByRole('combobox', { name: 'Status' }).fill('no answer');
      await dialog.getByRole('option', { name: /No Answer/ }).click();
      await dialog.getByLabel("Call was made (increments today's calls)").check();
      const goal = dialog.getByRole('combobox', { name: 'Goal (optional)' });
      await expect(goal).toHaveValue('No goal');
      await goal.click();
      await goal.fill('');
      await expect(dialog.getByRole('option')).toHaveText([/^No goal/]);
      await dialog.getByRole('option', { name: /^No goal/ }).click();
      await dialog.getByRole('button', { name: 'Update Status' }).click();
      await expect(page.getByText('Prospect status has been updated to "No Answer"').first()).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(calls).toContainText('1');

      // The colleague's goal, named by id, is refused to her (naming goal_id), as in the queue.
      const session = await apiLogin(request, rep);
      const goals = await api<Array<{ id: string }>>(request, admin, 'GET', `/crm/goals?tenant_id=${tenant.id}`);
      const statuses = await api<Array<{ id: string; name: string }>>(request, session, 'GET', `/crm/status-options?tenant_id=${tenant.id}`);
      const other = await prospectOf(request, session, tenant.id, 'Rep Other Co');
      const refused = await api<{ detail: string }>(request, session, 'POST', '/crm/prospects/change-status', {
        prospect_id: other,
        status_id: statuses.body.find((status) => status.name === 'No Answer')!.id,
        prospect_contacted: true,
        goal_id: goals.body[0]!.id,
      });
      expect([refused.status, refused.body.detail.startsWith('goal_id: ')]).toEqual([403, true]);
    });

    test(`${name}: the call queue works without a goal and its search finds what the list finds, a name typed with a combining accent too`, async ({
      page,
      request,
    }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Queue Search');
      const rep = await staffUser(request, admin, tenant.id, 'Quinn Queue', 'own');
      await prospectOf(request, await apiLogin(request, rep), tenant.id, 'Café Lumière');
      await openCrm(page, rep, tenant.id);
      await page.goto(`/crm/call-queue?q=${encodeURIComponent('Cafe\u0301')}`);
      await expect(page.getByRole('status').filter({ hasText: 'Now calling' })).toHaveText('Now calling Café Lumière.');
      await expect(page.getByRole('combobox', { name: 'Goal (optional)' })).toHaveValue('');
      await expect(page.getByText('No goal: your calls count for you, on no goal.')).toBeVisible();
    });

    test(`${name}: records handed over take their open tasks: the new owner's My day lists them and the bell names them`, async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Hand Over');
      const ana = await staffUser(request, admin, tenant.id, 'Ana Before');
      const ben = await staffUser(request, admin, tenant.id, 'Ben After');
      const anaSession = await apiLogin(request, ana);
      const prospect = await prospectOf(request, anaSession, tenant.id, 'Handed Company');
      for (const title of ['Call about the budget', 'Send the price list'])
        expect((await api(request, anaSession, 'POST', '/crm/tasks', { prospect_id: prospect, type: 'call', title, due_date: inDays(0) })).status).toBe(201);
      expect((await api(request, admin, 'POST', '/crm/prospects/assign', { tenant_id: tenant.id, owner_id: ben.id, ids: [prospect] })).status).toBe(200);

      await openCrm(page, ben, tenant.id);
      await page.goto('/crm/my-day');
      const today = page.getByRole('region', { name: /^Today/ });
      await expect(today.getByText('Call about the budget')).toBeVisible();
      await expect(today.getByText('Send the price list')).toBeVisible();
      await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(
        'assigned you the prospect Handed Company, with 2 open tasks: "Call about the budget" and "Send the price list"',
      );

      await signOut(page);
      await openCrm(page, ana, tenant.id);
      await page.goto('/crm/my-day');
      await expect(page.getByText('Call about the budget')).toHaveCount(0);
    });

    test(`${name}: a Phone1 another company holds is refused beside Phone 1, focused there; a toast raised in a dialog never covers its buttons`, async ({
      page,
      request,
    }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'One Phone');
      const phone = randomPhone();
      expect((await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Lead Holder', phone1: phone })).status).toBe(201);
      await prospectOf(request, admin, tenant.id, 'Toast Co');
      await openCrm(page, ADMIN, tenant.id);

      await page.getByRole('button', { name: 'Add Prospect' }).click();
      const add = page.getByRole('dialog', { name: 'Add New Prospect' });
      await add.getByRole('textbox', { name: /Company name/ }).fill('Copy Co');
      await add.getByRole('textbox', { name: /Phone 1/ }).fill(phone);
      await add.getByRole('button', { name: 'Add Prospect' }).click();
      const phoneField = add.getByRole('textbox', { name: /Phone 1/ });
      await expect(phoneField).toHaveAccessibleDescription('A lead with this phone number already exists: Lead Holder.');
      await expect(phoneField).toBeFocused();
      await expect(page.getByTestId('toast')).toHaveCount(0);
      await add.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard' }).click();

      // A failure without a field: its toast is inside the dialog, after its buttons.
      await page.route('**/api/v1/crm/prospects/change-status', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Something broke."}' }),
      );
      await cardAction(page, 'Toast Co', 'Update Status');
      const status = page.getByRole('dialog', { name: 'Update Prospect Status' });
      await status.getByRole('combobox', { name: 'Status' }).fill('no answer');
      await status.getByRole('option', { name: /No Answer/ }).click();
      await status.getByRole('button', { name: 'Update Status' }).click();
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText('Error Updating Status');
      await expect(status).toContainText('Something broke.');
      for (const button of [status.getByRole('button', { name: 'Cancel' }), status.getByRole('button', { name: 'Update Status' })]) {
        await expect(button).toBeVisible();
        expect(await overlaps(toast, button)).toBe(false);
      }
    });

    test(`${name}: a goal created after its start counts from its start date, as the Calls report does`, async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Goal Start');
      const caller = await staffUser(request, admin, tenant.id, 'Gina Goal');
      // 4 a day from three days ago, made today, one call: 1 of 4 × 4 days.
      const goalId = await goalFor(request, admin, tenant.id, caller.id, 'Late goal', 4, -3);
      const session = await apiLogin(request, caller);
      const prospect = await prospectOf(request, session, tenant.id, 'Goal Call Co');
      const statuses = await api<Array<{ id: string; name: string }>>(request, session, 'GET', `/crm/status-options?tenant_id=${tenant.id}`);
      const call = { prospect_id: prospect, status_id: statuses.body.find((s) => s.name === 'No Answer')!.id, prospect_contacted: true, goal_id: goalId };
      expect((await api(request, session, 'POST', '/crm/prospects/change-status', call)).status).toBe(200);
      await openCrm(page, caller, tenant.id);
      await page.goto('/crm?tab=goals');
      const card = page.getByRole('article', { name: 'Late goal' });
      await expect(card.getByText('Progress')).toBeVisible();
      await expect(card).toContainText('6%');
      await expect(card.getByRole('definition').nth(1)).toHaveText('0.3');
      const report = await api<{ days: Array<{ day: string; target: number }> }>(
        request,
        session,
        'GET',
        `/crm/reports/calls?tenant_id=${tenant.id}&from=${inDays(-3)}&to=${inDays(0)}&owner_id=me`,
      );
      expect(report.body.days.reduce((sum, day) => sum + day.target, 0)).toBe(16);
    });

    test(`${name}: in My day, x on the last row of a group goes on to the next group's first row, and the next x marks that one done`, async ({
      page,
      request,
    }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'My Day Keys');
      const user = await staffUser(request, admin, tenant.id, 'Kim Keys');
      const session = await apiLogin(request, user);
      const prospect = await prospectOf(request, session, tenant.id, 'Keys Company');
      for (const [title, due] of [
        ['Due today', inDays(0)],
        ['Due tomorrow', inDays(1)],
        ['Due in two days', inDays(2)],
      ] as const)
        expect((await api(request, session, 'POST', '/crm/tasks', { prospect_id: prospect, type: 'todo', title, due_date: due })).status).toBe(201);
      await openCrm(page, user, tenant.id);
      await page.goto('/crm/my-day');
      const row = (title: string) => page.getByRole('listitem', { name: new RegExp(`^To-do: ${title}`) });
      await row('Due today').focus();
      await page.keyboard.press('x');
      await expect(row('Due tomorrow')).toBeFocused();
      await page.keyboard.press('x');
      await expect(row('Due tomorrow')).toHaveCount(0);
      await expect(row('Due today')).toHaveCount(0);
      await expect(row('Due in two days')).toBeFocused();
    });

    test(`${name}: a 10,000-character note is folded with Show more in Notes and Timeline; a note of 10,000 emoji is taken whole; the timeline names who sent a quotation`, async ({
      page,
      request,
    }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Long Notes');
      const lead = await api<{ id: string }>(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Noted Lead', phone1: randomPhone() });
      expect(lead.status).toBe(201);
      const long = Array.from({ length: 200 }, (_, i) => `Line ${i + 1} of a very long note about the customer.`)
        .join('\n')
        .slice(0, 10_000);
      expect((await api(request, admin, 'POST', `/crm/leads/${lead.body.id}/notes`, { body: long })).status).toBe(201);
      const quotation = await api<{ id: string; number: string }>(request, admin, 'POST', '/quotations', {
        tenant_id: tenant.id,
        lead_id: lead.body.id,
        client_name: 'Buyer',
        client_email: 'buyer@example.com',
        title: 'Offer',
        items: [{ description: 'Seats', quantity: 1, rate: 10 }],
      });
      expect(quotation.status).toBe(201);
      expect((await api(request, admin, 'POST', `/quotations/${quotation.body.id}/send`)).status).toBe(200);

      await openCrm(page, ADMIN, tenant.id);
      await page.goto(`/crm/leads/${lead.body.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Noted Lead' })).toBeVisible();
      const notes = page.getByRole('list', { name: 'Notes' });
      const timeline = page.getByRole('list', { name: 'Timeline' });
      await expect(notes.getByRole('button', { name: 'Show more' })).toBeVisible();
      await expect(timeline.getByRole('button', { name: 'Show more' })).toBeVisible();
      // Folded: the note's text is taller than the lines it shows.
      const body = notes.getByText('Line 1 of a very long note', { exact: false });
      expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight + 1)).toBe(true);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(6000);
      await notes.getByRole('button', { name: 'Show more' }).click();
      await expect(notes.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(height);
      await expect(timeline.getByRole('listitem').filter({ hasText: `Quotation ${quotation.body.number} sent` })).toContainText(/Admin|admin@example\.com/);

      const emoji = '😀'.repeat(10_000);
      const field = page.getByRole('textbox', { name: 'Add a note' });
      await field.fill(`${emoji}😀`);
      expect(await field.evaluate((element) => Array.from((element as HTMLTextAreaElement).value).length)).toBe(10_000);
      await page.getByRole('button', { name: 'Add Note' }).click();
      await expect(field).toHaveValue('');
      const saved = await api<{ notes: Array<{ body: string }> }>(request, admin, 'GET', `/crm/leads/${lead.body.id}/notes`);
      expect(saved.body.notes.some((note) => note.body === emoji)).toBe(true);
    });

    test(`${name}: the Pipeline report's table shows every column on screen, its weighted value included`, async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Report Table');
      expect((await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Valued Lead', phone1: randomPhone(), value: 1000 })).status).toBe(
        201,
      );
      await openCrm(page, ADMIN, tenant.id);
      await page.goto('/crm?tab=reports');
      const table = page.getByRole('table', { name: /Pipeline/ });
      await expect(table).toBeVisible();
      const newRow = table.getByRole('row', { name: /^New/ });
      const weighted = newRow.getByRole('cell').nth(2);
      await expect(weighted).toHaveText(/100\.00/);
      await weighted.scrollIntoViewIfNeeded();
      await expect(weighted).toBeInViewport({ ratio: 1 });
      // Nothing of the table lies past the window's edge.
      const right = await table.evaluate((element) => element.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(size.width);
      // On a phone each value is shown beside its column's name.
      const label = await weighted.evaluate((element) => getComputedStyle(element, '::before').content);
      expect(label).toBe(size.width < 600 ? '"Weighted value"' : 'none');
    });

    test(`${name}: an unknown address answers 404 with the Not found page`, async ({ page }) => {
      const response = await page.goto('/no-such-page-here');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
      expect((await page.goto('/about'))?.status()).toBe(200);
    });

    test(`${name}: a new task is due on the server's day even when the browser's clock is a day ahead`, async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await createTenant(request, admin, 'Task Day');
      const prospect = await prospectOf(request, admin, tenant.id, 'Task Day Co');
      await page.clock.install({ time: new Date(Date.now() + 86_400_000) });
      await openCrm(page, ADMIN, tenant.id);
      await page.goto(`/crm/prospects/${prospect}`);
      await page.getByRole('button', { name: 'Add task' }).click();
      await expect(page.getByRole('form', { name: 'Add task' }).getByLabel('Due date')).toHaveValue(inDays(0));
    });
  });
}

test("phone: Escape closes the phone's sidebar and gives focus back to the menu button", async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Sidebar');
  await openCrm(page, ADMIN, tenant.id);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('desktop: the sidebar beside the page stays open with Escape', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Sidebar Wide');
  await openCrm(page, ADMIN, tenant.id);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
});
