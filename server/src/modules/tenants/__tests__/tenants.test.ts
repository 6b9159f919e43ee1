import { TENANT_DOMAIN_REQUIRED, TENANT_NAME_REQUIRED, tenantListSchema, tenantSchema, type Tenant } from '@app/shared/contracts';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  staff = await t.loginStaff();
});
afterAll(() => t.close());

async function createTenant(body: Record<string, unknown>): Promise<Tenant> {
  const response = await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: admin, body });
  expect(response.statusCode).toBe(201);
  return tenantSchema.parse(response.json());
}

test('creates a tenant with trimmed values; a blank description is none', async () => {
  const tenant = await createTenant({ name: '  Acme  ', domain: ' Acme.Example.com ', description: '   ' });
  expect(tenant).toMatchObject({ name: 'Acme', domain: 'acme.example.com', description: null });
});

test('admins list every tenant; staff only their home tenant; anonymous 401', async () => {
  await createTenant({ name: 'Other', domain: 'other.example.com', description: 'Someone else' });
  const all = tenantListSchema.parse((await t.request({ url: '/api/v1/crm/tenants', token: admin })).json());
  expect(all.map((x) => x.domain)).toEqual(expect.arrayContaining(['demo.example.com', 'other.example.com']));
  expect(all[0].domain).toBe('demo.example.com');

  const mine = await t.request({ url: '/api/v1/crm/tenants', token: staff });
  expect(mine.statusCode).toBe(200);
  expect(mine.json().map((x: Tenant) => x.domain)).toEqual(['demo.example.com']);

  expect((await t.request({ url: '/api/v1/crm/tenants' })).statusCode).toBe(401);
});

test('a staff user without a home tenant sees no tenants', async () => {
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: admin,
    body: { email: 'homeless@example.com', password: 'password-123', is_staff: true },
  });
  expect(created.statusCode).toBe(201);
  const token = await t.login('homeless@example.com', 'password-123');
  expect((await t.request({ url: '/api/v1/crm/tenants', token })).json()).toEqual([]);
});

test('staff cannot create or change tenants (403)', async () => {
  const create = await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: staff, body: { name: 'X', domain: 'x.example.com' } });
  expect(create.statusCode).toBe(403);
  expect(create.json()).toEqual({ detail: 'Admin privileges required.' });
  const update = await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${t.seed!.tenantId}`, token: staff, body: { name: 'Mine now' } });
  expect(update.statusCode).toBe(403);
});

test.each([
  [{ domain: 'a.example.com' }, TENANT_NAME_REQUIRED],
  [{ name: '   ', domain: 'a.example.com' }, TENANT_NAME_REQUIRED],
  [{ name: 'A' }, TENANT_DOMAIN_REQUIRED],
  [{ name: 'A', domain: '' }, TENANT_DOMAIN_REQUIRED],
])('a tenant needs a name and a domain, each with its own sentence: %j', async (body, detail) => {
  const response = await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: admin, body });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail });
});

test('a duplicate domain answers 409, whatever its case', async () => {
  await createTenant({ name: 'Dup', domain: 'dup.example.com' });
  const response = await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: admin, body: { name: 'Dup 2', domain: 'DUP.example.com' } });
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ detail: 'A tenant with this domain already exists.' });
});

test("PUT changes a tenant; 409 on another tenant's domain; 404 for an unknown id", async () => {
  const tenant = await createTenant({ name: 'Edit me', domain: 'edit.example.com', description: 'before' });
  const updated = await t.request({
    method: 'PUT',
    url: `/api/v1/crm/tenants/${tenant.id}`,
    token: admin,
    body: { name: 'Edited', domain: 'edited.example.com', description: 'after' },
  });
  expect(updated.statusCode).toBe(200);
  expect(updated.json()).toEqual({ ...tenant, name: 'Edited', domain: 'edited.example.com', description: 'after' });

  const sameDomain = await t.request({
    method: 'PUT',
    url: `/api/v1/crm/tenants/${tenant.id}`,
    token: admin,
    body: { name: 'Edited again', domain: 'edited.example.com' },
  });
  expect(sameDomain.statusCode).toBe(200);
  expect(sameDomain.json().description).toBe('after');

  const clash = await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenant.id}`, token: admin, body: { domain: 'demo.example.com' } });
  expect(clash.statusCode).toBe(409);

  const blank = await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenant.id}`, token: admin, body: { name: '' } });
  expect(blank.statusCode).toBe(400);
  expect(blank.json()).toEqual({ detail: TENANT_NAME_REQUIRED });

  const missing = await t.request({ method: 'PUT', url: '/api/v1/crm/tenants/00000000-0000-4000-8000-000000000000', token: admin, body: { name: 'x' } });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ detail: 'Tenant not found.' });
});

test('a new tenant starts with the default statuses and stages and an empty CRM', async () => {
  const tenant = await createTenant({ name: 'Fresh', domain: 'fresh.example.com' });
  const statuses = await t.request({ url: `/api/v1/crm/status-options?tenant_id=${tenant.id}`, token: admin });
  expect(statuses.json().map((s: { name: string }) => s.name)).toEqual(['New', 'No Answer', 'Call Back', 'Interested', 'Not Interested', 'Do Not Call']);
  // Call Back is the status a callback in the call queue records.
  expect(
    statuses
      .json()
      .filter((s: { is_callback: boolean }) => s.is_callback)
      .map((s: { name: string }) => s.name),
  ).toEqual(['Call Back']);
  const stages = await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${tenant.id}`, token: admin });
  expect(stages.json().map((s: { name: string }) => s.name)).toEqual(['New', 'Contacted', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost']);
  const dashboard = await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${tenant.id}`, token: admin });
  expect(dashboard.json()).toEqual({ total_prospects: 0, today_calls_made: 0, today_calls_goal: 0, visible_calls: { scope: 'all', made: 0, goal: 0 } });
});

test('quotation_reminder_days: 3 by default, an admin changes it (0 turns reminders off), anything but a whole number from 0 to 365 is a 400', async () => {
  const tenant = await createTenant({ name: 'Reminders', domain: 'reminders.example.com' });
  expect(tenant.quotation_reminder_days).toBe(3);
  const put = (body: unknown, token = admin) => t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenant.id}`, token, body });
  expect(tenantSchema.parse((await put({ quotation_reminder_days: 0 })).json()).quotation_reminder_days).toBe(0);
  expect(tenantSchema.parse((await put({ quotation_reminder_days: 7 })).json()).quotation_reminder_days).toBe(7);
  expect((await put({ quotation_reminder_days: 5 }, staff)).statusCode).toBe(403);
  for (const bad of [-1, 366, 2.5, '3', null, 1e308]) {
    const response = await put({ quotation_reminder_days: bad });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('Reminder days must be a whole number from 0 to 365');
  }
  const listed = tenantListSchema.parse((await t.request({ url: '/api/v1/crm/tenants', token: admin })).json());
  expect(listed.find((row) => row.id === tenant.id)?.quotation_reminder_days).toBe(7);
});
