import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

async function download(id: string) {
  const response = await t.request({ url: `/api/v1/quotations/${id}/pdf`, token: f.staff });
  expect(response.statusCode).toBe(200);
  return response;
}

test('the PDF holds the whole quotation as text', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, {
    quote_date: '2026-03-02',
    valid_until: '2099-04-01',
    items: [
      { description: 'Implementation workshop', quantity: 2, rate: 1250.5 },
      { description: 'Monthly subscription', quantity: 12, rate: 50 },
    ],
    discount_rate: 10,
    terms: 'Payment within 30 days of the invoice date.',
  });
  const response = await download(q.id);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${q.number}.pdf"`);
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(response.rawPayload);
  // Long lines wrap; the words stay in order.
  const flat = text.replace(/\s+/g, ' ');
  for (const expected of [
    'QUOTATION',
    q.number,
    'Mar 2, 2026',
    'Apr 1, 2099',
    'Orbitra Ltd',
    '1 Harbour Street, Lisbon',
    'sales@orbitra.example.com',
    'Acme Corp',
    '42 Main Road, Porto',
    'buyer@acme.example.com',
    'Payroll rollout',
    'Payment within 30 days of the invoice date.',
    'Document storage: 200 MB included.',
    'Example: 1 GB = 4 extra blocks × $0.09 = $0.36 per month.',
  ]) {
    expect(flat).toContain(expected);
  }
  expect(text).toMatch(/Implementation workshop\s+2\s+\$1,250\.50\s+\$2,501\.00/);
  expect(text).toMatch(/Monthly subscription\s+12\s+\$50\.00\s+\$600\.00/);
  expect(text).toMatch(/Subtotal\s+\$3,101\.00/);
  expect(text).toMatch(/Discount \(10%\)\s+-\$310\.10/);
  expect(text).toMatch(/Tax \(8\.25%\)\s+\$230\.25/);
  expect(text).toMatch(/Total \(USD\)\s+\$3,021\.15/);
  expect(text).toContain('Currency: USD');
  expect(q.total).toBe(3021.15);
});

test('a long quotation flows onto more pages with the table header on each', async () => {
  const items = Array.from({ length: 120 }, (_, i) => ({ description: `Line item number ${i + 1}`, quantity: i + 1, rate: 1.5 }));
  const q = await createQuotation(t, f.staff, f.demoTenantId, { items });
  const text = pdfText((await download(q.id)).rawPayload);
  const pages = text.split('\f').filter((page) => page.trim());
  expect(pages.length).toBeGreaterThanOrEqual(3);
  for (const page of pages.slice(0, -1)) expect(page).toMatch(/Description\s+Qty\s+Rate\s+Amount/);
  for (let i = 1; i <= 120; i++) expect(text).toContain(`Line item number ${i} `);
  expect(text).toMatch(/Line item number 120\s+120\s+\$1\.50\s+\$180\.00/);
});

test('text outside the PDF fonts does not break the download', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, {
    title: 'Café ✓ 日本 😀',
    items: [{ description: 'Ünïcödé – “quotes”', quantity: 1, rate: 1 }],
  });
  const text = pdfText((await download(q.id)).rawPayload);
  expect(text).toContain('Café');
  expect(expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff }), 200)).toMatchObject({ title: 'Café ✓ 日本 😀' });
});

test('every script of the quotation prints as itself', async () => {
  const lines = ['Zoë visits Łódź and Ő', 'Καλημέρα κόσμε', 'Привет, мир', 'مرحبا بالعالم', 'שלום עולם', '你好，世界', 'こんにちは、世界', 'Launch 🚀 done ✅'];
  const q = await createQuotation(t, f.staff, f.demoTenantId, {
    title: 'Rocket 🚀 launch',
    product_description: lines.join('\n'),
    items: lines.map((description) => ({ description, quantity: 1, rate: 1 })),
  });
  const text = pdfText((await download(q.id)).rawPayload);
  expect(text).toContain('Rocket 🚀 launch');
  for (const line of lines) expect(text).toContain(line);
});
