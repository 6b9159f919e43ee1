import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm, type ApiSession } from './helpers';

interface Stage {
  id: string;
  name: string;
}

async function stagesOf(request: Parameters<typeof apiLogin>[0], admin: ApiSession, tenantId: string): Promise<Record<string, Stage>> {
  const { body } = await api<Stage[]>(request, admin, 'GET', `/crm/pipeline-stage-options?tenant_id=${tenantId}`);
  return Object.fromEntries(body.map((stage) => [stage.name, stage]));
}

// Wide and tall enough for every column of the seven stages to be in view for a pointer drag.
test.use({ viewport: { width: 2200, height: 1100 } });

const column = (page: Page, stage: string) => page.getByRole('region', { name: 'Leads board' }).getByRole('region', { name: stage, exact: true });
const boardCard = (where: Locator, name: string) => where.getByRole('button', { name, exact: true });

async function openBoard(page: Page, tenantId: string) {
  await openCrm(page, ADMIN, tenantId);
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'Board' }).click();
  await expect(page).toHaveURL(/view=board/);
}

/** A pointer drag: pick the card up, travel in steps (so the drag starts), and let go over the column. */
async function drag(page: Page, from: Locator, to: Locator) {
  // The CRM page's panels above the tabs push the board down: bring it into view before measuring.
  await page.getByRole('region', { name: 'Leads board' }).scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 5 });
  const viewport = page.viewportSize()!;
  await page.mouse.move(end.x + end.width / 2, Math.min(end.y + 120, viewport.height - 10), { steps: 15 });
  await page.mouse.up();
}

test('a lead dragged to another stage stays there after a reload, and the counts follow', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Board');
  const stages = await stagesOf(request, admin, tenant.id);
  for (const name of ['Drag Me Ltd', 'Stay Put Ltd'])
    expect(
      (await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name, phone1: `+1 555 046 ${String(name.length).padStart(4, '0')}` })).status,
    ).toBe(201);

  await openBoard(page, tenant.id);
  const fresh = column(page, 'New');
  const qualified = column(page, 'Qualified');
  await expect(fresh.getByLabel('2 leads')).toBeVisible();
  await expect(qualified.getByLabel('0 leads')).toBeVisible();

  await drag(page, boardCard(fresh, 'Drag Me Ltd'), qualified);
  await expect(boardCard(qualified, 'Drag Me Ltd')).toBeVisible();
  await expect(page.getByText('Lead pipeline stage has been updated to "Qualified"').first()).toBeVisible();

  await page.reload();
  await expect(boardCard(column(page, 'Qualified'), 'Drag Me Ltd')).toBeVisible();
  await expect(column(page, 'Qualified').getByLabel('1 leads')).toBeVisible();
  await expect(boardCard(column(page, 'New'), 'Stay Put Ltd')).toBeVisible();
  await expect(column(page, 'New').getByLabel('1 leads')).toBeVisible();

  // The server holds it too: the list filtered by that stage shows it.
  const { body } = await api<{ leads: { name: string }[] }>(
    request,
    admin,
    'GET',
    `/crm/leads?tenant_id=${tenant.id}&pipeline_stage_id=${stages.Qualified!.id}`,
  );
  expect(body.leads.map((lead) => lead.name)).toEqual(['Drag Me Ltd']);
});

test('a move the server refuses (the stage was deleted meanwhile) goes back, with the error', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Refused');
  const stages = await stagesOf(request, admin, tenant.id);
  expect((await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Bounce Back Ltd', phone1: '+1 555 070 0700' })).status).toBe(201);

  await openBoard(page, tenant.id);
  const fresh = column(page, 'New');
  await expect(boardCard(fresh, 'Bounce Back Ltd')).toBeVisible();
  // Someone else deletes the stage; this board still shows its column.
  expect((await api(request, admin, 'DELETE', `/crm/pipeline-stage-options/${stages.Lost!.id}`)).status).toBe(200);

  await drag(page, boardCard(fresh, 'Bounce Back Ltd'), column(page, 'Lost'));
  // A lost stage asks why first.
  await page.getByRole('dialog', { name: 'Move to Lost' }).getByRole('button', { name: 'Move to Lost' }).click();
  await expect(page.getByText('Error Updating Pipeline Stage').first()).toBeVisible();
  await expect(page.getByText('Pipeline stage not found.').first()).toBeVisible();
  await expect(boardCard(column(page, 'New'), 'Bounce Back Ltd')).toBeVisible();
  await expect(column(page, 'New').getByLabel('1 leads')).toBeVisible();
});

test('with the keyboard: pick a card up, arrow to the next stage, drop it, and hear where it went', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Keys');
  expect((await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Keyboard Ltd', phone1: '+1 555 080 0800' })).status).toBe(201);

  await openBoard(page, tenant.id);
  const cardInNew = boardCard(column(page, 'New'), 'Keyboard Ltd');
  await cardInNew.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up lead Keyboard Ltd in stage New.')).toBeAttached();
  // The board starts listening for the arrows a moment after the pick-up is announced: a key
  // pressed in that moment is not seen, so the arrow is pressed again until the move is heard.
  await expect(async () => {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Lead Keyboard Ltd is over stage Contacted.')).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(page.getByText('Lead Keyboard Ltd was dropped into stage Contacted.')).toBeAttached();
  await expect(boardCard(column(page, 'Contacted'), 'Keyboard Ltd')).toBeVisible();
  await page.reload();
  await expect(boardCard(column(page, 'Contacted'), 'Keyboard Ltd')).toBeVisible();
});

test('a board link opens the leads board, with or without the tab named', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Board link');
  expect((await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Linked Lead Ltd', phone1: '555 555 0101' })).status).toBe(201);
  await openCrm(page, ADMIN, tenant.id);
  for (const link of ['/crm?view=board', '/crm?tab=leads&view=board']) {
    await page.goto(link);
    await expect(page.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
    await expect(boardCard(column(page, 'New'), 'Linked Lead Ltd')).toBeVisible();
  }
  // Leaving the leads leaves the board behind.
  await page.getByRole('tab', { name: 'Prospects' }).click();
  await expect(page).not.toHaveURL(/view=board/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Prospects' })).toHaveAttribute('aria-selected', 'true');
});
