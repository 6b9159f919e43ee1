import type { AddressInfo } from 'node:net';
import type { Quotation } from '@app/shared/contracts';
import { createCrmFixture, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';
import { PDF_RATE_LIMIT_DETAIL } from '../routes';

/*
 * A large quotation takes most of a second of CPU to draw. Drawn on the request thread, that second
 * held every other request: a health check waited behind each PDF being downloaded.
 */

let t: TestApp;
let f: CrmFixture;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const SCRIPTS = ['Implementation Łódź Ærøskøbing', 'Ελληνικά υπηρεσία', 'Кириллица услуга', '北京 上海 服务', 'שלום', 'مرحبا', 'Launch 🚀'];

/** 200 items in Latin, Greek, Cyrillic, Chinese, Hebrew, Arabic and emoji; `n` makes each quotation its own. */
const largeItems = (n: number) =>
  Array.from({ length: 200 }, (_, i) => ({ description: `${SCRIPTS[i % SCRIPTS.length]} ${n}-${i + 1}`, quantity: 1 + (i % 5), rate: 10 + i }));

const withoutBidiControls = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

async function download(id: string, token = f.staff): Promise<Buffer> {
  const response = await fetch(`${base}/api/v1/quotations/${id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the health check answers in under 100 ms while eight large PDFs are drawn, and the PDFs read right', async () => {
  const quotations: Quotation[] = [];
  for (let n = 1; n <= 8; n++) quotations.push(await createQuotation(t, f.staff, f.demoTenantId, { title: `Large quotation ${n}`, items: largeItems(n) }));
  // The first PDF starts a worker; the figure is about drawing, so the pool is warm before it is measured.
  await download((await createQuotation(t, f.staff, f.demoTenantId)).id);

  let drawing = true;
  const downloads = Promise.all(quotations.map((q) => download(q.id))).finally(() => (drawing = false));
  const probes: number[] = [];
  while (drawing) {
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/health`);
    await response.arrayBuffer();
    // Every probe sent while drawing counts, the one still waiting when the drawings end included.
    probes.push(performance.now() - started);
    await pause(10);
  }
  const pdfs = await downloads;

  const sorted = [...probes].sort((a, b) => a - b);
  const figures = { probes: probes.length, median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
  // Many probes: the eight drawings took a while, and the server answered all along.
  expect(figures.probes).toBeGreaterThanOrEqual(20);
  expect(figures.median).toBeLessThan(100);
  expect(figures.p90).toBeLessThan(100);

  pdfs.forEach((pdf, index) => {
    const text = withoutBidiControls(pdfText(pdf));
    const n = index + 1;
    expect(text).toContain(`Large quotation ${n}`);
    for (const i of [0, 1, 2, 3, 4, 5, 6, 199]) {
      const words = SCRIPTS[i % SCRIPTS.length];
      // pdftotext joins a right-to-left word to the number after it; left-to-right lines read as typed.
      const gap = /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(words) ? ' ?' : ' ';
      expect(text).toMatch(new RegExp(`${words}${gap}${n}-${i + 1}\\b`, 'u'));
    }
    expect(text).toContain(quotations[index].number);
  });
}, 120_000);

test('an unchanged quotation gives the same PDF again; a changed one is drawn anew with its change', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { title: 'Kept between downloads', items: largeItems(9) });
  const first = await download(q.id);
  // A drawing stamps its time to the second: a second drawing would differ from the first.
  await pause(1100);
  expect((await download(q.id)).equals(first)).toBe(true);

  const { tenant_id: _tenant, ...body } = {
    tenant_id: f.demoTenantId,
    title: 'Changed after the first download',
    items: largeItems(9),
    client_name: 'Acme Corp',
  };
  const put = await t.request({ method: 'PUT', url: `/api/v1/quotations/${q.id}`, token: f.staff, body });
  expect(put.statusCode).toBe(200);
  const changed = await download(q.id);
  expect(changed.equals(first)).toBe(false);
  expect(pdfText(changed)).toContain('Changed after the first download');
  expect(pdfText(changed)).not.toContain('Kept between downloads');
}, 60_000);

describe('staff PDF downloads are limited per user', () => {
  let limited: TestApp;
  let lf: CrmFixture;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { quotationPdfPerUser: { max: 3, windowMs: 60_000 } } });
    lf = await createCrmFixture(limited);
  });
  afterAll(() => limited.close());

  test('the fourth download in a minute answers 429 in plain words, and another user still downloads', async () => {
    const q = await createQuotation(limited, lf.staff, lf.demoTenantId);
    const get = (token: string) => limited.request({ url: `/api/v1/quotations/${q.id}/pdf`, token });
    for (let i = 0; i < 3; i++) expect((await get(lf.staff)).statusCode).toBe(200);
    const refused = await get(lf.staff);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: PDF_RATE_LIMIT_DETAIL });
    expect((await get(lf.admin)).statusCode).toBe(200);
  });
});

test('bad ids and other tenants’ quotations answer 4xx, never 500', async () => {
  const other = await createQuotation(t, f.outsider, f.otherTenantId);
  for (const id of ['not-a-uuid', '%00', 'a'.repeat(1_000_000), '123']) {
    const response = await t.request({ url: `/api/v1/quotations/${id}/pdf`, token: f.staff });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  }
  expect((await t.request({ url: `/api/v1/quotations/${other.id}/pdf`, token: f.staff })).statusCode).toBe(404);
});
