import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, openCrm } from './helpers';

test('a customer message becomes a prospect of the selected tenant, found in its prospects list with where it came from', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Inbox');
  const company = `Convert Co ${Date.now()}`;
  const sent = await api(request, admin, 'POST', '/support/contact', {
    firstName: 'Margaret',
    lastName: 'Hamilton',
    email: `margaret-${Date.now()}@apollo.example`,
    company,
    message: 'We would like a quote for payroll.',
  });
  expect(sent.status).toBe(200);

  await openCrm(page, ADMIN, tenant.id);
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Convert to prospect: message from Margaret Hamilton' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Convert to prospect' });
  await expect(dialog.getByRole('combobox', { name: /Tenant/ })).toHaveValue(tenant.id);
  await expect(dialog.getByRole('textbox', { name: /Company name/ })).toHaveValue(company);
  await expect(dialog.getByRole('textbox', { name: /Description/ })).toHaveValue('We would like a quote for payroll.');
  await dialog.getByRole('textbox', { name: /Phone 1/ }).fill('+1 555 090 0900');
  await dialog.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByText(`${company} was created from the message of Margaret Hamilton.`)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Margaret Hamilton' }).filter({ hasText: company })).toHaveCount(0);

  await page.goto('/crm');
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill(company);
  const card = page.getByRole('article', { name: company });
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${company}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  await expect(page.getByRole('dialog', { name: 'Prospect Details' }).getByRole('list', { name: 'History' })).toContainText(
    'Created from customer message "General enquiry" from Margaret Hamilton',
  );
});
