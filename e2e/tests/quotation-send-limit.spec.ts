import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, createTenant, login } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [PHONE, { width: 1366, height: 768 }];
// Signing in, sending and opening the details: more than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });

for (const size of WIDTHS) {
  test(`at ${size.width} px Resend of a quotation already sent 3 times in 10 minutes says so and when to try again`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const tenant = await createTenant(request, admin, `Send Limit ${size.width}`);
    const title = `Limited Retainer ${size.width}`;
    const created = await api<{ id: string }>(request, admin, 'POST', '/quotations', {
      tenant_id: tenant.id,
      title,
      client_name: 'Lee Buyer',
      client_email: `lee-${Date.now()}-${size.width}@client.example.com`,
      items: [{ description: 'Support', quantity: 1, rate: 250 }],
    });
    expect(created.status).toBe(201);
    for (let i = 0; i < 3; i += 1) expect((await api(request, admin, 'POST', `/quotations/${created.body.id}/send`, {})).status).toBe(200);

    await login(page, ADMIN);
    await page.getByLabel('Tenant', { exact: true }).selectOption(tenant.id);
    await page.goto('/quotations');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const status = page.getByRole('dialog', { name: title }).getByRole('status', { name: 'Mail to the client' });
    await status.getByRole('button', { name: 'Resend' }).click();

    const refusal = page.getByText(/^This quotation was already sent 3 times within 10 minutes\. Please try again in \d+ minutes?\.$/);
    await expect(refusal).toBeVisible();
    // The whole message is on the screen, not cut off at the window's edge.
    const box = (await refusal.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await expect(page.getByText('Mail queued again')).toHaveCount(0);
  });
}
