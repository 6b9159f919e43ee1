import { Refusal, type RefusalKind } from '../../lib/refusal';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { assertRowTenant, assertTenantAccess, TENANT_FORBIDDEN_DETAIL, visibleTenantIds } from '../tenant-access';

const HOME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function refusalOf(fn: () => unknown): RefusalKind | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (error) {
    if (error instanceof Refusal) return error.kind;
    throw error;
  }
}

describe('assertTenantAccess', () => {
  const staff = { isAdmin: false, tenantId: HOME };
  const admin = { isAdmin: true, tenantId: HOME };
  const homeless = { isAdmin: false, tenantId: null };

  test('staff may use their home tenant only', () => {
    expect(assertTenantAccess(staff, HOME)).toBe(HOME);
    expect(assertTenantAccess(staff, HOME.toUpperCase())).toBe(HOME);
    expect(refusalOf(() => assertTenantAccess(staff, OTHER))).toBe('forbidden');
    expect(refusalOf(() => assertTenantAccess(homeless, HOME))).toBe('forbidden');
  });

  test('admins may use every tenant', () => {
    expect(assertTenantAccess(admin, OTHER)).toBe(OTHER);
  });

  test('a missing or malformed tenant id is invalid (a 400)', () => {
    for (const value of [undefined, null, '']) expect(refusalOf(() => assertTenantAccess(admin, value))).toBe('invalid');
    for (const value of ['abc', 42, ['x']]) expect(refusalOf(() => assertTenantAccess(admin, value))).toBe('invalid');
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
    // What a by-id route does with the tenant of the row it found.
    t.app.get('/api/v1/test/row-probe', { onRequest: t.app.requireUser }, async (request) => ({
      tenant_id: assertRowTenant(request.user!, (request.query as { row_tenant?: string }).row_tenant, 'Record not found.'),
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

  test("a row of a tenant the user cannot use answers 404 with the route's own detail", async () => {
    const staff = await t.loginStaff();
    expect((await t.request({ url: `/api/v1/test/row-probe?row_tenant=${t.seed!.tenantId}`, token: staff })).statusCode).toBe(200);
    const other = await t.request({ url: `/api/v1/test/row-probe?row_tenant=${OTHER}`, token: staff });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Record not found.' });
  });
});
