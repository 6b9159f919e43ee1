import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, draftBody, pdfText } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
let existingId: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  existingId = (await createQuotation(t, f.staff, f.demoTenantId, { title: 'Untouched' })).id;
});
afterAll(() => t.close());

const item = { description: 'Seats', quantity: 1, rate: 10 };
const count = async () =>
  expectStatus<{ summary: { total: number } }>(await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}`, token: f.staff }), 200).summary.total;

// Every row: label, the draft's overrides, the field the detail must name (or its exact text).
const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
  ['no items', { items: [] }, /^At least one item is required\.$/],
  ['items missing', { items: undefined }, /^items: At least one item is required\.$/],
  ['201 items', { items: Array(201).fill(item) }, /^items: at most 200 items/],
  ['a quantity with 4 decimals', { items: [item, { ...item, quantity: 1.2345 }] }, /^items\[1\]\.quantity: must have at most 3 decimals/],
  ['a quantity in exponent text', { items: [{ ...item, quantity: '1e3' }] }, /^items\[0\]\.quantity: must be written without an exponent/],
  ['a quantity of 0', { items: [{ ...item, quantity: 0 }] }, /^items\[0\]\.quantity: must be more than 0/],
  ['a negative quantity', { items: [{ ...item, quantity: -2 }] }, /^items\[0\]\.quantity: must be more than 0/],
  ['a quantity as words', { items: [{ ...item, quantity: 'two' }] }, /^items\[0\]\.quantity: must be a number/],
  ['a quantity typed with 4 decimals', { items: [{ ...item, quantity: '0.0005' }] }, /^items\[0\]\.quantity: must have at most 3 decimals/],
  ['a quantity that is null', { items: [{ ...item, quantity: null }] }, /^items\[0\]\.quantity: must be a number/],
  [
    'a subtotal beyond exact cents',
    { items: Array(11).fill({ ...item, quantity: 1_000_000, rate: 1_000_000 }) },
    /^items: the subtotal must be at most 10,000,000,000,000/,
  ],
  ['a rate with 3 decimals', { items: [item, { ...item, rate: 0.125 }] }, /^items\[1\]\.rate: must have at most 2 decimals/],
  ['a negative rate', { items: [{ ...item, rate: -0.01 }] }, /^items\[0\]\.rate: must be at least 0/],
  ['a tax over 100', { tax_rate: 100.5 }, /^tax_rate: must be at most 100/],
  ['a negative discount', { discount_rate: -1 }, /^discount_rate: must be at least 0/],
  ['a discount over 100', { discount_rate: 150 }, /^discount_rate: must be at most 100/],
  ['a storage rate with 3 decimals', { additional_storage_rate: 0.091 }, /^additional_storage_rate: must have at most 2 decimals/],
  ['a bad client email', { client_email: 'buyer-at-acme' }, /^client_email: must be a valid email address/],
  ['a bad company email', { company_email: 'a@b' }, /^company_email: must be a valid email address/],
  ['a title over 200', { title: 'x'.repeat(201) }, /^title: must be at most 200 characters/],
  ['an item description over 500', { items: [{ ...item, description: 'd'.repeat(501) }] }, /^items\[0\]\.description: must be at most 500 characters/],
  ['terms over 10,000', { terms: 't'.repeat(10_001) }, /^terms: must be at most 10000 characters/],
  ['a megabyte string', { product_description: 'm'.repeat(1_000_000) }, /^product_description: must be at most 5000 characters/],
  ['a NUL byte', { client_name: 'Acme\u0000Corp' }, /^client_name: must not contain NUL characters/],
  [
    'a lone surrogate',
    { title: 'Bad \uD83D title' },
    /^title: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters/,
  ],
  ['a NUL byte in an item', { items: [{ ...item, description: '\u0000' }] }, /^items\[0\]\.description: must not contain NUL/],
  ['a title that is a number', { title: 42 }, /^title: must be text/],
  ['a malformed quote date', { quote_date: '2026-13-45' }, /^quote_date: must be a date/],
  ['valid until before the quote date', { quote_date: '2026-05-02', valid_until: '2026-05-01' }, /^valid_until: must not be before quote_date/],
  ['a malformed lead id', { lead_id: 'lead-1' }, /^lead_id: must be a valid id/],
];

test.each(invalid)('create with %s is a 400 naming the field; nothing is saved', async (_label, overrides, detail) => {
  const before = await count();
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/quotations',
    token: f.staff,
    body: { tenant_id: f.demoTenantId, ...draftBody(), ...overrides },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().detail).toMatch(detail);
  expect(await count()).toBe(before);
});

test.each(invalid.slice(0, 12))('edit with %s is a 400 and the quotation stays as it was', async (_label, overrides, detail) => {
  const response = await t.request({ method: 'PUT', url: `/api/v1/quotations/${existingId}`, token: f.staff, body: { ...draftBody(), ...overrides } });
  expect(response.statusCode).toBe(400);
  expect(response.json().detail).toMatch(detail);
  expect(expectStatus<{ title: string }>(await t.request({ url: `/api/v1/quotations/${existingId}`, token: f.staff }), 200).title).toBe('Untouched');
});

test.each([
  ['a bad status filter', 'status=pending'],
  ['a limit over 100', 'limit=101'],
  ['a page of 0', 'page=0'],
  ['an over-long q', `q=${'q'.repeat(201)}`],
  ['a NUL byte in q', 'q=%00'],
  ['no tenant', 'tenant_id='],
])('the list with %s is a 400', async (_label, query) => {
  const response = await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}&${query}`, token: f.staff });
  expect(response.statusCode).toBe(400);
  expect(typeof response.json().detail).toBe('string');
});

test('malformed bodies and ids are 400s, never 500s', async () => {
  for (const [method, url, body] of [
    ['POST', '/api/v1/quotations', []],
    ['POST', '/api/v1/quotations', 'null'],
    ['PUT', `/api/v1/quotations/${existingId}`, { items: 'many' }],
    ['GET', '/api/v1/quotations/not-a-uuid', undefined],
    ['GET', '/api/v1/quotations/not-a-uuid/pdf', undefined],
    ['POST', '/api/v1/public/quotations/abc/accept', { name: 7 }],
    ['POST', '/api/v1/public/quotations/abc/reject', { reason: 'r'.repeat(2001) }],
    ['GET', '/api/v1/public/quotations/abc.def', undefined],
  ] as const) {
    const response = await t.request({ method, url, token: f.staff, body, headers: body === 'null' ? { 'content-type': 'application/json' } : undefined });
    expect([method, url, response.statusCode]).toEqual([method, url, 400]);
    expect(typeof response.json().detail).toBe('string');
  }
});

test('blank optional fields and zero amounts are fine', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, {
    client_email: '',
    company_email: null,
    title: '  ',
    items: [{ quantity: 1, rate: 0 }],
    tax_rate: 0,
  });
  expect(q).toMatchObject({ client_email: '', company_email: '', title: '', total: 0, items: [{ description: '', quantity: 1, rate: 0, amount: 0 }] });
  const bare = await createQuotation(t, f.staff, f.demoTenantId, { company_name: '', client_name: '', terms: '' });
  const pdf = await t.request({ url: `/api/v1/quotations/${bare.id}/pdf`, token: f.staff });
  expect(pdf.statusCode).toBe(200);
  expect(pdfText(pdf.rawPayload)).toContain(bare.number);
});
