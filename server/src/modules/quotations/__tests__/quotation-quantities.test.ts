import { publicQuotationSchema, quotationListResponseSchema, quotationSchema, type Quotation } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, draftBody, pdfText } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

/**
 * The money of a quotation as sales-figures.md defines it, worked out here from its lines in
 * integers: quantity in thousandths × rate in cents, each line rounded half up to the cent.
 */
function expectedMoney(items: Array<{ quantity: number; rate: number }>, taxPercent: number, discountPercent: number) {
  const halfUp = (numerator: bigint, denominator: bigint) => Number((numerator * 2n + denominator) / (denominator * 2n));
  const lines = items.map((item) => halfUp(BigInt(Math.round(item.quantity * 1000)) * BigInt(Math.round(item.rate * 100)), 1000n));
  const subtotal = lines.reduce((sum, cents) => sum + cents, 0);
  const discount = halfUp(BigInt(subtotal) * BigInt(Math.round(discountPercent * 100)), 10000n);
  const tax = halfUp(BigInt(subtotal - discount) * BigInt(Math.round(taxPercent * 100)), 10000n);
  return {
    items: lines.map((cents) => cents / 100),
    subtotal: subtotal / 100,
    discount_amount: discount / 100,
    tax_amount: tax / 100,
    total: (subtotal - discount + tax) / 100,
  };
}

const LINES = [
  { description: 'Half-day workshop', quantity: 0.5, rate: 100 },
  { description: 'Consulting (hours)', quantity: 1.5, rate: 100 },
  { description: 'Storage blocks', quantity: 0.25, rate: 0.09 },
  { description: 'Metered units', quantity: 0.333, rate: 0.03 },
  { description: 'Sprints', quantity: 12.125, rate: 4800.01 },
];

function expectMoneyOf(q: Quotation, lines: typeof LINES, tax: number, discount: number) {
  const money = expectedMoney(lines, tax, discount);
  expect(q.items.map(({ description, quantity, rate, amount }) => ({ description, quantity, rate, amount }))).toEqual(
    lines.map((line, index) => ({ ...line, amount: money.items[index] })),
  );
  expect(q).toMatchObject({ subtotal: money.subtotal, discount_amount: money.discount_amount, tax_amount: money.tax_amount, total: money.total });
}

test('decimal quantities are kept as given and priced to the cent everywhere the quotation is read', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { items: LINES, tax_rate: 8.25, discount_rate: 2.5 });
  expect(q.items.slice(0, 2).map((line) => line.amount)).toEqual([50, 150]);
  expectMoneyOf(q, LINES, 8.25, 2.5);

  const detail = quotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff }), 200));
  expect(detail).toEqual(q);
  const listed = quotationListResponseSchema
    .parse(expectStatus(await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}&limit=100`, token: f.staff }), 200))
    .quotations.find((row) => row.id === q.id);
  expect(listed).toEqual(q);

  const copy = quotationSchema.parse(expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/duplicate`, token: f.staff }), 201));
  expectMoneyOf(copy, LINES, 8.25, 2.5);

  const sent = expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff }), 200);
  const client = publicQuotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/public/quotations/${sent.share_url.split('/q/')[1]}` }), 200));
  expect(client.items.map((line) => line.quantity)).toEqual([0.5, 1.5, 0.25, 0.333, 12.125]);
  expect(client.total).toBe(q.total);
});

test('an edit takes decimal quantities, also typed as text, and answers them as numbers', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const lines = [
    { description: 'Hours', quantity: '1.25', rate: 80 },
    { description: 'Units', quantity: '.5', rate: 19.99 },
  ];
  const edited = quotationSchema.parse(
    expectStatus(await t.request({ method: 'PUT', url: `/api/v1/quotations/${q.id}`, token: f.staff, body: draftBody({ items: lines, tax_rate: 0 }) }), 200),
  );
  const asNumbers = lines.map((line) => ({ ...line, quantity: Number(line.quantity) }));
  expect(asNumbers.map((line) => line.quantity)).toEqual([1.25, 0.5]);
  expectMoneyOf(edited, asNumbers, 0, 0);
  // 1.25 × 80 = 100.00; 0.5 × 19.99 = 9.995, half up 10.00
  expect(edited.items.map((line) => line.amount)).toEqual([100, 10]);
  expect(quotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff }), 200))).toEqual(edited);
});

test('the PDF prints each quantity as given, with its amount', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { items: LINES, tax_rate: 0 });
  const response = await t.request({ url: `/api/v1/quotations/${q.id}/pdf`, token: f.staff });
  expect(response.statusCode).toBe(200);
  const text = pdfText(response.rawPayload);
  expect(text).toMatch(/Half-day workshop\s+0\.5\s+\$100\.00\s+\$50\.00/);
  expect(text).toMatch(/Consulting \(hours\)\s+1\.5\s+\$100\.00\s+\$150\.00/);
  expect(text).toMatch(/Storage blocks\s+0\.25\s+\$0\.09\s+\$0\.02/);
  expect(text).toMatch(/Metered units\s+0\.333\s+\$0\.03\s+\$0\.01/);
  expect(text).toMatch(/Sprints\s+12\.125\s+\$4,800\.01\s+\$58,200\.12/);
  expect(text).toMatch(new RegExp(`Total \\(USD\\)\\s+\\$${q.total.toLocaleString('en-US', { minimumFractionDigits: 2 }).replace(/\./g, '\\.')}`));
});
