import fs from 'node:fs';
import { expect, test } from '@playwright/test';
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
