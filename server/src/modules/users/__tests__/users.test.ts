import { groupListSchema, userListSchema, userSchema, type Group, type User } from '@app/shared/contracts';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../seed/seed';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let admin: string;
let staff: string;
let groups: Group[];
let adminGroup: Group;
let staffGroup: Group;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  staff = await t.loginStaff();
  groups = groupListSchema.parse((await t.request({ url: '/api/v1/auth/groups', token: admin })).json());
  adminGroup = groups.find((g) => g.name === 'admin')!;
  staffGroup = groups.find((g) => g.name === 'staff')!;
});
afterAll(() => t.close());

let counter = 0;
async function createUser(body: Record<string, unknown> = {}): Promise<User> {
  counter += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: admin,
    body: { email: `user${counter}@example.com`, full_name: `User ${counter}`, password: 'password-123', ...body },
  });
  expect(response.statusCode).toBe(201);
  return userSchema.parse(response.json());
}

// Always three items: jest-each treats a missing last argument as a done() callback.
const ADMIN_ONLY: Array<[string, string, unknown]> = [
  ['GET', '/api/v1/auth/users', undefined],
  ['POST', '/api/v1/auth/users', { email: 'x@example.com', password: 'password-123' }],
  ['GET', '/api/v1/auth/users/00000000-0000-4000-8000-000000000000', undefined],
  ['PUT', '/api/v1/auth/users/00000000-0000-4000-8000-000000000000', {}],
  ['DELETE', '/api/v1/auth/users/00000000-0000-4000-8000-000000000000', undefined],
  ['GET', '/api/v1/auth/groups', undefined],
  ['PUT', '/api/v1/auth/users/00000000-0000-4000-8000-000000000000/groups', []],
];

describe('roles', () => {
  test.each(ADMIN_ONLY)('%s %s: 401 without a token, 403 for staff', async (method, url, body) => {
    const anonymous = await t.request({ method: method as 'GET', url, body });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await t.request({ method: method as 'GET', url, body, token: staff });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'Admin privileges required.' });
  });
});

describe('users API', () => {
  test('lists users with their groups and never a password or hash', async () => {
    const response = await t.request({ url: '/api/v1/auth/users', token: admin });
    expect(response.statusCode).toBe(200);
    const list = userListSchema.parse(response.json());
    const adminUser = list.find((u) => u.email === DEMO_ADMIN.email)!;
    expect(adminUser).toMatchObject({ is_admin: true, is_staff: true, is_active: true, tenant_id: t.seed!.tenantId });
    expect(adminUser.groups.map((g) => g.name).sort()).toEqual(['admin', 'staff']);
    expect(list.find((u) => u.email === DEMO_STAFF.email)).toMatchObject({ is_admin: false, is_staff: true });
    expect(response.body).not.toMatch(/password|\$argon2/);
  });

  test('groups admin and staff exist from the start', () => {
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['admin', 'staff']));
    expect(Object.keys(adminGroup).sort()).toEqual(['description', 'id', 'name']);
  });

  test('creates a user (201) who can log in; email is normalised; no password comes back', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: admin,
      body: { email: '  New.Person@Example.com ', full_name: 'New Person', password: 'new-password-1', tenant_id: t.seed!.tenantId, is_staff: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toMatch(/password|\$argon2/);
    const user = userSchema.parse(response.json());
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      full_name: 'New Person',
      is_active: true,
      is_admin: false,
      is_staff: true,
      tenant_id: t.seed!.tenantId,
    });
    expect(user.groups.map((g) => g.name)).toEqual(['staff']);
    await expect(t.login('new.person@example.com', 'new-password-1')).resolves.toEqual(expect.any(String));
  });

  test('a duplicate email answers 409', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: admin,
      body: { email: DEMO_STAFF.email.toUpperCase(), password: 'password-123' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'A user with this email already exists.' });
  });

  test('validation: short password, unknown tenant', async () => {
    const short = await t.request({ method: 'POST', url: '/api/v1/auth/users', token: admin, body: { email: 'short@example.com', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ detail: 'Password must be at least 8 characters.' });

    const tenant = await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: admin,
      body: { email: 'tenantless@example.com', password: 'password-123', tenant_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(tenant.statusCode).toBe(400);
    expect(tenant.json()).toEqual({ detail: 'tenant_id: Tenant not found.' });
  });

  test('GET one user; 404 for an unknown id', async () => {
    const user = await createUser();
    const one = await t.request({ url: `/api/v1/auth/users/${user.id}`, token: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(user);
    const missing = await t.request({ url: '/api/v1/auth/users/00000000-0000-4000-8000-000000000000', token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'User not found.' });
  });

  test('PUT is partial; a new password works and ends the old sessions', async () => {
    const user = await createUser({ full_name: 'Before' });
    const oldToken = await t.login(user.email, 'password-123');
    const renamed = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}`, token: admin, body: { full_name: 'After' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ full_name: 'After', email: user.email, is_active: true });
    expect((await t.request({ url: '/api/v1/auth/me', token: oldToken })).statusCode).toBe(200);

    const changed = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}`, token: admin, body: { password: 'another-password' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toMatch(/password|\$argon2/);
    expect((await t.request({ url: '/api/v1/auth/me', token: oldToken })).statusCode).toBe(401);
    await expect(t.login(user.email, 'another-password')).resolves.toEqual(expect.any(String));
  });

  test('PUT to an email another user has answers 409; 404 for an unknown id', async () => {
    const user = await createUser();
    const taken = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}`, token: admin, body: { email: DEMO_STAFF.email } });
    expect(taken.statusCode).toBe(409);
    const missing = await t.request({ method: 'PUT', url: '/api/v1/auth/users/00000000-0000-4000-8000-000000000000', token: admin, body: { full_name: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  test('DELETE removes the user (204), then 404', async () => {
    const user = await createUser();
    const token = await t.login(user.email, 'password-123');
    expect((await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${user.id}`, token: admin })).statusCode).toBe(204);
    expect((await t.request({ url: `/api/v1/auth/users/${user.id}`, token: admin })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/v1/auth/me', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${user.id}`, token: admin })).statusCode).toBe(404);
  });
});

describe('groups and the is_admin / is_staff flags', () => {
  test('setting is_admin adds the admin group, and clearing it removes it', async () => {
    const user = await createUser({ is_admin: true });
    expect(user.is_admin).toBe(true);
    expect(user.groups.map((g) => g.name)).toEqual(['admin']);
    const token = await t.login(user.email, 'password-123');
    expect((await t.request({ url: '/api/v1/auth/users', token })).statusCode).toBe(200);

    const demoted = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}`, token: admin, body: { is_admin: false, is_staff: true } });
    expect(demoted.json()).toMatchObject({ is_admin: false, is_staff: true });
    expect(demoted.json().groups.map((g: Group) => g.name)).toEqual(['staff']);
    // The change applies to open sessions at once.
    expect((await t.request({ url: '/api/v1/auth/users', token })).statusCode).toBe(403);
  });

  test('PUT /users/{id}/groups replaces the groups; is_admin and is_staff follow', async () => {
    const user = await createUser();
    expect(user).toMatchObject({ is_admin: false, is_staff: false, groups: [] });

    const both = await t.request({
      method: 'PUT',
      url: `/api/v1/auth/users/${user.id}/groups`,
      token: admin,
      body: [adminGroup.id, staffGroup.id, adminGroup.id],
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ is_admin: true, is_staff: true });
    expect(both.json().groups.map((g: Group) => g.name)).toEqual(['admin', 'staff']);

    const none = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}/groups`, token: admin, body: [] });
    expect(none.json()).toMatchObject({ is_admin: false, is_staff: false, groups: [] });

    const listed = userListSchema.parse((await t.request({ url: '/api/v1/auth/users', token: admin })).json()).find((u) => u.id === user.id)!;
    expect(listed).toMatchObject({ is_admin: false, is_staff: false, groups: [] });
  });

  test('unknown group ids answer 400; an unknown user 404', async () => {
    const user = await createUser();
    const unknown = await t.request({
      method: 'PUT',
      url: `/api/v1/auth/users/${user.id}/groups`,
      token: admin,
      body: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/^Unknown group id/);
    const missing = await t.request({ method: 'PUT', url: '/api/v1/auth/users/00000000-0000-4000-8000-000000000000/groups', token: admin, body: [] });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the last active admin', () => {
  let t2: TestApp;
  let token: string;
  let adminId: string;
  beforeAll(async () => {
    // A database of its own, with exactly one admin.
    t2 = await createTestApp();
    token = await t2.loginAdmin();
    adminId = (await t2.request({ url: '/api/v1/auth/me', token })).json()._id;
  });
  afterAll(() => t2.close());

  const LAST = 'At least one active admin must remain. Make another user an admin first.';

  test.each([
    ['deactivated', 'PUT', '', { is_active: false }],
    ['demoted', 'PUT', '', { is_admin: false }],
    ['removed from the admin group', 'PUT', '/groups', []],
    ['deleted', 'DELETE', '', undefined],
  ] as const)('cannot be %s (409), and nothing changes', async (_case, method, suffix, body) => {
    const response = await t2.request({ method, url: `/api/v1/auth/users/${adminId}${suffix}`, token, body });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: LAST });
    const after = (await t2.request({ url: `/api/v1/auth/users/${adminId}`, token })).json();
    expect(after).toMatchObject({ is_active: true, is_admin: true });
  });

  test('can be demoted once another active admin exists', async () => {
    const groupsList = groupListSchema.parse((await t2.request({ url: '/api/v1/auth/groups', token })).json());
    const created = await t2.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token,
      body: { email: 'second.admin@example.com', password: 'password-123', is_admin: true },
    });
    expect(created.statusCode).toBe(201);
    const staffOnly = [groupsList.find((g) => g.name === 'staff')!.id];
    const response = await t2.request({ method: 'PUT', url: `/api/v1/auth/users/${adminId}/groups`, token, body: staffOnly });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ is_admin: false, is_staff: true });
  });
});
