import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin, ADMIN, createStaffUser, createTenant, openCrm } from './helpers';

/*
 * What a manager scans a board for: each card's value, owner and close date (an open deal past
 * its date in the warning colour), the open deals alone, and on a phone the board right under the tabs.
 */

const WARNING = 'rgb(161, 98, 7)';

async function seedBoard(request: Parameters<typeof apiLogin>[0]) {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Cards');
  const stages = (await api<{ id: string; name: string }[]>(request, admin, 'GET', `/crm/pipeline-stage-options?tenant_id=${tenant.id}`)).body;
  const won = stages.find((stage) => stage.name === 'Won')!;
  const account = await createStaffUser(request, admin, tenant.id, 'Olga Okafor');
  const owner = await apiLogin(request, account);
  const leads = [
    { name: 'Late Deal Ltd', phone1: '+1 555 071 0001', value: '1500', expected_close_date: '2025-01-15' },
    { name: 'Closed Deal Ltd', phone1: '+1 555 071 0002', value: '900', expected_close_date: '2025-01-15', pipeline_stage_id: won.id },
  ];
  for (const lead of leads) expect((await api(request, owner, 'POST', '/crm/leads', { tenant_id: tenant.id, ...lead })).status).toBe(201);
  return { tenantId: tenant.id, account };
}

async function openBoard(page: Page, account: { email: string; password: string }, tenantId: string) {
  await openCrm(page, account, tenantId);
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'Board' }).click();
  await expect(page.getByRole('region', { name: 'Leads board' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('region', { name: 'Leads board' }).getByRole('button', { name, exact: true });

test('cards show value, owner and close date, and Open deals hides the closed stages for that user', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { tenantId, account } = await seedBoard(request);
  await openBoard(page, account, tenantId);

  const late = card(page, 'Late Deal Ltd');
  await expect(late).toContainText('$1,500.00');
  await expect(late.getByRole('img', { name: 'Owner: Olga Okafor' })).toHaveText('OO');
  await expect(late.getByRole('img', { name: 'Owner: Olga Okafor' })).toHaveAttribute('title', 'Olga Okafor');
  const lateDate = late.getByText('Overdue: Jan 15, 2025');
  await expect(lateDate).toHaveCSS('color', WARNING);
  // A won deal is not overdue, whatever its date.
  const closedDate = card(page, 'Closed Deal Ltd').getByText('Closes Jan 15, 2025');
  await expect(closedDate).toBeVisible();
  await expect(closedDate).not.toHaveCSS('color', WARNING);

  const toggle = page.getByRole('button', { name: 'Open deals' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page, 'Closed Deal Ltd')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Won', exact: true })).toHaveCount(0);
  await expect(card(page, 'Late Deal Ltd')).toBeVisible();

  // Kept for this user: a reload finds the board as it was left.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open deals' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page, 'Closed Deal Ltd')).toHaveCount(0);
});

test('on a phone the board comes right after the tabs, the dashboard cards after it, its first card in the first screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { tenantId, account } = await seedBoard(request);
  await openBoard(page, account, tenantId);

  const tabs = (await page.getByRole('tablist', { name: 'CRM sections' }).boundingBox())!;
  const board = (await page.getByRole('region', { name: 'Leads board' }).boundingBox())!;
  const stats = (await page.getByText('Total Prospects').boundingBox())!;
  // The dashboard's cards no longer push the tabs and the board down: they follow the board.
  expect(tabs.y).toBeLessThan(300);
  expect(stats.y).toBeGreaterThan(board.y);
  const late = card(page, 'Late Deal Ltd');
  expect((await late.boundingBox())!.y).toBeLessThan(844);
  await expect(late).toContainText('$1,500.00');
  await expect(late.getByRole('img', { name: 'Owner: Olga Okafor' })).toHaveText('OO');
  await expect(late.getByText('Overdue: Jan 15, 2025')).toHaveCSS('color', WARNING);
});
