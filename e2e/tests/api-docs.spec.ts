import { expect, test, type Locator, type Page } from '@playwright/test';

/** Swagger UI draws only the tags near the view of a document this large: scroll down until the locator is drawn. */
async function scrollUntilDrawn(page: Page, locator: Locator) {
  for (let step = 0; step < 80 && (await locator.count()) === 0; step += 1) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(150);
  }
  await expect(locator.first()).toBeVisible();
}

test('the API docs page names each operation as client generators will', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/api/docs/');
  // Swagger UI renders a 430 kB document: seconds on a busy machine.
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 30_000 });
  await page.locator('.opblock').first().hover();
  const prospects = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/crm\/prospects$/ }) });
  const listProspects = prospects.filter({ has: page.locator('.opblock-summary-method', { hasText: 'GET' }) }).locator('.opblock-summary-operation-id');
  await scrollUntilDrawn(page, listProspects);
  await expect(listProspects).toHaveText('listProspects');
  await scrollUntilDrawn(page, page.locator('.opblock-summary-operation-id', { hasText: /^changeProspectStatus$/ }));
  await scrollUntilDrawn(page, page.locator('.opblock-summary-operation-id', { hasText: /^acceptPublicQuotation$/ }));
});
