import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, openCrm } from './helpers';

// The Legacy Phones tenant holds prospects from before phones were checked (server/src/testing/legacy-phones.ts).
test('prospects whose phone is not a number are listed under Invalid phone, fixed there, then shown formatted and dialled', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = (await api<{ id: string; name: string }[]>(request, admin, 'GET', '/crm/tenants')).body.find((t) => t.name === 'Legacy Phones')!;
  await openCrm(page, ADMIN, tenant.id);

  // The start filled the number that parses: shown in international format, dialled as E.164.
  const parsed = page.getByRole('article', { name: 'Parsed At Start Inc' });
  await expect(parsed.getByRole('link', { name: '+1 555 777 0101' })).toHaveAttribute('href', 'tel:+15557770101');
  // The others keep their text, marked, and are not dialled.
  const maybe = page.getByRole('article', { name: 'Maybe Holdings' });
  await expect(maybe).toContainText('call me maybe (invalid phone)');
  await expect(maybe.getByRole('link', { name: /call me maybe/ })).toHaveCount(0);

  const filter = page.getByRole('button', { name: 'Invalid phone (2)' });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Showing 2 of 2 prospects')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(parsed).toHaveCount(0);

  await page.getByRole('button', { name: 'Actions for Maybe Holdings' }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Edit Prospect' });
  await expect(form.getByRole('textbox', { name: 'Phone 1' })).toHaveValue('call me maybe');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Must be a valid phone number.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Phone 1' }).fill('(555) 777-0102');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Prospect updated successfully!')).toBeVisible();

  // Fixed, it leaves the filter and the count goes down.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Invalid phone (1)' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Maybe Holdings' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Broken Line Ltd' })).toBeVisible();

  await page.getByRole('button', { name: 'Invalid phone (1)' }).click();
  // Any way of writing the number finds it.
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill('5557770102');
  const fixed = page.getByRole('article', { name: 'Maybe Holdings' });
  await expect(fixed.getByRole('link', { name: '+1 555 777 0102' })).toHaveAttribute('href', 'tel:+15557770102');
  await expect(page.getByText('Showing 1 of 1 prospects')).toBeVisible();
});
