import { QUOTE_NUMBER_PATTERN, addDays } from '@app/shared/quotations';
import { quotationHistoryResponseSchema, quotationListResponseSchema, quotationSchema, type QuotationListResponse } from '@app/shared/contracts';
import { localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, draftBody } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const list = async (query = '', tenantId = f.demoTenantId): Promise<QuotationListResponse> =>
  quotationListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations?tenant_id=${tenantId}&${query}`, token: f.staff }), 200));

test('create answers 201 with a server number, the defaults and the amounts', async () => {
  const today = localDate();
  const q = await createQuotation(t, f.staff, f.demoTenantId, { items: [{ description: 'Seats', quantity: 3, rate: 19.99 }] });
  expect(q.number).toMatch(QUOTE_NUMBER_PATTERN);
  expect(q.number.slice(2, 10)).toBe(today.replaceAll('-', ''));
  expect(q).toMatchObject({
    status: 'draft',
    tenant_id: f.demoTenantId,
    quote_date: today,
    valid_until: addDays(today, 30),
    tax_rate: 8.25,
    discount_rate: 0,
    included_storage: '200 MB',
    additional_storage_rate: 0.09,
    storage_block_size: '200 MB',
    currency: 'USD',
    share_url: null,
    subtotal: 59.97,
    discount_amount: 0,
    tax_amount: 4.95,
    total: 64.92,
  });
  expect(q.items).toEqual([{ id: expect.any(String), description: 'Seats', quantity: 3, unit: null, rate: 19.99, amount: 59.97 }]);
  expect(quotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff }), 200))).toEqual(q);
});

// items, tax %, discount %, then subtotal, discount, tax, total as the API answers them
test.each([
  [[{ quantity: 1, rate: 0.1 }], 5, 0, 0.1, 0, 0.01, 0.11],
  [[{ quantity: 2, rate: 100 }], 10, 10, 200, 20, 18, 198],
  [
    [
      { quantity: 3, rate: 0.1 },
      { quantity: 1, rate: 0.2 },
    ],
    0,
    0,
    0.5,
    0,
    0,
    0.5,
  ],
  [[{ quantity: 1, rate: 0.05 }], 0, 10, 0.05, 0.01, 0, 0.04],
  [
    [
      { quantity: 0.001, rate: 4.99 },
      { quantity: 7, rate: 1234.56 },
    ],
    8.25,
    12.5,
    8641.92,
    1080.24,
    623.84,
    8185.52,
  ],
  [[{ quantity: 0.5, rate: 100 }], 0, 0, 50, 0, 0, 50],
  [[{ quantity: 1.5, rate: 100 }], 0, 0, 150, 0, 0, 150],
  [[{ quantity: 0.333, rate: 0.03 }], 0, 0, 0.01, 0, 0, 0.01],
])('totals: %j at %d %% tax and %d %% discount', async (items, tax_rate, discount_rate, subtotal, discount_amount, tax_amount, total) => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { items, tax_rate, discount_rate });
  expect(q).toMatchObject({ subtotal, discount_amount, tax_amount, total });
});

test('zero items are refused and nothing is saved', async () => {
  const before = (await list()).summary.total;
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/quotations',
    token: f.staff,
    body: { tenant_id: f.demoTenantId, ...draftBody({ items: [] }) },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'At least one item is required.' });
  expect((await list()).summary.total).toBe(before);
});

test('20 quotations created at the same moment get 20 different numbers', async () => {
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.request({ method: 'POST', url: '/api/v1/quotations', token: f.staff, body: { tenant_id: f.otherTenantId, ...draftBody({ title: `Parallel ${i}` }) } }),
    ),
  );
  // The staff user of the demo tenant may not create in the other tenant; the admin may.
  expect(responses.every((r) => r.statusCode === 403)).toBe(true);
  const created = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.request({ method: 'POST', url: '/api/v1/quotations', token: f.admin, body: { tenant_id: f.otherTenantId, ...draftBody({ title: `Parallel ${i}` }) } }),
    ),
  );
  expect(created.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
  const numbers = created.map((r) => r.json().number as string);
  expect(new Set(numbers).size).toBe(20);
  numbers.forEach((n) => expect(n).toMatch(QUOTE_NUMBER_PATTERN));
});

test('the list: newest first, pages of 20, q over title, client and number, status filter and the counters', async () => {
  const tenant = expectStatus<{ id: string }>(
    await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'List Co', domain: 'list-co.example.com' } }),
    201,
  ).id;
  const made = [];
  for (let i = 1; i <= 22; i++)
    made.push(await createQuotation(t, f.admin, tenant, { title: `Listed ${i}`, client_name: i === 5 ? 'Zebra Holdings' : 'Acme Corp' }));
  const asAdmin = async (query: string) =>
    quotationListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations?tenant_id=${tenant}&${query}`, token: f.admin }), 200));
  const first = await asAdmin('');
  expect(first.pagination).toEqual({ total: 22, page: 1, limit: 20 });
  expect(first.quotations.map((q) => q.title).slice(0, 2)).toEqual(['Listed 22', 'Listed 21']);
  expect((await asAdmin('page=2')).quotations.map((q) => q.title)).toEqual(['Listed 2', 'Listed 1']);
  expect((await asAdmin('q=zEbRa')).quotations.map((q) => q.title)).toEqual(['Listed 5']);
  expect((await asAdmin(`q=${made[8].number.toLowerCase()}`)).quotations.map((q) => q.id)).toEqual([made[8].id]);
  expect((await asAdmin('q=listed%201')).pagination.total).toBe(11);

  expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${made[0].id}/send`, token: f.admin }), 200);
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${made[1].id}/send`, token: f.admin }), 200);
  const sent = await asAdmin('status=sent');
  expect(sent.quotations.map((q) => q.title)).toEqual(['Listed 2', 'Listed 1']);
  expect(sent.pagination.total).toBe(2);
  expect(sent.summary).toEqual({ total: 22, total_value: 1190.86, currency: 'USD', other_currencies: 0, accepted: 0, pending: 2 });
  expect((await asAdmin('status=draft')).pagination.total).toBe(20);
  expect((await asAdmin('status=accepted')).quotations).toEqual([]);
  const everything = (await asAdmin('limit=100')).quotations;
  expect(everything).toHaveLength(22);
  // The list's rows (written by the database) are the very quotations GET by id answers.
  for (const listed of everything.slice(0, 3)) {
    expect(listed).toEqual(quotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${listed.id}`, token: f.admin }), 200)));
  }
});

test("edit replaces the draft; delete answers 204; duplicate is a new draft with a new number and today's dates", async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { quote_date: '2026-01-05', valid_until: '2099-01-01' });
  const edited = quotationSchema.parse(
    expectStatus(
      await t.request({
        method: 'PUT',
        url: `/api/v1/quotations/${q.id}`,
        token: f.staff,
        body: draftBody({ title: 'Changed', items: [{ description: 'A', quantity: 2, rate: 10 }], tax_rate: 0 }),
      }),
      200,
    ),
  );
  expect(edited).toMatchObject({ id: q.id, number: q.number, title: 'Changed', total: 20, status: 'draft' });
  expect(edited.items.map((i) => i.description)).toEqual(['A']);

  const copy = quotationSchema.parse(expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/duplicate`, token: f.staff }), 201));
  expect(copy).toMatchObject({ title: 'Changed', total: 20, status: 'draft', quote_date: localDate(), valid_until: addDays(localDate(), 30) });
  expect(copy.number).not.toBe(q.number);
  expect(copy.id).not.toBe(q.id);

  const history = quotationHistoryResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}/history`, token: f.staff }), 200),
  ).history;
  expect(history.map((h) => h.kind)).toEqual(['edited', 'created']);
  expect(history[0].actor).toBe('Demo Staff');

  const deleted = await t.request({ method: 'DELETE', url: `/api/v1/quotations/${q.id}`, token: f.staff });
  expect(deleted.statusCode).toBe(204);
  expect((await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff })).statusCode).toBe(404);
  expect((await t.request({ method: 'DELETE', url: `/api/v1/quotations/${q.id}`, token: f.staff })).statusCode).toBe(404);
});

test("a quotation made from a lead appears in the lead's activities; another tenant's lead is refused", async () => {
  const lead = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Lead Co', phone1: '+1 555 919 9191' },
    }),
    201,
  );
  const q = await createQuotation(t, f.staff, f.demoTenantId, { lead_id: lead.id, title: 'For the lead' });
  expect(q.lead_id).toBe(lead.id);
  const activities = expectStatus<{ activities: Array<{ kind: string; summary: string }> }>(
    await t.request({ url: `/api/v1/crm/leads/${lead.id}/activities`, token: f.staff }),
    200,
  ).activities;
  expect(activities[0]).toMatchObject({ kind: 'quotation', summary: `Quotation ${q.number} created: For the lead` });

  const foreignLead = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads',
      token: f.outsider,
      body: { tenant_id: f.otherTenantId, name: 'Other Lead', phone1: '+1 555 929 9292' },
    }),
    201,
  );
  const refused = await t.request({
    method: 'POST',
    url: '/api/v1/quotations',
    token: f.staff,
    body: { tenant_id: f.demoTenantId, ...draftBody({ lead_id: foreignLead.id }) },
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().detail).toMatch(/^lead_id:/);
});

test('the counters stay equal to the quotations after edits, sends, decisions and deletes', async () => {
  const tenant = expectStatus<{ id: string }>(
    await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'Count Co', domain: 'count-co.example.com' } }),
    201,
  ).id;
  const made = [];
  for (let i = 0; i < 6; i++) made.push(await createQuotation(t, f.admin, tenant, { items: [{ description: 'x', quantity: i + 1, rate: 10.1 }] }));
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => t.request({ method, url: `/api/v1${url}`, token: f.admin, body });
  await call('PUT', `/quotations/${made[0].id}`, draftBody({ items: [{ description: 'y', quantity: 3, rate: 99.99 }] }));
  const link = (await call('POST', `/quotations/${made[1].id}/send`)).json().share_url as string;
  await call('POST', `/quotations/${made[2].id}/send`);
  await t.request({ method: 'POST', url: `/api/v1/public/quotations/${link.split('/q/')[1]}/accept`, body: { name: 'Buyer' } });
  await call('DELETE', `/quotations/${made[3].id}`);
  await call('POST', `/quotations/${made[4].id}/duplicate`);

  const all = quotationListResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/quotations?tenant_id=${tenant}&limit=100`, token: f.admin }), 200),
  );
  const cents = all.quotations.reduce((sum, q) => sum + Math.round(q.total * 100), 0);
  expect(all.summary).toEqual({
    total: all.quotations.length,
    total_value: cents / 100,
    currency: 'USD',
    other_currencies: 0,
    accepted: all.quotations.filter((q) => q.status === 'accepted').length,
    pending: all.quotations.filter((q) => q.status === 'sent').length,
  });
  expect(all.summary).toMatchObject({ total: 6, accepted: 1, pending: 1 });
});
