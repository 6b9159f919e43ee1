import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';

test('the Reports tab shows the pipeline as a chart and a table, and downloads its CSV', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Reports');
  for (const [index, value] of ['1500', '2500.50'].entries())
    expect(
      (await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: `Report Lead ${index}`, phone1: `+1 555 047 000${index}`, value })).status,
    ).toBe(201);

  // The Reports tab's code (and its charts) come only when it is opened.
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  await openCrm(page, ADMIN, tenant.id);
  expect(scripts.filter((url) => /reports-tab/.test(url))).toEqual([]);
  await page.getByRole('tab', { name: 'Reports' }).click();

  await expect(page.getByRole('img', { name: /^Pipeline by stage, .* value and weighted value in USD$/ })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pipeline by stage' });
  await expect(table.getByRole('row', { name: /^New/ })).toHaveText(/New\s*2\s*\$4,000\.50\s*\$400\.05/);
  await expect(table.getByRole('row', { name: /^Open pipeline/ })).toHaveText(/Open pipeline\s*2\s*\$4,000\.50\s*\$400\.05/);
  expect(scripts.filter((url) => /reports-tab/.test(url))).toHaveLength(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV: Pipeline' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^report-pipeline-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('"Stage","Kind","Leads","Value (USD)","Weighted value (USD)"');
  expect(lines).toContain('"Open pipeline","open","2","4000.50","400.05"');
  expect(lines).toContain('"Won","won","0","0.00",""');
});

// The tests below open the CRM more than once each (a reload, a link).
test.describe.configure({ timeout: 90_000 });

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** A tenant of its own with two leads of today, and the CRM open on its Reports tab. */
async function reportsOfNewTenant(page: Page, request: APIRequestContext, viewport: { width: number; height: number }) {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Report filters');
  for (const [index, value] of ['1500', '2500.50'].entries())
    expect(
      (await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: `Filter Lead ${index}`, phone1: `+1 555 048 000${index}`, value })).status,
    ).toBe(201);
  await page.setViewportSize(viewport);
  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByRole('table', { name: 'Pipeline by stage' })).toBeVisible();
  return tenant;
}

const openPipeline = (page: Page) => page.getByRole('table', { name: 'Pipeline by stage' }).getByRole('row', { name: /^Open pipeline/ });

for (const viewport of WIDTHS) {
  test(`at ${viewport.width}px a reload and a shared link keep the reports' range and owner`, async ({ page, request }) => {
    await reportsOfNewTenant(page, request, viewport);
    await expect(openPipeline(page)).toHaveText(/Open pipeline\s*2\s*\$4,000\.50/);
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-12-31');
    await page.getByLabel('Owner').selectOption('none');
    await expect(page.getByRole('img', { name: /^Pipeline by stage, 2020-01-01 to 2020-12-31/ })).toBeVisible();
    await expect(openPipeline(page)).toHaveText(/Open pipeline\s*0\s*\$0\.00/);

    await page.reload();
    // A reload fetches the page and the tab's code again: the figures show once both are in.
    await expect(page.getByRole('img', { name: /^Pipeline by stage, 2020-01-01 to 2020-12-31/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2020-01-01');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('2020-12-31');
    await expect(page.getByLabel('Owner')).toHaveValue('none');
    await expect(page.getByRole('img', { name: /^Pipeline by stage, 2020-01-01 to 2020-12-31/ })).toBeVisible();
    await expect(openPipeline(page)).toHaveText(/Open pipeline\s*0\s*\$0\.00/);

    // The same address opened afresh (a shared link) shows the same reports.
    const link = page.url();
    await page.goto('/crm');
    await page.goto(link);
    await expect(page.getByRole('img', { name: /^Pipeline by stage, 2020-01-01 to 2020-12-31/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2020-01-01');
    await expect(page.getByRole('img', { name: /^Pipeline by stage, 2020-01-01 to 2020-12-31/ })).toBeVisible();
  });

  test(`at ${viewport.width}px an invalid range is named beside To and the reports show no figures of the range before`, async ({ page, request }) => {
    await reportsOfNewTenant(page, request, viewport);
    await expect(openPipeline(page)).toHaveText(/Open pipeline\s*2\s*\$4,000\.50/);
    await page.getByLabel('From', { exact: true }).fill('2025-05-01');
    await page.getByLabel('To', { exact: true }).fill('2025-04-01');
    await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(/to: must not be before from/);
    await expect(page.getByText('No figures while the range is invalid: correct From or To above.')).toHaveCount(4);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.locator('svg[role="img"]')).toHaveCount(0);

    // A link with a day that does not exist says so beside From, and shows no figures either.
    await page.goto('/crm?tab=reports&from=2025-02-30');
    await expect(page.getByText('No figures while the range is invalid: correct From or To above.').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('From', { exact: true })).toHaveAccessibleDescription(/from: must be a date \(YYYY-MM-DD\)/);
    await expect(page.getByText('No figures while the range is invalid: correct From or To above.')).toHaveCount(4);
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test(`at ${viewport.width}px every report chart has a value axis covering its largest figure, and no two of its labels overlap`, async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, ADMIN);
    const demo = (await api<{ id: string; name: string }[]>(request, admin, 'GET', '/crm/tenants')).body.find((t) => t.name === 'Demo Company')!;
    const calls = (await api<{ days: { day: string; calls: number; target: number }[] }>(request, admin, 'GET', `/crm/reports/calls?tenant_id=${demo.id}`))
      .body;
    // The chart's bars are the days' calls of all callers together, the dashed line their targets.
    const perDay = new Map<string, { calls: number; target: number }>();
    for (const row of calls.days) {
      const day = perDay.get(row.day) ?? { calls: 0, target: 0 };
      perDay.set(row.day, { calls: day.calls + row.calls, target: day.target + row.target });
    }
    expect(perDay.size).toBeGreaterThan(40);
    const largest = Math.max(...[...perDay.values()].flatMap((day) => [day.calls, day.target]));

    await page.setViewportSize(viewport);
    await openCrm(page, ADMIN, demo.id);
    await page.getByRole('tab', { name: 'Reports' }).click();
    const charts = page.locator('svg[role="img"]');
    await expect(charts).toHaveCount(4);

    const callsTicks = await page
      .getByRole('img', { name: /^Calls per day/ })
      .locator('[data-axis="value"] text')
      .allTextContents();
    const values = callsTicks.map((tick) => Number(tick.replace(/,/g, '')));
    expect(callsTicks.every((tick) => /^\d{1,3}(,\d{3})*$/.test(tick))).toBe(true);
    expect(values[0]).toBe(0);
    expect(values.at(-1)).toBeGreaterThanOrEqual(largest);
    expect(values.at(-2)).toBeLessThan(largest);
    const pipelineTicks = await page
      .getByRole('img', { name: /^Pipeline by stage/ })
      .locator('[data-axis="value"] text')
      .allTextContents();
    expect(pipelineTicks[0]).toBe('$0');
    expect(pipelineTicks.every((tick) => /^\$\d{1,3}(,\d{3})*$/.test(tick))).toBe(true);

    for (const chart of await charts.all()) {
      const name = await chart.getAttribute('aria-label');
      expect(await chart.locator('[data-axis="value"] text').count(), `${name}: value axis`).toBeGreaterThanOrEqual(2);
      const boxes = await chart.locator('text').evaluateAll((texts) =>
        texts.map((text) => {
          const { left, right, top, bottom } = text.getBoundingClientRect();
          return { text: text.textContent, left, right, top, bottom };
        }),
      );
      const overlaps: string[] = [];
      for (const [index, a] of boxes.entries())
        for (const b of boxes.slice(index + 1))
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps.push(`${a.text} / ${b.text}`);
      expect(overlaps, `${name}: overlapping labels`).toEqual([]);
      const box = (await chart.boundingBox())!;
      expect(box.x + box.width, `${name}: inside the window`).toBeLessThanOrEqual(viewport.width);
    }
  });
}
