import { expect, test } from '@playwright/test';

test('the API docs page names each operation as client generators will', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/api/docs/');
  // Swagger UI renders the operations of a 430 kB document tag by tag: tens of seconds on a busy machine.
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 30_000 });
  const prospects = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/crm\/prospects$/ }) });
  await expect(prospects.filter({ has: page.locator('.opblock-summary-method', { hasText: 'GET' }) }).locator('.opblock-summary-operation-id')).toHaveText(
    'listProspects',
    { timeout: 30_000 },
  );
  await expect(page.locator('.opblock-summary-operation-id', { hasText: /^changeProspectStatus$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.opblock-summary-operation-id', { hasText: /^acceptPublicQuotation$/ })).toBeVisible({ timeout: 30_000 });
});
