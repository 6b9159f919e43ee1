import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';

// Wide and tall enough for every column of the seven stages to be in view for a pointer drag.
test.use({ viewport: { width: 2200, height: 1100 } });

interface Stage {
  id: string;
  name: string;
  probability: number;
}

const board = (page: Page) => page.getByRole('region', { name: 'Leads board' });
const column = (page: Page, stage: string) => board(page).getByRole('region', { name: stage, exact: true });
const totals = (page: Page) => page.getByRole('region', { name: 'Pipeline totals' }).getByRole('definition');

/** Cents of "1000.10", and "€1,000.10" of cents: the test's own arithmetic. */
const cents = (amount: string) => Math.round(Number(amount) * 100);
const euros = (value: number) => `€${(value / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function drag(page: Page, from: Locator, to: Locator) {
  await board(page).scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 5 });
  const viewport = page.viewportSize()!;
  await page.mouse.move(end.x + end.width / 2, Math.min(end.y + 120, viewport.height - 10), { steps: 15 });
  await page.mouse.up();
}

test("the board totals each column's value and the pipeline's, weighted; a lost lead keeps its reason", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Valued');
  expect((await api(request, admin, 'PUT', `/crm/tenants/${tenant.id}`, { currency: 'EUR' })).status).toBe(200);
  const { body: stageList } = await api<Stage[]>(request, admin, 'GET', `/crm/pipeline-stage-options?tenant_id=${tenant.id}`);
  const stages = Object.fromEntries(stageList.map((stage) => [stage.name, stage]));
  const leads = [
    { name: 'Small Deal Ltd', value: '250.25', stage: 'New' },
    { name: 'Mid Deal Ltd', value: '1000.10', stage: 'New' },
    { name: 'Big Deal Ltd', value: '3000.00', stage: 'Proposal' },
  ];
  for (const [i, lead] of leads.entries()) {
    const body = { tenant_id: tenant.id, name: lead.name, phone1: `+1 555 091 000${i}`, value: lead.value, pipeline_stage_id: stages[lead.stage]!.id };
    expect((await api(request, admin, 'POST', '/crm/leads', body)).status).toBe(201);
  }
  // What the board must show, from the same rows: value × the stage's probability, half up to the cent.
  const weighted = (of: typeof leads) => of.reduce((sum, lead) => sum + Math.round((cents(lead.value) * stages[lead.stage]!.probability) / 100), 0);
  const sum = (of: typeof leads) => of.reduce((total, lead) => total + cents(lead.value), 0);
  const inNew = leads.filter((lead) => lead.stage === 'New');

  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'Board' }).click();
  await expect(column(page, 'New').getByTitle('Total value')).toHaveText(euros(sum(inNew)));
  await expect(column(page, 'Proposal').getByTitle('Total value')).toHaveText(euros(300000));
  await expect(column(page, 'Won').getByTitle('Total value')).toHaveText(euros(0));
  await expect(totals(page).nth(0)).toHaveText(euros(sum(leads)));
  await expect(totals(page).nth(1)).toHaveText(euros(weighted(leads)));

  // Dropped on Lost: the board asks why, and the lead keeps the reason.
  await drag(page, column(page, 'New').getByRole('button', { name: 'Mid Deal Ltd', exact: true }), column(page, 'Lost'));
  const ask = page.getByRole('dialog', { name: 'Move to Lost' });
  await ask.getByRole('textbox', { name: 'Lost reason (optional)' }).fill('Chose a cheaper offer');
  await ask.getByRole('button', { name: 'Move to Lost' }).click();
  await expect(column(page, 'Lost').getByRole('button', { name: 'Mid Deal Ltd', exact: true })).toBeVisible();
  const moved = leads.map((lead) => (lead.name === 'Mid Deal Ltd' ? { ...lead, stage: 'Lost' } : lead));
  await expect(column(page, 'New').getByTitle('Total value')).toHaveText(euros(25025));
  await expect(column(page, 'Lost').getByTitle('Total value')).toHaveText(euros(100010));
  await expect(totals(page).nth(1)).toHaveText(euros(weighted(moved)));

  await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'List' }).click();
  const card = page.getByRole('article', { name: 'Mid Deal Ltd' });
  await expect(card.getByText('Chose a cheaper offer')).toBeVisible();
  await expect(card.getByText('€1,000.10 · 0%')).toBeVisible();
  const { body } = await api<{ leads: { name: string; lost_reason: string | null; lost_at: string | null }[] }>(
    request,
    admin,
    'GET',
    `/crm/leads?tenant_id=${tenant.id}&q=mid%20deal`,
  );
  expect(body.leads).toEqual([expect.objectContaining({ lost_reason: 'Chose a cheaper offer', lost_at: expect.any(String) })]);

  // Sorted by value, the biggest first.
  await page.getByRole('combobox', { name: 'Sort leads' }).click();
  await page.getByRole('option', { name: 'Value: highest first' }).click();
  await expect(page.getByRole('article')).toHaveText([/Big Deal Ltd/, /Mid Deal Ltd/, /Small Deal Ltd/]);

  // Whoever added them owns them: all the admin's, none unassigned.
  await page.getByRole('combobox', { name: 'Filter by owner' }).click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  await expect(page.getByText('No leads found')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by owner' }).click();
  await page.getByRole('option', { name: 'Mine' }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
});
