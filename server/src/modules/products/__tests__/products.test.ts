import { PRODUCTS_ADMINS_ONLY_DETAIL, productListResponseSchema, productSchema, quotationDetailSchema, type Product, type Tenant } from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { products } from '../../../db/schema';
import { userContext, type DbContext } from '../../../db/wall/context';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser } from '../../../testing/owner-users';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

let serial = 0;
const body = (extra: Record<string, unknown> = {}) => ({
  tenant_id: f.demoTenantId,
  name: `Consulting ${(serial += 1)}`,
  description: 'Senior consultant, on site or remote',
  unit: 'hour',
  price: 120.5,
  tax_rate: 20,
  ...extra,
});
const create = (token: string, extra: Record<string, unknown> = {}) => t.request({ method: 'POST', url: '/api/v1/crm/products', token, body: body(extra) });
const update = (token: string, id: string, change: unknown) => t.request({ method: 'PUT', url: `/api/v1/crm/products/${id}`, token, body: change });
const remove = (token: string, id: string) => t.request({ method: 'DELETE', url: `/api/v1/crm/products/${id}`, token });
const list = async (token: string, query = '', tenantId = f.demoTenantId) =>
  productListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/products?tenant_id=${tenantId}&${query}`, token }), 200));
const setTenant = async (change: Partial<Tenant>, tenantId = f.demoTenantId) =>
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenantId}`, token: f.admin, body: change }), 200);

test("a product is priced in the tenant's currency; members list, search and filter the catalogue by name", async () => {
  const made = productSchema.parse(expectStatus(await create(f.staff, { name: '  Website audit ', unit: 'day', price: '1,500.50', tax_rate: 7.5 }), 201));
  expect(made).toMatchObject({ name: 'Website audit', unit: 'day', price: 1500.5, currency: 'USD', tax_rate: 7.5, archived: false, archived_at: null });
  const found = await list(f.staff, 'q=WEBSITE%20aud');
  expect(found.products.map((product) => product.id)).toEqual([made.id]);
  // By description too, and a combining accent finds the composed letter.
  expectStatus(await create(f.admin, { name: 'Café onboarding', description: 'Kick-off on site' }), 201);
  expect((await list(f.staff, `q=${encodeURIComponent('Cafe\u0301')}`)).products.map((product) => product.name)).toEqual(['Café onboarding']);
  expect((await list(f.staff, 'q=kick-off')).products.map((product) => product.name)).toEqual(['Café onboarding']);
  const all = await list(f.staff, 'limit=100');
  const names = all.products.map((product) => product.name);
  expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  expect(all.pagination.total).toBe(all.products.length);
});

test('a name is unique in the tenant whatever its case (409 naming the field); another tenant may use it', async () => {
  expectStatus(await create(f.admin, { name: 'Support retainer', unit: 'month' }), 201);
  const taken = await create(f.staff, { name: 'SUPPORT RETAINER' });
  expect([taken.statusCode, taken.json().detail]).toEqual([409, 'name: A product or service of this name is already in the catalogue.']);
  expectStatus(await create(f.outsider, { tenant_id: f.otherTenantId, name: 'Support retainer' }), 201);
});

test('every bad field is a 400 naming it, and nothing is saved', async () => {
  const before = (await list(f.admin, 'status=all&limit=100')).pagination.total;
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ name: '   ' }, /^name: Please enter/],
    [{ name: 'x'.repeat(201) }, /^name: must be at most 200 characters/],
    [{ name: 42 }, /^name: /],
    [{ description: 'y'.repeat(281) }, /^description: must be at most 280 characters/],
    [{ unit: 'week' }, /^unit: must be one of hour, day, unit, month/],
    [{ unit: undefined }, /^unit: /],
    [{ price: -1 }, /^price: /],
    [{ price: '1,5' }, /^price: commas may only separate thousands/],
    [{ price: 1.234 }, /^price: must have at most 2 decimals/],
    [{ price: 10_000_000.01 }, /^price: must be at most 10000000/],
    [{ price: '1e3' }, /^price: /],
    [{ price: null }, /^price: /],
    [{ tax_rate: 100.5 }, /^tax_rate: must be at most 100/],
    [{ tax_rate: '20' }, /^tax_rate: must be a number/],
    [{ tenant_id: 'not-a-tenant' }, /^tenant_id: /],
  ];
  for (const [change, detail] of cases) {
    const response = await create(f.admin, change);
    expect([JSON.stringify(change), response.statusCode]).toEqual([JSON.stringify(change), 400]);
    expect(response.json().detail).toMatch(detail);
  }
  // NUL bytes and lone surrogates are refused for every text, megabyte strings by the length rules.
  for (const name of ['Bad\u0000name', 'Lone \ud800 surrogate', 'z'.repeat(1_000_000)]) expect((await create(f.admin, { name })).statusCode).toBe(400);
  const product = productSchema.parse(expectStatus(await create(f.admin), 201));
  expect((await update(f.admin, product.id, {})).json()).toEqual({
    detail: 'Nothing to change: send at least one of name, description, unit, price, tax_rate or archived.',
  });
  expect((await update(f.admin, product.id, { archived: 'yes' })).statusCode).toBe(400);
  expect((await list(f.admin, 'status=all&limit=100')).pagination.total).toBe(before + 1);
  expect((await t.request({ url: `/api/v1/crm/products?tenant_id=${f.demoTenantId}&status=gone`, token: f.admin })).statusCode).toBe(400);
});

test('archiving takes a product out of the active list and restoring puts it back; each change, and the price before and after, is audited', async () => {
  const product = productSchema.parse(expectStatus(await create(f.staff, { name: 'Data migration', unit: 'unit', price: 80 }), 201));
  const archived = productSchema.parse(expectStatus(await update(f.staff, product.id, { archived: true }), 200));
  expect(archived.archived).toBe(true);
  expect(archived.archived_at).not.toBeNull();
  const ids = async (status: string) => (await list(f.staff, `status=${status}&limit=100`)).products.map((row) => row.id);
  expect(await ids('active')).not.toContain(product.id);
  expect(await ids('archived')).toContain(product.id);
  expect(await ids('all')).toContain(product.id);
  expect(productSchema.parse(expectStatus(await update(f.staff, product.id, { archived: false }), 200)).archived_at).toBeNull();
  expect(await ids('active')).toContain(product.id);

  const repriced = productSchema.parse(expectStatus(await update(f.staff, product.id, { price: 95, name: 'Data migration (per table)' }), 200));
  expect(repriced).toMatchObject({
    name: 'Data migration (per table)',
    price: 95,
    unit: 'unit',
    tax_rate: 20,
    description: 'Senior consultant, on site or remote',
  });
  const about = async (action: string) => (await auditOf(t, action)).filter((entry) => entry.targetId === product.id);
  expect((await about('product.created'))[0]).toMatchObject({ tenantId: f.demoTenantId, targetType: 'product', targetName: 'Data migration' });
  expect((await about('product.archived')).length).toBe(1);
  expect((await about('product.restored')).length).toBe(1);
  expect((await about('product.updated'))[0]?.details).toEqual({
    name: 'Data migration (per table)',
    fields: ['name', 'price'],
    price: { from: { amount: 80, currency: 'USD' }, to: { amount: 95, currency: 'USD' } },
  });
  expectStatus(await remove(f.staff, product.id), 200);
  expect((await about('product.deleted'))[0]).toMatchObject({ targetName: 'Data migration (per table)' });
  expect((await remove(f.staff, product.id)).statusCode).toBe(404);
});

test("a quotation's line copies a product: repricing, archiving or deleting the product never changes the quotation", async () => {
  const product = productSchema.parse(expectStatus(await create(f.staff, { name: 'Design sprint', unit: 'day', price: 950, tax_rate: 20 }), 201));
  const quotation = await createQuotation(t, f.staff, f.demoTenantId, {
    tax_rate: product.tax_rate,
    items: [{ description: product.name, quantity: 1.5, unit: product.unit, rate: product.price }],
  });
  expect(quotation.items.map(({ description, quantity, unit, rate, amount }) => ({ description, quantity, unit, rate, amount }))).toEqual([
    { description: 'Design sprint', quantity: 1.5, unit: 'day', rate: 950, amount: 1425 },
  ]);
  const detail = async () => quotationDetailSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${quotation.id}`, token: f.staff }), 200));
  const before = await detail();
  expectStatus(await update(f.staff, product.id, { price: 1200, name: 'Design sprint (new)' }), 200);
  expectStatus(await update(f.staff, product.id, { archived: true }), 200);
  expect(await detail()).toEqual(before);
  expectStatus(await remove(f.admin, product.id), 200);
  expect(await detail()).toEqual(before);
  // The PDF prints the quantity as given, with its unit.
  const pdf = await t.request({ url: `/api/v1/quotations/${quotation.id}/pdf`, token: f.staff });
  expect(pdfText(pdf.rawPayload)).toMatch(/Design sprint\s+1\.5 days\s+\$950\.00\s+\$1,425\.00/);
});

test("a price set after the tenant changed its currency is in the new one; old prices keep theirs, and the builder's list takes one currency", async () => {
  const tenant = expectStatus<Tenant>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/tenants',
      token: f.admin,
      body: { name: 'Catalogue Co', domain: 'catalogue-co.example.com', currency: 'EUR' },
    }),
    201,
  );
  const inEuros = productSchema.parse(expectStatus(await create(f.admin, { tenant_id: tenant.id, name: 'Hosting', unit: 'month', price: 49 }), 201));
  const reprice = productSchema.parse(expectStatus(await create(f.admin, { tenant_id: tenant.id, name: 'Backup', unit: 'month', price: 9 }), 201));
  expect([inEuros.currency, reprice.currency]).toEqual(['EUR', 'EUR']);
  await setTenant({ currency: 'CHF' }, tenant.id);
  expect(productSchema.parse(expectStatus(await update(f.admin, inEuros.id, { name: 'Hosting (shared)' }), 200)).currency).toBe('EUR');
  expect(productSchema.parse(expectStatus(await update(f.admin, reprice.id, { price: 10 }), 200))).toMatchObject({ price: 10, currency: 'CHF' });
  expect((await list(f.admin, 'currency=chf', tenant.id)).products.map((product) => product.name)).toEqual(['Backup']);
  expect((await list(f.admin, 'currency=EUR', tenant.id)).products.map((product) => product.name)).toEqual(['Hosting (shared)']);
  expect((await t.request({ url: `/api/v1/crm/products?tenant_id=${tenant.id}&currency=euro`, token: f.admin })).statusCode).toBe(400);
});

test("with the tenant's setup for admins only, staff read the catalogue and are refused every change (403), and nothing changes", async () => {
  const product = productSchema.parse(expectStatus(await create(f.admin, { name: 'Locked item' }), 201));
  await setTenant({ setup_changes: 'admins' });
  try {
    const before = await list(f.admin, 'status=all&limit=100');
    for (const response of [
      await create(f.staff),
      await update(f.staff, product.id, { price: 1 }),
      await update(f.staff, product.id, { archived: true }),
      await remove(f.staff, product.id),
    ])
      expect([response.statusCode, response.json()]).toEqual([403, { detail: PRODUCTS_ADMINS_ONLY_DETAIL }]);
    expect(await list(f.staff, 'status=all&limit=100')).toEqual(before);
    expectStatus(await update(f.admin, product.id, { price: 2 }), 200);
  } finally {
    await setTenant({ setup_changes: 'everyone' });
  }
});

test("another tenant's products are not found, and the database's wall hides them even from a query without a tenant filter", async () => {
  const outsiders = productSchema.parse(expectStatus(await create(f.outsider, { tenant_id: f.otherTenantId, name: 'Outsider only' }), 201));
  for (const response of [await update(f.staff, outsiders.id, { price: 1 }), await remove(f.staff, outsiders.id)])
    expect([response.statusCode, response.json()]).toEqual([404, { detail: 'Product not found.' }]);
  expect((await t.request({ url: `/api/v1/crm/products?tenant_id=${f.otherTenantId}`, token: f.staff })).statusCode).toBe(403);
  expect((await create(f.staff, { tenant_id: f.otherTenantId })).statusCode).toBe(403);
  expect((await list(f.staff, 'status=all&limit=100')).products.map((product: Product) => product.id)).not.toContain(outsiders.id);

  const staff = await ownerUser(t, f, { email: 'catalogue-reader@example.com', fullName: 'Cara Reader', visibility: 'own' });
  const read = (context: DbContext) => t.database.handle.contextDb(context).select({ id: products.id, tenantId: products.tenantId }).from(products);
  const seen = await read(userContext({ id: staff.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [staff.id] }));
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((row) => row.tenantId === f.demoTenantId)).toBe(true);
  const outsiderSeen = await t.database.handle
    .contextDb(userContext({ id: staff.id, isAdmin: false, tenantId: f.otherTenantId, ownerIds: [staff.id] }))
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, outsiders.id));
  expect(outsiderSeen).toEqual([{ id: outsiders.id }]);
  // Writes through the wall cannot reach another tenant's row either.
  const changed = await t.database.handle
    .contextDb(userContext({ id: staff.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [staff.id] }))
    .update(products)
    .set({ name: 'Taken over' })
    .where(eq(products.id, outsiders.id))
    .returning({ id: products.id });
  expect(changed).toEqual([]);
});
