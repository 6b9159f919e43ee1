import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin } from './helpers';

const pages = [
  { path: '/', h1: 'Software and IT services that move your business forward' },
  { path: '/about', h1: 'About Orbitra Group', text: ['Our mission', 'Our vision'] },
  { path: '/contact', text: ['How to reach us'] },
  { path: '/services', text: ['Why choose Orbitra Group?'] },
  { path: '/products', h1: 'Our Products', text: ['More Products Coming Soon', 'Popular', '99.9% uptime'] },
  { path: '/payofina', text: ['Number of employees'] },
];

for (const { path, h1, text = [] } of pages) {
  test(`${path} shows its content with one h1, its own title and description`, async ({ page }) => {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveCount(1);
    if (h1) await expect(heading).toHaveText(h1);
    for (const t of text) await expect(page.getByText(t, { exact: false }).first()).toBeVisible();
    await expect(page).toHaveTitle(/\S/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(40);
    await expect(page.locator('footer').last()).toContainText('Orbitra Group');
  });
}

test('the home page has its sections in order and the claims', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#contact')).toBeAttached();
  const ids = await page.locator('main section[id]').evaluateAll((nodes) => nodes.map((n) => n.id));
  expect(ids.filter((id) => ['services', 'product', 'about', 'contact'].includes(id))).toEqual(['services', 'product', 'about', 'contact']);
  for (const claim of ['50+', '4+', '24/7']) await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
});

test('the hero buttons scroll to the product and services sections', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Explore Payofina' }).click();
  await expect(page.locator('#product')).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'View our services' }).click();
  await expect(page.locator('#services')).toBeInViewport();
});

test('the product card links out safely in a new tab', async ({ page }) => {
  await page.goto('/products');
  const external = page.locator('a[target="_blank"]').first();
  await expect(external).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('link', { name: /contact/i }).last()).toBeVisible();
});

test('pricing: 25 employees cost $68, 100 cost $138, 150 talk to sales with the count', async ({ page }) => {
  await page.goto('/payofina');
  const input = page.getByLabel('Number of employees');
  const result = page.getByTestId('price-result');
  await input.fill('25');
  await expect(result).toContainText('$68');
  await input.fill('100');
  await expect(result).toContainText('$138');
  await input.fill('150');
  const sales = page.getByRole('link', { name: /Talk to Our Sales Team/ });
  await expect(sales).toBeVisible();
  const href = decodeURIComponent((await sales.getAttribute('href')) ?? '');
  expect(href).toContain('150');
  await expect(result).not.toContainText('$');
  await input.fill('');
  await expect(result).toContainText('Enter your team size');
});

test('contact form: errors beside the fields, then a sent message reaches the inbox', async ({ page, request }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();

  const stamp = `e2e-${Date.now()}`;
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('Email').fill('grace@example.com');
  await form.getByLabel('Company').fill('Navy Labs');
  await form.getByLabel('Service').selectOption('web');
  await form.getByLabel('Message').fill(`We need a new website. ${stamp}`);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you for your message! We will get back to you soon.')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('');

  // The message is now in the staff inbox.
  const admin = await apiLogin(request, ADMIN);
  const { body } = await api<{ messages: { message: string; name: string }[] }>(request, admin, 'GET', '/support/messages');
  const { messages } = body;
  expect(messages.some((m: { message: string; name: string }) => m.message.includes(stamp) && m.name === 'Grace Hopper')).toBe(true);
});

test('contact form: a server error shows the server detail', async ({ page }) => {
  await page.route('**/api/v1/support/contact', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Messages are paused for maintenance.' }) }),
  );
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Hello there');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Messages are paused for maintenance.')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('Ada');
});

test('contact form: a network failure says so and keeps what was typed', async ({ page }) => {
  await page.route('**/api/v1/support/contact', (route) => route.abort('internetdisconnected'));
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Hello there');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Network error. Please try again.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Hello there');
});

test('the public pages work at 375 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/', '/about', '/contact', '/services', '/products', '/payofina']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
