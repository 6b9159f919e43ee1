import {
  leadSchema,
  publicQuotationSchema,
  quotationDetailSchema,
  quotationListResponseSchema,
  quotationSchema,
  tenantSchema,
  timelineResponseSchema,
  type Quotation,
} from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { ownerUser } from '../../../testing/owner-users';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/*
 * A quotation is in its tenant's currency when it is made, and keeps it: on the staff and client
 * pages, in the PDF and in the list, whatever the tenant changes later. The list's total value adds
 * up only the quotations of the tenant's currency, and an accepted quotation gives its lead its
 * total only when the lead's value is in the same currency.
 */

let t: TestApp;
let f: CrmFixture;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  const body = { name: 'Euro Co', domain: 'euro-co.example.com', currency: 'EUR' };
  tenantId = tenantSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body }), 201)).id;
});
afterAll(() => t.close());

const setCurrency = async (currency: string) =>
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenantId}`, token: f.admin, body: { currency } }), 200);
const detail = async (id: string) => quotationDetailSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${id}`, token: f.admin }), 200));
const list = async (token = f.admin) =>
  quotationListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations?tenant_id=${tenantId}&limit=100`, token }), 200));
async function send(id: string): Promise<string> {
  const sent = expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${id}/send`, token: f.admin }), 200);
  return sent.share_url.split('/q/')[1]!;
}
const publicPage = async (token: string) => publicQuotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/public/quotations/${token}` }), 200));
async function pdf(id: string): Promise<string> {
  const response = await t.request({ url: `/api/v1/quotations/${id}/pdf`, token: f.admin });
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

/** 0.5 × 163.20 = 81.60 without tax: the figure of the report. */
const euroItems = { tax_rate: 0, items: [{ description: 'Storage block', quantity: 0.5, rate: 163.2 }] };

test("a quotation of an EUR tenant is in EUR everywhere it shows money: the staff's, the list's, the client's page and the PDF", async () => {
  const made = await createQuotation(t, f.admin, tenantId, euroItems);
  expect([made.currency, made.total]).toEqual(['EUR', 81.6]);
  expect((await detail(made.id)).currency).toBe('EUR');
  expect((await list()).quotations.find((q) => q.id === made.id)?.currency).toBe('EUR');
  const token = await send(made.id);
  expect(await publicPage(token)).toMatchObject({ currency: 'EUR', total: 81.6 });
  const text = await pdf(made.id);
  expect(text).toContain('Currency: EUR');
  expect(text).toMatch(/Storage block\s+0\.5\s+€163\.20\s+€81\.60/);
  expect(text).toMatch(/Total \(EUR\)\s+€81\.60/);
  expect(text).toContain('Additional storage is €0.09 per 200 MB block per month.');
  expect(text).not.toContain('$');
});

test("a tenant's change of currency keeps its quotations' own: read, edited, duplicated, sent and in the PDF; new ones take the new one", async () => {
  const before = await createQuotation(t, f.admin, tenantId, { ...euroItems, title: 'Made in euros' });
  await setCurrency('GBP');
  try {
    expect((await detail(before.id)).currency).toBe('EUR');
    const edited = quotationSchema.parse(
      expectStatus(
        await t.request({
          method: 'PUT',
          url: `/api/v1/quotations/${before.id}`,
          token: f.admin,
          body: { ...euroItems, title: 'Edited after the change', items: [{ description: 'Storage block', quantity: 1, rate: 163.2 }] },
        }),
        200,
      ),
    );
    expect([edited.currency, edited.total]).toEqual(['EUR', 163.2]);
    const copy = quotationSchema.parse(
      expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${before.id}/duplicate`, token: f.admin }), 201),
    );
    expect(copy.currency).toBe('EUR');
    expect(await publicPage(await send(before.id))).toMatchObject({ currency: 'EUR' });
    expect(await pdf(before.id)).toMatch(/Total \(EUR\)\s+€163\.20/);

    const after = await createQuotation(t, f.admin, tenantId, euroItems);
    expect(after.currency).toBe('GBP');
    expect(await pdf(after.id)).toMatch(/Total \(GBP\)\s+£81\.60/);
  } finally {
    await setCurrency('EUR');
  }
});

test("the list's total value adds up the quotations of the tenant's currency, names it and counts the others, for every viewer", async () => {
  const own = await ownerUser(t, f, { email: 'own-currency@example.com', fullName: 'Olga Own', visibility: 'own', tenantId });
  await createQuotation(t, own.token, tenantId, { tax_rate: 0, items: [{ description: 'Own, in euros', quantity: 2, rate: 10.05 }] });
  await setCurrency('CHF');
  try {
    await createQuotation(t, own.token, tenantId, { tax_rate: 0, items: [{ description: 'Own, in francs', quantity: 3, rate: 7.1 }] });
    await createQuotation(t, f.admin, tenantId, { tax_rate: 0, items: [{ description: "Admin's, in francs", quantity: 1, rate: 99.99 }] });

    for (const viewer of [f.admin, own.token]) {
      const seen = await list(viewer);
      // Every quotation the viewer sees, added up by hand: only those in francs count.
      const inFrancs = seen.quotations.filter((q) => q.currency === 'CHF');
      const cents = inFrancs.reduce((sum, q) => sum + Math.round(q.total * 100), 0);
      expect(seen.summary).toMatchObject({
        total: seen.quotations.length,
        currency: 'CHF',
        total_value: cents / 100,
        other_currencies: seen.quotations.length - inFrancs.length,
      });
      expect(seen.summary.other_currencies).toBeGreaterThan(0);
    }
    // The own user sees their two: 21.30 (euros, left out) and 21.30 in francs.
    expect((await list(own.token)).summary).toMatchObject({ total: 2, total_value: 21.3, other_currencies: 1 });
  } finally {
    await setCurrency('EUR');
  }
});

describe('accepting a quotation sets its lead’s value only in the same currency', () => {
  let phone = 400;
  async function leadWithQuotation(): Promise<{ leadId: string; quotation: Quotation }> {
    phone += 1;
    const body = { tenant_id: tenantId, name: `Currency lead ${phone}`, phone1: `+1 555 031 ${String(phone).padStart(4, '0')}` };
    const lead = leadSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads', token: f.admin, body }), 201));
    const quotation = await createQuotation(t, f.admin, tenantId, { ...euroItems, lead_id: lead.id });
    await send(quotation.id);
    return { leadId: lead.id, quotation };
  }
  const accept = async (id: string) =>
    expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${id}/accept`, token: f.admin, body: { name: 'Jana Buyer' } }), 200);
  const lead = async (id: string) => leadSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads/${id}`, token: f.admin }), 200));
  const timeline = async (id: string) =>
    timelineResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads/${id}/timeline`, token: f.admin }), 200)).entries;

  test('in the same currency the lead takes the total', async () => {
    const { leadId, quotation } = await leadWithQuotation();
    await accept(quotation.id);
    expect(await lead(leadId)).toMatchObject({ value: '81.60', pipeline_stage_name: 'Won' });
  });

  test('in another currency the lead is won without a value, and its timeline says why', async () => {
    const { leadId, quotation } = await leadWithQuotation();
    await setCurrency('USD');
    try {
      await accept(quotation.id);
      expect(await lead(leadId)).toMatchObject({ value: null, pipeline_stage_name: 'Won' });
      const entries = await timeline(leadId);
      const won = entries.find((entry) => entry.summary.startsWith('Pipeline stage changed to Won'));
      expect(won?.notes).toBe(`Value not set from quotation ${quotation.number}: the quotation is in EUR and the lead's value is in USD`);
    } finally {
      await setCurrency('EUR');
    }
  });
});
