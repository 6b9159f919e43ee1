import { expect, test } from '@playwright/test';
import { ADMIN, login } from './helpers';

const PART_FAILED = 'This part of the page could not be loaded. Check your connection, then reload the page.';

test('a dialog whose code cannot be fetched says so, and the list stays on screen', async ({ page, context }) => {
  await login(page, ADMIN);
  const list = page.getByRole('list', { name: 'Prospects' });
  await expect(page.getByRole('button', { name: 'Add Prospect' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Prospect' }).click();
  const alert = page.getByRole('alert').filter({ hasText: PART_FAILED });
  await expect(alert).toBeVisible();
  await expect(alert).toBeInViewport();
  await expect(list).toBeVisible();
  await expect(page.getByText('This section could not be loaded')).toHaveCount(0);
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);
  await expect(list).toBeVisible();

  // Back online, Reload brings the dialog back.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Add Prospect' }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('alert').filter({ hasText: PART_FAILED }).getByRole('button', { name: 'Reload' }).click()]);
  await page.getByRole('button', { name: 'Add Prospect' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Prospect' })).toBeVisible();
});

test('the notification bell opened offline keeps the app on screen', async ({ page, context }) => {
  await login(page, ADMIN);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(page.getByRole('button', { name: 'Add Prospect' })).toBeVisible();
  await context.setOffline(true);
  await bell.click();
  await expect(page.getByRole('alert').filter({ hasText: PART_FAILED })).toBeVisible();
  await expect(bell).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Prospect' })).toBeVisible();
});

test('the contact form sends after the connection dropped while it was being filled', async ({ page, context }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('First name')).toBeVisible();
  await context.setOffline(true);
  await form.getByLabel('First name').fill('Ann');
  await page.waitForTimeout(300);
  await context.setOffline(false);
  await form.getByLabel('Last name').fill('Lee');
  await form.getByLabel('Email').fill('ann.lee@example.com');
  await form.getByLabel('Message').fill(`Payroll for 12 people, please. e2e-${Date.now()}`);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Thank you for your message!');
});

test('a dark first visit stays dark before the app takes over', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // No script file arrives: what shows is the page as the server painted it, with the inline boot script alone.
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  for (const path of ['/', '/payofina']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const colours = await page.evaluate(() => ({
      html: getComputedStyle(document.documentElement).backgroundColor,
      body: getComputedStyle(document.body).backgroundColor,
    }));
    expect(colours.html).toBe('rgb(11, 17, 32)');
    // The body lets the dark page through rather than painting the light picture's background over it.
    expect(colours.body).toBe('rgba(0, 0, 0, 0)');
  }
});
