import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm, type ApiSession } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

/** The server's day: the browser tests run on the server's machine. */
const today = () => new Date().toLocaleDateString('en-CA');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');

/** A staff user at home in the tenant, with the visibility given, and their id. */
async function staffUser(request: APIRequestContext, admin: ApiSession, tenantId: string, fullName: string, visibility: 'own' | 'all') {
  const account = { email: `goals-${Date.now()}-${Math.floor(Math.random() * 1e6)}@other.example.com`, password: 'other-password-1' };
  const created = await api<{ id: string }>(request, admin, 'POST', '/auth/users', {
    ...account,
    full_name: fullName,
    tenant_id: tenantId,
    is_staff: true,
    visibility,
  });
  expect(created.status).toBe(201);
  return { ...account, id: created.body.id };
}

/** A goal set for a user by the admin, running from two days ago for a week. */
async function goalFor(request: APIRequestContext, admin: ApiSession, tenantId: string, userId: string, name: string) {
  const created = await api<{ id: string }>(request, admin, 'POST', '/crm/goals', {
    tenant_id: tenantId,
    name,
    target_count: 10,
    start_date: inDays(-2),
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

for (const { name, size } of WIDTHS) {
  test(`${name}: a staff user may edit and delete her own goal only, and an Own user sees no colleague's goal`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Goal Rights');
    const sami = await staffUser(request, admin, tenant.id, `Sami Staff ${Date.now()}`, 'all');
    const olga = await staffUser(request, admin, tenant.id, `Olga Own ${Date.now()}`, 'own');
    await goalFor(request, admin, tenant.id, sami.id, 'Sami calls');
    await goalFor(request, admin, tenant.id, olga.id, 'Olga calls');

    await openCrm(page, sami, tenant.id);
    await page.goto('/crm?tab=goals');
    await expect(page.getByRole('article', { name: 'Olga calls' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Sami calls' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Sami calls' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Olga calls' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Olga calls' })).toHaveCount(0);

    await signOut(page);
    await openCrm(page, olga, tenant.id);
    await page.goto('/crm?tab=goals');
    await expect(page.getByRole('article', { name: 'Olga calls' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Olga calls' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Sami calls' })).toHaveCount(0);
    await expect(page.getByText('Showing 1 of 1 goals')).toBeVisible();
  });

  test(`${name}: deleting a goal with calls is refused with the reason, and the goal is ended today instead, its calls kept`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Goal End');
    const caller = await staffUser(request, admin, tenant.id, `Cara Caller ${Date.now()}`, 'all');
    const goalId = await goalFor(request, admin, tenant.id, caller.id, 'Cara calls');
    const session = await apiLogin(request, caller);
    const prospect = await api<{ id: string }>(request, session, 'POST', '/crm/prospects', {
      tenant_id: tenant.id,
      name: 'Called Co',
      phone1: `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    });
    expect(prospect.status).toBe(201);
    const statuses = await api<{ id: string; name: string }[]>(request, session, 'GET', `/crm/status-options?tenant_id=${tenant.id}`);
    const noAnswer = statuses.body.find((status) => status.name === 'No Answer')!;
    const call = { prospect_id: prospect.body.id, status_id: noAnswer.id, prospect_contacted: true, goal_id: goalId };
    for (let i = 0; i < 2; i++) expect((await api(request, session, 'POST', '/crm/prospects/change-status', call)).status).toBe(200);

    await openCrm(page, caller, tenant.id);
    await page.goto('/crm?tab=goals');
    const card = page.getByRole('article', { name: 'Cara calls' });
    await expect(card.getByRole('definition').first()).toHaveText('2');
    await card.getByRole('button', { name: 'Delete Cara calls' }).click();
    await page.getByRole('dialog', { name: 'Delete Goal' }).getByRole('button', { name: 'Delete' }).click();

    const end = page.getByRole('dialog', { name: 'End Goal' });
    await expect(end).toContainText('The goal "Cara calls" has calls counted on it, and deleting it would take them off the dashboard and reports.');
    await end.getByRole('button', { name: 'End goal today' }).click();
    await expect(page.getByText('Goal ended')).toBeVisible();
    await expect(end).toHaveCount(0);

    // The goal stays, ending today, with its calls.
    await expect(card).toContainText(new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
    await expect(card.getByRole('definition').first()).toHaveText('2');
    const goals = await api<Array<{ id: string; end_date: string; daily_calls: Array<{ calls_made: number }> }>>(
      request,
      session,
      'GET',
      `/crm/goals?tenant_id=${tenant.id}`,
    );
    const kept = goals.body.find((goal) => goal.id === goalId)!;
    expect({ end_date: kept.end_date, calls: kept.daily_calls.reduce((sum, day) => sum + day.calls_made, 0) }).toEqual({ end_date: today(), calls: 2 });
  });
}
