import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, openCrm, type ApiSession } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

/** The bell polls every 20 s while the tab is visible: news must be on screen within 30 s. */
const DELIVERY_MS = 30_000;

async function prospectOf(request: APIRequestContext, admin: ApiSession, tenantId: string, name: string) {
  const phone = `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await api<{ id: string }>(request, admin, 'POST', '/crm/prospects', { tenant_id: tenantId, name, phone1: phone });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function assign(request: APIRequestContext, admin: ApiSession, tenantId: string, ids: string[], ownerId: string) {
  const answer = await api<{ updated: number }>(request, admin, 'POST', '/crm/prospects/assign', { tenant_id: tenantId, owner_id: ownerId, ids });
  expect(answer).toEqual({ status: 200, body: { updated: ids.length } });
}

for (const { name, size } of WIDTHS) {
  test(`${name}: a record assigned by someone else rings the open tab's bell without a reload; its notification opens the record; Mark all read clears the count`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Bell');
    const rep = await createStaffUser(request, admin, tenant.id, 'Rita Rep');
    const repId = (await api<{ _id: string }>(request, await apiLogin(request, rep), 'GET', '/auth/me')).body._id;
    const first = await prospectOf(request, admin, tenant.id, 'Bell Ringing Ltd');
    const second = await prospectOf(request, admin, tenant.id, 'Second Ring Ltd');
    const third = await prospectOf(request, admin, tenant.id, 'Third Ring Ltd');

    await openCrm(page, rep, tenant.id);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    // Another user hands a record over through the API while the page stays open.
    await assign(request, admin, tenant.id, [first], repId);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: DELIVERY_MS });
    expect(navigations).toBe(0);

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: /Demo Admin assigned you the prospect Bell Ringing Ltd/ });
    await expect(item).toBeVisible();
    await expect(item).toContainText(/just now|seconds? ago|minutes? ago/);
    // The panel fits the window at this width.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/crm/prospects/${first}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Bell Ringing Ltd' })).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(bell).toHaveAccessibleName('Notifications');

    // Two more, in one request: one notification for the hand-over, and Mark all read clears it.
    await assign(request, admin, tenant.id, [second, third], repId);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: DELIVERY_MS });
    await bell.click();
    await expect(panel.getByRole('button', { name: /Demo Admin assigned you 2 prospects/ })).toBeVisible();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();

    // The server agrees: nothing unread is left for the rep.
    const left = await api<{ unread: number }>(request, await apiLogin(request, rep), 'GET', '/notifications');
    expect(left.body.unread).toBe(0);
  });
}
