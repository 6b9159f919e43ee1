import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';

// Wide and tall enough for every column of the seven stages to be in view for a pointer drag.
test.use({ viewport: { width: 2200, height: 1100 } });

interface Stage {
  id: string;
  name: string;
  kind: 'open' | 'won' | 'lost';
  probability: number;
}

const board = (page: Page) => page.getByRole('region', { name: 'Leads board' });
const column = (page: Page, stage: string) => board(page).getByRole('region', { name: stage, exact: true });
const totals = (page: Page) => page.getByRole('region', { name: 'Pipeline totals' }).getByRole('definition');
const totalLabels = (page: Page) => page.getByRole('region', { name: 'Pipeline totals' }).getByRole('term');

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

test("the board totals each column's value and the open pipeline's, weighted; won and lost stay outside it; a lost lead keeps its reason", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Valued');
  expect((await api(request, admin, 'PUT', `/crm/tenants/${tenant.id}`, { currency: 'EUR' })).status).toBe(200);
  const { body: stageList } = await api<Stage[]>(request, admin, 'GET', `/crm/pipeline-stage-options?tenant_id=${tenant.id}`);
  const stages = Object.fromEntries(stageList.map((stage) => [stage.name, stage]));
  const leads = [
    { name: 'Small Deal Ltd', value: '250.25', stage: 'New' },
    { name: 'Mid Deal Ltd', value: '1000.10', stage: 'New' },
    { name: 'Big Deal Ltd', value: '3000.00', stage: 'Proposal' },
    // Won, with a probability of its own: it counts 100% and stays outside the pipeline.
    { name: 'Closed Deal Ltd', value: '5000.00', stage: 'Won', probability: 50 },
  ];
  for (const [i, lead] of leads.entries()) {
    const body = {
      tenant_id: tenant.id,
      name: lead.name,
      phone1: `+1 555 091 000${i}`,
      value: lead.value,
      pipeline_stage_id: stages[lead.stage]!.id,
      probability: lead.probability,
    };
    expect((await api(request, admin, 'POST', '/crm/leads', body)).status).toBe(201);
  }
  // What the board must show, from the same rows: the open deals' values, and each one × its stage's probability, half up to the cent.
  const open = (of: typeof leads) => of.filter((lead) => stages[lead.stage]!.kind === 'open');
  const weighted = (of: typeof leads) => open(of).reduce((sum, lead) => sum + Math.round((cents(lead.value) * stages[lead.stage]!.probability) / 100), 0);
  const sum = (of: typeof leads) => of.reduce((total, lead) => total + cents(lead.value), 0);
  const inNew = leads.filter((lead) => lead.stage === 'New');

  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'Board' }).click();
  await expect(column(page, 'New').getByTitle('Total value')).toHaveText(euros(sum(inNew)));
  await expect(column(page, 'Proposal').getByTitle('Total value')).toHaveText(euros(300000));
  await expect(column(page, 'Won').getByTitle('Total value')).toHaveText(euros(500000));
  await expect(totalLabels(page)).toHaveText(['Open pipeline', 'Weighted open pipeline', 'Won (not in the pipeline)', 'Lost (not in the pipeline)']);
  await expect(totals(page).nth(0)).toHaveText(euros(sum(open(leads))));
  await expect(totals(page).nth(1)).toHaveText(euros(weighted(leads)));
  await expect(totals(page).nth(2)).toHaveText(euros(500000));
  await expect(totals(page).nth(3)).toHaveText(euros(0));

  // Dropped on Lost: the board asks why, and the lead keeps the reason.
  await drag(page, column(page, 'New').getByRole('button', { name: 'Mid Deal Ltd', exact: true }), column(page, 'Lost'));
  const ask = page.getByRole('dialog', { name: 'Move to Lost' });
  await ask.getByRole('textbox', { name: 'Lost reason (optional)' }).fill('Chose a cheaper offer');
  await ask.getByRole('button', { name: 'Move to Lost' }).click();
  await expect(column(page, 'Lost').getByRole('button', { name: 'Mid Deal Ltd', exact: true })).toBeVisible();
  const moved = leads.map((lead) => (lead.name === 'Mid Deal Ltd' ? { ...lead, stage: 'Lost' } : lead));
  await expect(column(page, 'New').getByTitle('Total value')).toHaveText(euros(25025));
  await expect(column(page, 'Lost').getByTitle('Total value')).toHaveText(euros(100010));
  await expect(totals(page).nth(0)).toHaveText(euros(sum(open(moved))));
  await expect(totals(page).nth(1)).toHaveText(euros(weighted(moved)));
  await expect(totals(page).nth(3)).toHaveText(euros(100010));

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
  await expect(page.getByRole('article', { name: 'Closed Deal Ltd' }).getByText('€5,000.00 · 100%')).toBeVisible();

  // Edit Value with a new value alone keeps the probability the stage's: moved on, the lead follows its new stage.
  const big = page.getByRole('article', { name: 'Big Deal Ltd' });
  await big.getByRole('button', { name: 'Actions for Big Deal Ltd' }).click();
  await page.getByRole('menuitem', { name: 'Edit Value' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Value' });
  await expect(edit.getByRole('spinbutton', { name: 'Probability (%)' })).toHaveValue('');
  await expect(edit.getByRole('spinbutton', { name: 'Probability (%)' })).toHaveAttribute('placeholder', String(stages.Proposal!.probability));
  await edit.getByRole('textbox', { name: 'Value (EUR)' }).fill('3500');
  await edit.getByRole('button', { name: 'Save Value' }).click();
  await expect(big.getByText(`€3,500.00 · ${stages.Proposal!.probability}%`)).toBeVisible();
  const { body: found } = await api<{ leads: { id: string }[] }>(request, admin, 'GET', `/crm/leads?tenant_id=${tenant.id}&q=big%20deal`);
  const bigId = found.leads[0]!.id;
  expect((await api(request, admin, 'POST', '/crm/leads/change-pipeline-stage', { lead_id: bigId, pipeline_stage_id: stages.Negotiation!.id })).status).toBe(
    200,
  );
  await page.reload();
  await expect(page.getByRole('article', { name: 'Big Deal Ltd' }).getByText(`€3,500.00 · ${stages.Negotiation!.probability}%`)).toBeVisible();

  // Sorted by value, the biggest first.
  await page.getByRole('combobox', { name: 'Sort leads' }).click();
  await page.getByRole('option', { name: 'Value: highest first' }).click();
  await expect(page.getByRole('article')).toHaveText([/Closed Deal Ltd/, /Big Deal Ltd/, /Mid Deal Ltd/, /Small Deal Ltd/]);

  // Whoever added them owns them: all the admin's, none unassigned.
  await page.getByRole('combobox', { name: 'Filter by owner' }).click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  await expect(page.getByText('No leads found')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by owner' }).click();
  await page.getByRole('option', { name: 'Mine' }).click();
  await expect(page.getByRole('article')).toHaveCount(4);
});
