import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

for (const { name, size } of WIDTHS) {
  test(`${name}: a task added on a record page is on My day, done there with a click; another with the key`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'My Day');
    const account = { email: `myday-${Date.now()}-${Math.floor(Math.random() * 1e6)}@other.example.com`, password: 'other-password-1' };
    expect((await api(request, admin, 'POST', '/auth/users', { ...account, full_name: 'Dana Day', tenant_id: tenant.id, is_staff: true })).status).toBe(201);
    const dana = await apiLogin(request, account);
    const phone = `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const prospect = await api<{ id: string }>(request, dana, 'POST', '/crm/prospects', { tenant_id: tenant.id, name: 'Tasked Company', phone1: phone });
    expect(prospect.status).toBe(201);
    const second = await api(request, dana, 'POST', '/crm/tasks', {
      prospect_id: prospect.body.id,
      type: 'email',
      title: 'Send the price list',
      due_date: today(),
      due_time: '23:50',
    });
    expect(second.status).toBe(201);

    await openCrm(page, account, tenant.id);
    await page.goto(`/crm/prospects/${prospect.body.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tasked Company' })).toBeVisible();
    await page.getByRole('button', { name: 'Add task' }).click();
    const form = page.getByRole('form', { name: 'Add task' });
    await form.getByLabel('Type').selectOption('call');
    await form.getByLabel('Title').fill('Call about the budget');
    await form.getByLabel('Time (optional)').fill('09:15');
    await form.getByRole('button', { name: 'Save task' }).click();
    const open = page.getByRole('list', { name: 'Open tasks' });
    await expect(open.getByRole('listitem').filter({ hasText: 'Call about the budget' })).toContainText('09:15');

    await page.goto('/crm/my-day');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(['My day']);
    const todaySection = page.getByRole('region', { name: /^Today/ });
    await expect(todaySection.getByText('Call about the budget')).toBeVisible();
    await expect(todaySection.getByText('Send the price list')).toBeVisible();

    await todaySection.getByRole('button', { name: 'Done: Call about the budget' }).click();
    await expect(todaySection.getByText('Call about the budget')).toHaveCount(0);

    await expect(page.getByText('press x', { exact: false })).toBeVisible();
    const row = todaySection.getByRole('listitem').filter({ hasText: 'Send the price list' });
    await row.focus();
    await page.keyboard.press('x');
    await expect(todaySection.getByText('Send the price list')).toHaveCount(0);
    await expect(todaySection.getByText('Nothing else due today.')).toBeVisible();

    // Done tasks are in the record's timeline.
    await page.goto(`/crm/prospects/${prospect.body.id}`);
    await expect(page.getByRole('list', { name: 'Timeline' }).getByText('Task done: Call about the budget')).toBeVisible();
    await expect(page.getByText('No open tasks.')).toBeVisible();
  });
}
