import { expect, test, type Locator } from '@playwright/test';
import { ADMIN, api, apiLogin, login } from './helpers';
import { PHONE } from './fit';

const WIDTHS = [PHONE, { width: 1366, height: 768 }];
// Each test signs in and walks the screens: on a machine shared by several runs it can outlast the default.
test.describe.configure({ timeout: 90_000 });

/** Where the text of an element wraps: the character before each line break, as rendered. */
function charsBeforeBreaks(cell: Locator): Promise<string[]> {
  return cell.evaluate((element) => {
    const chars: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ char: text[i]!, top: Math.round(rect.top) });
      }
    }
    const before: string[] = [];
    for (let i = 1; i < chars.length; i++) if (chars[i]!.top > chars[i - 1]!.top + 2) before.push(chars[i - 1]!.char);
    return before;
  });
}

for (const size of WIDTHS) {
  test(`at ${size.width} px a long email in the Audit Log wraps only after its @, dots and hyphens, inside the window`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const admin = await apiLogin(request, ADMIN);
    const email = `maximilian.alexander.hohenberg.${Date.now()}${size.width}@regional-sales-operations.north-western-division.subsidiary-holdings.example.com`;
    const account = { email, password: 'long-email-password-1' };
    const created = await api(request, admin, 'POST', '/auth/users', {
      ...account,
      full_name: 'Max Long',
      tenant_id: null,
      is_admin: false,
      is_staff: true,
      is_active: true,
    });
    expect(created.status).toBe(201);
    await apiLogin(request, account);

    await login(page, ADMIN);
    await page.goto('/audit');
    await page.locator('#main-content').getByLabel('Who').fill(email);
    const cell = page.getByRole('table').getByRole('row').filter({ hasText: 'Signed in' }).first().getByRole('cell').nth(1);
    await expect(cell).toHaveText(email);

    const breaks = await charsBeforeBreaks(cell);
    expect(breaks.length).toBeGreaterThan(0);
    // After @ and dots, or after a hyphen (where the browser wraps a hyphenated word): never inside a word.
    expect(breaks.filter((char) => !['@', '.', '-'].includes(char))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    const frame = await page.getByRole('region', { name: 'Audit entries' }).boundingBox();
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(size.width);
  });
}

test('at 1366 px a target named with one 100-character word wraps inside the Audit Log, which needs no sideways scroll', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const admin = await apiLogin(request, ADMIN);
  const tenant = await api<{ id: string }>(request, admin, 'POST', '/crm/tenants', {
    name: `Long Target ${Date.now()}`,
    domain: `long-${Date.now()}.example.com`,
  });
  const name = `Unbroken${Date.now()}`.padEnd(100, 'x');
  const created = await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.body.id, name, phone1: '+1 415 555 0133' });
  expect(created.status).toBe(201);

  await login(page, ADMIN);
  await page.goto('/audit');
  await page
    .locator('#main-content')
    .getByPlaceholder(/Search target/)
    .fill(name);
  await expect(page.getByRole('table').getByText(name)).toBeVisible();
  const widths = await page.getByRole('region', { name: 'Audit entries' }).evaluate((frame) => ({
    scroll: frame.scrollWidth,
    client: frame.clientWidth,
    cells: [...frame.querySelectorAll('tr:first-child td, tr:nth-child(2) td')].map(
      (td) => `${Math.round(td.getBoundingClientRect().width)} ${td.textContent?.slice(0, 30)}`,
    ),
  }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
});
