import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_IMAP_USER } from '../mail-sink';
import { PHONE } from './fit';
import { ADMIN, api, apiLogin, createStaffUser, createTenant, openCrm } from './helpers';

interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
];

/** The mails the run's SMTP server received for `to` (mail-sink.ts), once at least one has arrived. */
async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const folder = process.env.E2E_MAIL_DIR!;
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      () => {
        const mails = fs.readdirSync(folder).map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as ReceivedMail);
        found = mails.filter((mail) => mail.to.includes(to));
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

// Connecting a mailbox (both servers tried), writing a template, sending and waiting for the outbox: more than the default on a busy machine.
test.setTimeout(90_000);

for (const { name, size } of WIDTHS) {
  test(`${name}: a rep connects a mailbox, writes a template, and mails a prospect from its page with it; the mail goes out once and shows on the record`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const suffix = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, 'Mail');
    const rita = await createStaffUser(request, admin, tenant.id, 'Rita Rep');
    const client = `jane-${suffix}@client.example.com`;
    const created = await api<{ id: string }>(request, await apiLogin(request, rita), 'POST', '/crm/prospects', {
      tenant_id: tenant.id,
      name: 'Mailed Company',
      email: client,
      manager: 'Jane Buyer',
      phone1: `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    });
    expect(created.status).toBe(201);

    // The mailbox: another provider's servers, typed, checked on save.
    await openCrm(page, rita, tenant.id);
    await page.goto('/email');
    await page.getByRole('button', { name: 'Add Email Account' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Email Accounts' });
    const address = `rita-${suffix}@e2e.example`;
    await manage.getByLabel('Email address').fill(address);
    await manage.getByLabel('Provider').selectOption('other');
    await manage.getByLabel('Password', { exact: true }).fill(E2E_IMAP_USER.password);
    const incoming = manage.getByRole('group', { name: 'Incoming mail (IMAP)' });
    await incoming.getByLabel('Server').fill('127.0.0.1');
    await incoming.getByLabel('Port').fill(process.env.E2E_IMAP_PORT!);
    await incoming.getByLabel('Security').selectOption('none');
    const outgoing = manage.getByRole('group', { name: 'Outgoing mail (SMTP)' });
    await outgoing.getByLabel('Server').fill('127.0.0.1');
    await outgoing.getByLabel('Port').fill(process.env.E2E_SMTP_PORT!);
    await outgoing.getByLabel('Security').selectOption('none');
    await manage.getByLabel('Login name (optional)').fill(E2E_IMAP_USER.user);
    await manage.getByRole('button', { name: 'Check connection' }).click();
    await expect(manage.getByRole('status', { name: 'Connection check' })).toContainText('Incoming mail (IMAP): connected.');
    await manage.getByRole('button', { name: 'Add Account' }).click();
    await expect(manage).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();

    // A template of the tenant, with merge fields.
    await page.getByRole('button', { name: 'New Template' }).click();
    const editor = page.getByRole('dialog', { name: 'New Mail Template' });
    await editor.getByLabel('Name').fill('Intro');
    await editor.getByLabel('Subject').fill('Hello {{company}}');
    await editor.getByLabel('Body').fill('Hi {{first_name}},\nthis is {{rep_name}} <script>alert(1)</script>.');
    await editor.getByRole('button', { name: 'Save Template' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('list', { name: 'Mail templates' })).toContainText('Intro');

    // Email from the prospect's page, with the template filled on it.
    await page.goto(`/crm/prospects/${created.body.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mailed Company' })).toBeVisible();
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const composer = page.getByRole('dialog', { name: 'Email' });
    await expect(composer.getByLabel('From')).toHaveValue(/.+/);
    await expect(composer.getByRole('checkbox', { name: client })).toBeChecked();
    await composer.getByLabel('Template').selectOption({ label: 'Intro' });
    await expect(composer.getByLabel('Subject')).toHaveValue('Hello Mailed Company');
    await expect(composer.getByLabel('Message')).toHaveValue('Hi Jane,\nthis is Rita Rep <script>alert(1)</script>.');
    await composer.getByRole('button', { name: 'Send' }).click();
    await expect(composer).toBeHidden();

    // The outbox sends it once, through the mailbox, as written.
    const mails = await mailsTo(client);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: address, subject: 'Hello Mailed Company' });
    expect(mails[0].text).toContain('this is Rita Rep <script>alert(1)</script>.');

    // On the record: the conversation, folded to its subject and sender, opened to the mail as text.
    await page.reload();
    const thread = page.getByRole('list', { name: 'Mail' }).getByRole('button', { name: /Hello Mailed Company/ });
    await expect(thread).toContainText('Rita Rep');
    await thread.click();
    const opened = page.getByRole('list', { name: 'Mails of Hello Mailed Company' });
    await expect(opened).toContainText('this is Rita Rep <script>alert(1)</script>.');
    await expect(opened.getByText('Sent', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Email sent: Hello Mailed Company');
    // Nothing of the text is markup on the page, at either width.
    expect(await page.evaluate(() => document.querySelectorAll('main script').length)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
