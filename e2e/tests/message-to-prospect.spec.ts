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
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Created from customer message "General enquiry" from Margaret Hamilton');
});

test('a message whose phone a prospect already has is added to that prospect, or converted without that phone', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Inbox twins');
  const stamp = Date.now();
  const holder = `Phone Holder ${stamp}`;
  expect((await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name: holder, phone1: '+1 415 555 0700' })).status).toBe(201);
  for (const lastName of ['Twin', 'Other']) {
    const sent = await api(request, admin, 'POST', '/support/contact', {
      firstName: 'Katherine',
      lastName: `${lastName} ${stamp}`,
      email: `katherine-${lastName.toLowerCase()}-${stamp}@nasa.example`,
      company: `${lastName} Co ${stamp}`,
      message: `Call me about ${lastName}.`,
    });
    expect(sent.status).toBe(200);
  }

  await openCrm(page, ADMIN, tenant.id);
  await page.goto('/messages');
  await page.getByRole('button', { name: `Convert to prospect: message from Katherine Twin ${stamp}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Convert to prospect' });
  await dialog.getByRole('textbox', { name: /Phone 1/ }).fill('+1 415 555 0700');
  const warning = dialog.getByRole('status', { name: 'Possible duplicates' });
  await expect(warning).toContainText('A prospect of this tenant already has this phone number');
  await expect(dialog.getByRole('button', { name: 'Convert anyway' })).toHaveCount(0);
  await warning.getByRole('button', { name: `Add to ${holder}` }).click();
  await expect(page.getByText(`The message of Katherine Twin ${stamp} was added to ${holder}.`)).toBeVisible();
  await expect(page.getByRole('article', { name: `Katherine Twin ${stamp}` })).toHaveCount(0);

  // The other message: the phone is taken, so it goes in without that phone, with another one.
  await page.getByRole('button', { name: `Convert to prospect: message from Katherine Other ${stamp}` }).click();
  dialog = page.getByRole('dialog', { name: 'Convert to prospect' });
  const phone = dialog.getByRole('textbox', { name: /Phone 1/ });
  await phone.fill('+1 415 555 0700');
  await dialog.getByRole('button', { name: 'Convert without this phone' }).click();
  await expect(phone).toHaveValue('');
  await expect(phone).toBeFocused();
  await phone.fill('+1 415 555 0701');
  await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect(page.getByText(`Other Co ${stamp} was created from the message of Katherine Other ${stamp}.`)).toBeVisible();

  // The holder's history has the message; still one prospect of that name.
  await page.goto('/crm');
  await expect(page.getByRole('article', { name: `Other Co ${stamp}` })).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill(holder);
  // The search has answered (the other prospect of the tenant has left the list) before a card's menu
  // is opened: the list redrawn under an open menu closes it.
  await expect(page.getByRole('article', { name: `Other Co ${stamp}` })).toHaveCount(0);
  await expect(page.getByRole('article', { name: holder })).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${holder}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  const history = page.getByRole('list', { name: 'Timeline' });
  await expect(history).toContainText(`Added customer message "General enquiry" from Katherine Twin ${stamp}`);
  await expect(history).toContainText('Call me about Twin.');
});
