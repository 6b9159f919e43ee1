import { expect, type Page, type Request } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
export const STAFF = { email: 'staff@example.com', password: 'staff-password' };

export async function login(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/crm$/);
}

/** Records the remotes a page fetches, by name, from the moment it is called. */
export function trackRemotes(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('request', (request: Request) => {
    const match = new URL(request.url()).pathname.match(/^\/remotes\/([^/]+)\//);
    if (match) fetched.add(match[1]!);
  });
  return fetched;
}
