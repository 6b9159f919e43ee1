import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, api, apiLogin, createTenant, login } from './helpers';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The mail the run's SMTP server received for `to` (mail-sink.ts), once it has arrived. */
async function mailTo(to: string): Promise<ReceivedMail> {
  const folder = process.env.E2E_MAIL_DIR!;
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const mails = fs.readdirSync(folder).map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as ReceivedMail);
        found = mails.find((mail) => mail.to.includes(to));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

// Signing in, sending, waiting for the worker's delivery, and the client's visit: more than the default 30 s on a busy machine.
test.setTimeout(60_000);

test('a sent quotation reaches the client by mail with its number and link, and the client accepts through that link signed out', async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const tenant = await createTenant(request, admin, 'Mailing');
  const clientEmail = `buyer-${Date.now()}@client.example.com`;
  const created = await api<{ id: string; number: string }>(request, admin, 'POST', '/quotations', {
    tenant_id: tenant.id,
    title: 'Mailed Retainer',
    client_name: 'Mia Buyer',
    client_email: clientEmail,
    items: [{ description: 'Support', quantity: 1, rate: 250 }],
  });
  expect(created.status).toBe(201);

  await login(page, ADMIN);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
  await page.getByRole('link', { name: 'Quotations' }).click();
  const card = page.getByRole('article', { name: 'Mailed Retainer' });
  await card.getByRole('button', { name: 'Actions for Mailed Retainer' }).click();
  await page.getByRole('menuitem', { name: 'Send to client' }).click();
  await page.getByRole('dialog', { name: 'Send Quotation' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`The link is being mailed to ${clientEmail}.`)).toBeVisible();

  // The details follow the mail until it is out.
  const details = page.getByRole('dialog', { name: 'Mailed Retainer' });
  await expect(details.getByRole('status', { name: 'Mail to the client' })).toContainText(`Mailed to ${clientEmail} on`, { timeout: 20_000 });

  const mail = await mailTo(clientEmail);
  expect(mail.to).toEqual([clientEmail]);
  expect(mail.subject).toBe(`Quotation ${created.body.number}`);
  const link = /https?:\/\/\S+\/q\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  expect(link).toBe(await details.getByRole('textbox', { name: 'Client link' }).inputValue());

  // The client, signed out, opens the link from the mail and accepts.
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(new URL(link!).pathname);
  await expect(clientPage.getByText(created.body.number).first()).toBeVisible();
  await expect(clientPage.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await clientPage.getByRole('button', { name: 'Accept' }).click();
  const accept = clientPage.getByRole('dialog', { name: 'Accept quotation' });
  await accept.getByLabel('Your name').fill('Mia Buyer');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(clientPage.getByText('Accepted by Mia Buyer')).toBeVisible();
  await client.close();

  await details.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card).toContainText('Accepted');
});
