import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';

/** A CSV's rows as text cells (every cell quoted, CRLF lines). */
function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')));
}

test('the prospects list downloads as CSV with its search applied', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Export');
  const names = ['Kestrel Export Ltd', 'Osprey Export Ltd', 'Unrelated Ltd', '=cmd Export Ltd'];
  for (const [index, name] of names.entries())
    expect((await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name, phone1: `+1 555 072 000${index}` })).status).toBe(201);

  await openCrm(page, ADMIN, tenant.id);
  await page.getByLabel('Search prospects').fill('export');
  await expect(page.getByRole('article', { name: 'Unrelated Ltd' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Kestrel Export Ltd' })).toBeVisible();

  await page.getByRole('button', { name: 'Export prospects' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^prospects-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = csvRows(text.slice(1));
  expect(header!.slice(0, 2)).toEqual(['Name', 'City']);
  // Newest first, as the list; the formula is neutralised.
  expect(rows.map((row) => row[0])).toEqual(["'=cmd Export Ltd", 'Osprey Export Ltd', 'Kestrel Export Ltd']);
  expect(rows[1]).toContain("'+1 555 072 0001");
});
