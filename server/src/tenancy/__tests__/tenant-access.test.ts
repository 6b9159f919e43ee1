import { HttpError } from '../../http/errors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { assertTenantAccess, TENANT_FORBIDDEN_DETAIL, visibleTenantIds } from '../tenant-access';

const HOME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function statusOf(fn: () => unknown): number | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as HttpError).statusCode;
  }
}

describe('assertTenantAccess', () => {
  const staff = { isAdmin: false, tenantId: HOME };
  const admin = { isAdmin: true, tenantId: HOME };
  const homeless = { isAdmin: false, tenantId: null };

  test('staff may use their home tenant only', () => {
    expect(assertTenantAccess(staff, HOME)).toBe(HOME);
    expect(assertTenantAccess(staff, HOME.toUpperCase())).toBe(HOME);
    expect(statusOf(() => assertTenantAccess(staff, OTHER))).toBe(403);
    expect(statusOf(() => assertTenantAccess(homeless, HOME))).toBe(403);
  });

  test('admins may use every tenant', () => {
    expect(assertTenantAccess(admin, OTHER)).toBe(OTHER);
  });

  test('a missing or malformed tenant id is a 400', () => {
    for (const value of [undefined, null, '']) expect(statusOf(() => assertTenantAccess(admin, value))).toBe(400);
    for (const value of ['abc', 42, ['x']]) expect(statusOf(() => assertTenantAccess(admin, value))).toBe(400);
  });

  test('visible tenants', () => {
    expect(visibleTenantIds(admin)).toBe('all');
    expect(visibleTenantIds(staff)).toEqual([HOME]);
    expect(visibleTenantIds(homeless)).toEqual([]);
  });
});

describe('request.tenant() in a route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // What a CRM route does first: check the tenant, then query with the checked id.
    t.app.get('/api/v1/test/tenant-probe', { onRequest: t.app.requireUser }, async (request) => ({
      tenant_id: request.tenant((request.query as { tenant_id?: string }).tenant_id),
    }));
  });
  afterAll(() => t.close());

  const probe = (token: string, tenantId?: string) =>
    t.request({ url: `/api/v1/test/tenant-probe${tenantId === undefined ? '' : `?tenant_id=${tenantId}`}`, token });

  test('staff use their own tenant, get 403 for another one and 400 without one', async () => {
    const staff = await t.loginStaff();
    const own = await probe(staff, t.seed!.tenantId);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ tenant_id: t.seed!.tenantId });

    const other = await probe(staff, OTHER);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: TENANT_FORBIDDEN_DETAIL });

    const missing = await probe(staff);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^tenant_id: /);
  });

  test('admins use any tenant', async () => {
    const admin = await t.loginAdmin();
    expect((await probe(admin, OTHER)).statusCode).toBe(200);
  });
});
