import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm, type ApiSession } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

/** A staff user at home in the tenant who sees only their own records. */
async function ownUser(request: APIRequestContext, admin: ApiSession, tenantId: string, fullName: string) {
  const account = { email: `record-${Date.now()}-${Math.floor(Math.random() * 1e6)}@other.example.com`, password: 'other-password-1' };
  const created = await api(request, admin, 'POST', '/auth/users', { ...account, full_name: fullName, tenant_id: tenantId, is_staff: true, visibility: 'own' });
  expect(created.status).toBe(201);
  return account;
}

async function prospectOf(request: APIRequestContext, session: ApiSession, tenantId: string, name: string) {
  const phone = `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await api<{ id: string }>(request, session, 'POST', '/crm/prospects', { tenant_id: tenantId, name, phone1: phone });
  expect(created.status).toBe(201);
  return created.body.id;
}

for (const { name, size } of WIDTHS) {
  test(`${name}: a prospect's page opens by its link, keeps a note with its author through a reload, and Back returns; a hidden prospect is not found`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Record Page');
    const olga = await ownUser(request, admin, tenant.id, 'Olga Own');
    const sami = await ownUser(request, admin, tenant.id, 'Sami Other');
    const mine = await prospectOf(request, await apiLogin(request, olga), tenant.id, 'Noted Company');
    const hidden = await prospectOf(request, await apiLogin(request, sami), tenant.id, 'Hidden Company');

    await openCrm(page, olga, tenant.id);
    await page.goto(`/crm/prospects/${mine}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Noted Company' })).toBeVisible();

    const typed = 'Call back after the board meeting.\n  Ask for Ms. Lee <CFO>.';
    await page.getByRole('textbox', { name: 'Add a note' }).fill(typed);
    await page.getByRole('button', { name: 'Add Note' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const entry = timeline.getByRole('listitem').filter({ hasText: 'Call back after the board meeting.' });
    await expect(entry).toContainText('Olga Own');
    await expect(page.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');

    await page.reload();
    await expect(entry).toContainText('Ask for Ms. Lee <CFO>.');
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/crm$/);

    await page.goto(`/crm/prospects/${hidden}`);
    await expect(page.getByText('Prospect not found')).toBeVisible();
    await expect(page.getByText('Hidden Company')).toHaveCount(0);
  });
}
