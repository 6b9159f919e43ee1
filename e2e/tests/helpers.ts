import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

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

export interface ApiSession {
  token: string;
  csrf: string;
}

/** Signs in through the API, for setting up data a test needs without clicking through it. */
export async function apiLogin(request: APIRequestContext, account: { email: string; password: string }): Promise<ApiSession> {
  await request.get('/api/v1/health');
  // The cookie is set once per client; later sign-ins read it from the stored cookies.
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await request.post('/api/v1/auth/login', { data: account, headers: { 'X-CSRFToken': csrf } });
  expect(response.status()).toBe(200);
  return { token: (await response.json()).access_token, csrf };
}

export async function api<T = unknown>(
  request: APIRequestContext,
  session: ApiSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${session.token}`, 'X-CSRFToken': session.csrf },
  });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : undefined) as T };
}

/** A tenant of its own for one test, so tests running side by side never see each other's data. */
export async function createTenant(request: APIRequestContext, admin: ApiSession, label: string) {
  const suffix = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { status, body } = await api<{ id: string; name: string }>(request, admin, 'POST', '/crm/tenants', {
    name: `${label} ${suffix}`,
    domain: `${label.toLowerCase().replace(/\W+/g, '-')}-${suffix}.example.com`,
  });
  expect(status).toBe(201);
  return body;
}

/**
 * A tenant named about as long as a real one, so the header's picker shows its whole name (a screen
 * checked for fit), with any other of its fields (currency, setup changes) set.
 */
export async function createShortTenant(request: APIRequestContext, admin: ApiSession, label: string, fields: Record<string, unknown> = {}) {
  const created = await api<{ id: string; name: string }>(request, admin, 'POST', '/crm/tenants', {
    name: `${label} ${Math.floor(1000 + Math.random() * 9000)}`,
    domain: `${label.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}.example.com`,
    ...fields,
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** A staff user whose home is the given tenant, with a password of their own. */
export async function createStaffUser(request: APIRequestContext, admin: ApiSession, tenantId: string, fullName: string) {
  const account = { email: `staff-${Date.now()}-${Math.floor(Math.random() * 1e6)}@other.example.com`, password: 'other-password-1' };
  const created = await api(request, admin, 'POST', '/auth/users', {
    ...account,
    full_name: fullName,
    tenant_id: tenantId,
    is_admin: false,
    is_staff: true,
    is_active: true,
  });
  expect(created.status).toBe(201);
  return account;
}

/** Opens the CRM as the given user with the given tenant chosen in the header picker. */
export async function openCrm(page: Page, account: { email: string; password: string }, tenantId: string) {
  await login(page, account);
  await page.getByLabel('Tenant', { exact: true }).selectOption(tenantId);
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Dashboard' })).toBeVisible();
}
