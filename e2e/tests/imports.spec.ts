import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';

test('a CSV is mapped and imported, listed in Imports with its refused row, then reverted: the prospects nobody worked are gone', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Imports');
  // Already a prospect: the file's row with the same phone is refused as a duplicate.
  const existing = await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name: 'Already Here', phone1: '+33 1 40 00 00 09' });
  expect(existing.status).toBe(201);

  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('button', { name: 'Upload JSON' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload JSON File' });
  await dialog.getByLabel('Tenant').selectOption(tenant.id);
  const csv = [
    'Société;Téléphone;E-mail;Ville;Remarks',
    '"Dupont; Fils";01 40 00 00 01;contact@dupont.example.com;Lyon;Call after 5',
    'Martin SA;01 40 00 00 02;;Paris;Closed Mondays',
    'Bernard & Co;01 40 00 00 03;;Nantes;',
    '',
    'Duplicate SARL;+33 1 40 00 00 09;;Lille;Same phone as an existing prospect',
  ].join('\r\n');
  await dialog.getByLabel('JSON file').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });

  // The obvious columns are guessed; the person maps the rest.
  await expect(dialog.getByLabel('Société')).toHaveValue('name');
  await expect(dialog.getByLabel('Téléphone')).toHaveValue('phone1');
  await expect(dialog.getByLabel('E-mail')).toHaveValue('email');
  await expect(dialog.getByLabel('Ville')).toHaveValue('city');
  await dialog.getByLabel('Remarks').selectOption({ label: 'Description' });
  await expect(dialog.getByText('Preview (4 of 4 prospects)')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Dupont; Fils' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload 4 Prospects' }).click();
  await expect(page.getByText('Partial Success').first()).toBeVisible();
  await expect(dialog.getByText('Row 4: duplicate of existing prospect "Already Here" (same Phone1)')).toBeVisible();
  await dialog.getByText('Close', { exact: true }).click();
  await expect(page.getByText('Showing 4 of 4 prospects')).toBeVisible();

  await page.getByRole('tab', { name: 'Imports' }).click();
  const row = page.getByRole('row', { name: 'clients.csv' });
  await expect(row.getByRole('cell')).toHaveText(['clients.csv', /Admin/, /\d{4} at/, '3', '1', '0', 'Imported', /Download refused rows/]);

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download refused rows of clients.csv' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('clients-refused-rows.csv');
  const refused = await readFile(await download.path());
  expect(refused.toString('utf8')).toContain(
    `"Duplicate SARL","","'+33 1 40 00 00 09","","","","Lille","","","","","","","Same phone as an existing prospect","Row 4: duplicate of existing prospect ""Already Here"" (same Phone1)"`,
  );

  // Someone works one of the imported prospects: the revert keeps it.
  const list = await api<{ prospects: { id: string; name: string }[] }>(request, admin, 'GET', `/crm/prospects?tenant_id=${tenant.id}&q=Martin`);
  const statuses = await api<{ id: string; name: string }[]>(request, admin, 'GET', `/crm/status-options?tenant_id=${tenant.id}`);
  const callBack = statuses.body.find((status) => status.name === 'Call Back')!;
  const worked = await api(request, admin, 'POST', '/crm/prospects/change-status', { prospect_id: list.body.prospects[0]!.id, status_id: callBack.id });
  expect(worked.status).toBe(200);

  await row.getByRole('button', { name: 'Revert clients.csv' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revert import of clients.csv?' });
  await confirm.getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByText('2 prospects removed. 1 kept because someone has worked them.').first()).toBeVisible();
  await expect(row.getByText('Reverted: 2 removed, 1 kept')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Revert clients.csv' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Prospects' }).click();
  await expect(page.getByText('Showing 2 of 2 prospects')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Martin SA' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Already Here' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Dupont; Fils' })).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Imports' }).click();
  await expect(page.getByRole('row', { name: 'clients.csv' }).getByText('Reverted: 2 removed, 1 kept')).toBeVisible();
});

test('nothing is dropped silently: the preview names the warnings and errors, the valid rows go in, and Imports keeps both to download', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Import warnings');
  await openCrm(page, ADMIN, tenant.id);
  await page.getByRole('button', { name: 'Upload JSON' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload JSON File' });
  await dialog.getByLabel('Tenant').selectOption(tenant.id);
  const file = [
    { Name: 'Good GmbH', Phone1: '+49 30 1000 0001', Email: 'info@good.example.com' },
    // Every field's key is read whatever its case; a key that names no field is named, not dropped.
    { Name: 'Bad Email GmbH', Phone1: '+49 30 1000 0002', Email: 'info.bad-email.de', Description: 'n/a', Emial: 'typo@example.com' },
    { Name: 'Broken Address AG', Phone1: '+49 30 1000 0003', Email: 'sales@nowhere' },
  ];
  await dialog.getByLabel('JSON file').setInputFiles({ name: 'leads.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });

  // One row with two values left out: the list counts the row and names both.
  const warnings = dialog.getByRole('region', { name: 'Rows with warnings (1)' });
  await expect(warnings.getByText('Row 2: Email left out: "info.bad-email.de" has no @, so it is not an address')).toBeVisible();
  await expect(warnings.getByText('Row 2: Description left out: "n/a" is a placeholder')).toBeVisible();
  await expect(warnings.getByText('Row 2: "Emial" left out: not a field of a prospect ("typo@example.com")')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Preview (3 of 3 prospects)' });
  await expect(preview.getByRole('row', { name: /Bad Email GmbH/ }).getByText('Warning')).toBeVisible();
  await expect(preview.getByRole('row', { name: /Broken Address AG/ }).getByText('Error')).toBeVisible();
  await expect(preview.getByRole('row', { name: /Good GmbH/ }).getByText(/^(Warning|Error)$/)).toHaveCount(0);
  const errors = dialog.getByRole('region', { name: 'Validation Errors (1)' });
  await expect(errors.getByText('Row 3: email: must be a valid email address')).toBeVisible();
  await expect(page.getByText('1 error found in the JSON file').first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Import the 2 valid rows' }).click();
  await expect(page.getByText('Partial Success').first()).toBeVisible();
  // The dialog's own summary; the toast inside the dialog says the same.
  await expect(
    dialog
      .getByRole('status')
      .filter({ hasText: 'Created 2 prospects. 1 error occurred. 1 row imported with warnings.' })
      .and(dialog.locator(':not([data-testid="toast"])')),
  ).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Rows not uploaded (1)' }).getByText('Row 3: email: must be a valid email address')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Rows imported with warnings (1)' }).getByText(/^Row 2: Email left out/)).toBeVisible();
  await dialog.getByText('Close', { exact: true }).click();
  await expect(page.getByText('Showing 2 of 2 prospects')).toBeVisible();

  await page.getByRole('tab', { name: 'Imports' }).click();
  const row = page.getByRole('row', { name: 'leads.json' });
  await expect(row.getByRole('cell')).toHaveText(['leads.json', /Admin/, /\d{4} at/, '2', '1', '1', 'Imported', /Download refused rows\s*Download warnings/]);

  const warnedDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download warnings of leads.json' }).click();
  const warned = await warnedDownload;
  expect(warned.suggestedFilename()).toBe('leads-warnings.csv');
  expect((await readFile(await warned.path())).toString('utf8')).toContain(
    '"Bad Email GmbH","info.bad-email.de","\'+49 30 1000 0002","","","","","","","","","","","n/a","Row 2: Email left out: ""info.bad-email.de"" has no @, so it is not an address; Description left out: ""n/a"" is a placeholder; ""Emial"" left out: not a field of a prospect (""typo@example.com"")"',
  );

  const refusedDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download refused rows of leads.json' }).click();
  const refused = await refusedDownload;
  expect((await readFile(await refused.path())).toString('utf8')).toContain('"Broken Address AG","sales@nowhere"');
  expect((await readFile(await refused.path())).toString('utf8')).toContain('"Row 3: email: must be a valid email address"');
});
