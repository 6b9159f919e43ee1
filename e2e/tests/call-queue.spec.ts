import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, openCrm, type ApiSession } from './helpers';

/** A tenant of its own with a staff caller, their goal for today and the given prospects. */
async function callingTeam(request: Parameters<typeof apiLogin>[0], label: string, names: string[]) {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, label);
  const caller = await createStaffUser(request, admin, tenant.id, `${label} Caller`);
  const prospects = names.map((name, i) => ({ name, phone1: `+1 555 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${i}`, city: 'Leeds' }));
  const bulk = await api<{ total_created: number }>(request, admin, 'POST', '/crm/prospects/bulk', { tenant_id: tenant.id, prospects });
  expect(bulk.body.total_created).toBe(names.length);
  const session: ApiSession = await apiLogin(request, caller);
  const today = new Date().toISOString().slice(0, 10);
  const goal = await api(request, session, 'POST', '/crm/goals', {
    tenant_id: tenant.id,
    name: 'Daily calls',
    target_count: 20,
    start_date: today,
    end_date: '2999-01-01',
  });
  expect(goal.status).toBe(201);
  return { tenant, caller };
}

const nowCalling = (page: Page) => page.getByRole('status').filter({ hasText: 'Now calling' });

async function nameOnScreen(page: Page): Promise<string> {
  const text = (await nowCalling(page).textContent()) ?? '';
  return text.replace(/^Now calling /, '').replace(/\.$/, '');
}

async function startCalling(page: Page) {
  await page.getByRole('link', { name: 'Start calling' }).focus();
  await page.keyboard.press('Enter');
  await expect(nowCalling(page)).toBeVisible();
}

test('a caller works five prospects with the keyboard alone, and the calls and the lead show', async ({ page, request }) => {
  const names = ['Alder Works', 'Birch Foods', 'Cedar Print', 'Dogwood Legal', 'Elm Motors'];
  const { tenant, caller } = await callingTeam(request, 'Queue', names);
  await openCrm(page, caller, tenant.id);
  const todaysCalls = page.getByRole('group', { name: 'Dashboard statistics' }).locator('div').filter({ hasText: "Today's Calls" });
  await expect(todaysCalls.getByText('0', { exact: true })).toBeVisible();

  await startCalling(page);
  const seen: string[] = [];
  // 2: No Answer
  seen.push(await nameOnScreen(page));
  await expect(page.getByText('Daily calls: 0 of 20 calls today')).toBeVisible();
  await page.keyboard.press('2');
  await expect(nowCalling(page)).not.toHaveText(`Now calling ${seen[0]}.`);
  // The next card was claimed ahead, before this call: its progress still counts the call.
  await expect(page.getByText('Daily calls: 1 of 20 calls today')).toBeVisible();
  // 4: Interested, which makes a lead
  const lead = await nameOnScreen(page);
  seen.push(lead);
  await page.keyboard.press('4');
  await expect(nowCalling(page)).not.toHaveText(`Now calling ${lead}.`);
  await expect(page.getByText('Daily calls: 2 of 20 calls today')).toBeVisible();
  // S: skip
  seen.push(await nameOnScreen(page));
  await page.keyboard.press('s');
  await expect(nowCalling(page)).not.toHaveText(`Now calling ${seen[2]}.`);
  // 5: Not Interested
  seen.push(await nameOnScreen(page));
  await page.keyboard.press('5');
  await expect(nowCalling(page)).not.toHaveText(`Now calling ${seen[3]}.`);
  // C: a callback, at the picker's proposed time (in an hour)
  seen.push(await nameOnScreen(page));
  await page.keyboard.press('c');
  await expect(page.getByRole('dialog', { name: 'Schedule a callback' })).toBeVisible();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Session summary' })).toBeVisible();
  expect(new Set(seen).size).toBe(5);
  const summary = page.getByRole('region', { name: 'Session summary' });
  await expect(summary.getByText('No more prospects in this queue.')).toBeVisible();
  await expect(summary.locator('dt:has-text("Calls made") + dd')).toHaveText('4');
  await expect(summary.locator('dt:has-text("Leads created") + dd')).toHaveText('1');

  await page.getByRole('link', { name: 'Back to prospects' }).last().focus();
  await page.keyboard.press('Enter');
  await expect(todaysCalls.getByText('4', { exact: true })).toBeVisible();
  // C recorded the tenant's callback status: the Call Back filter finds the prospect, and only it.
  const statusFilter = page.getByRole('combobox', { name: 'Filter by status' });
  await statusFilter.fill('call back');
  await page.getByRole('option', { name: /Call Back/ }).click();
  await expect(page).toHaveURL(/status_id=/);
  await expect(page.getByRole('article', { name: seen[4] })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Leads' }).click();
  await expect(page.getByRole('article', { name: lead })).toBeVisible();
});

test('a callback set for a minute ahead comes back first when it is due', async ({ page, request }) => {
  // Six of its seconds are spent waiting for the server's clock; the rest must not be squeezed by them on a busy machine.
  test.setTimeout(60_000);
  const { tenant, caller } = await callingTeam(request, 'Callback', ['Fir Dental', 'Gum Bakery', 'Hazel Realty', 'Ivy Fitness']);
  // The page's clock runs 55 s behind the server's: "a minute ahead" on the page is five seconds ahead on the server.
  await page.clock.install({ time: new Date(Date.now() - 55_000) });
  await openCrm(page, caller, tenant.id);
  await startCalling(page);
  const asked = await nameOnScreen(page);
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Schedule a callback' });
  const inAMinute = await page.evaluate(() => {
    const at = new Date(Date.now() + 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  });
  await dialog.getByLabel('Callback date and time').fill(inAMinute);
  await page.keyboard.press('Enter');
  await expect(nowCalling(page)).not.toHaveText(`Now calling ${asked}.`);
  const next = await nameOnScreen(page);

  // Due on the server in five seconds; the page's minute passes at once.
  await page.waitForTimeout(6_000);
  await page.clock.fastForward(65_000);
  await page.keyboard.press('2');
  await expect(nowCalling(page)).toHaveText(`Now calling ${asked}.`);
  expect(next).not.toBe(asked);
  await expect(page.getByText(/^Callback due /)).toBeVisible();
});

test('on a laptop screen the outcome keys show beside the card without scrolling', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  const { tenant, caller } = await callingTeam(request, 'Laptop', ['Juniper Accountancy Partners']);
  // A card as full as a worked prospect's: every detail, a description and recent activity.
  const admin = await apiLogin(request, ADMIN);
  const listed = await api<{ prospects: { id: string }[] }>(request, admin, 'GET', `/crm/prospects?tenant_id=${tenant.id}`);
  const id = listed.body.prospects[0]!.id;
  const updated = await api(request, admin, 'PUT', `/crm/prospects/${id}`, {
    email: 'office@juniper-accountancy.example.com',
    industry: 'Accounting',
    website: 'juniper-accountancy.example.com',
    description: 'Twelve partners, payroll run in-house; the office manager decides on software.',
  });
  expect(updated.status).toBe(200);
  const statuses = await api<{ id: string; name: string }[]>(request, admin, 'GET', `/crm/status-options?tenant_id=${tenant.id}`);
  const callBack = statuses.body.find((status) => status.name === 'Call Back')!;
  for (const notes of ['Asked to call after the month end', 'No answer, left a voicemail', 'Spoke to reception']) {
    expect((await api(request, admin, 'POST', '/crm/prospects/change-status', { prospect_id: id, status_id: callBack.id, notes })).status).toBe(200);
  }

  await openCrm(page, caller, tenant.id);
  await startCalling(page);
  await expect(page.getByRole('article', { name: 'Juniper Accountancy Partners' }).getByText('Spoke to reception')).toBeVisible();
  const keys = page
    .getByRole('group', { name: 'Outcomes' })
    .getByRole('button')
    .or(page.getByRole('group', { name: 'Queue actions' }).getByRole('button'));
  expect(await keys.count()).toBeGreaterThanOrEqual(9);
  const misplaced = await keys.evaluateAll((buttons) =>
    buttons
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return window.scrollY !== 0 || box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth;
      })
      .map((button) => button.textContent),
  );
  expect(misplaced, 'outcome keys outside the 1366×800 window before any scrolling').toEqual([]);
});
