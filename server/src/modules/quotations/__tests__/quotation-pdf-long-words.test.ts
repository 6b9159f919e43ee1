import { createCrmFixture, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

/** 100 characters and no space: a word longer than any column of the PDF. */
const unbroken = (start: string) => (start + 'abcdefghijklmnopqrstuvwxyz'.repeat(4)).slice(0, 100);

describe('a quotation PDF with words longer than their column', () => {
  it('breaks the long words inside their column, every letter kept, with Qty, Rate and Amount on the item’s first line', async () => {
    const description = unbroken('Onboarding');
    const fields = { client_name: unbroken('Client'), client_address: unbroken('Address'), company_name: unbroken('Company'), terms: unbroken('Terms') };
    const q = await createQuotation(t, f.staff, f.demoTenantId, { ...fields, items: [{ description, quantity: 3, rate: 1026 }] });
    const response = await t.request({ url: `/api/v1/quotations/${q.id}/pdf`, token: f.staff });
    expect(response.statusCode).toBe(200);
    const lines = pdfText(response.rawPayload).split('\n');

    // The page is about 80 columns of text wide in pdftotext's layout: no line runs past the paper.
    const widest = Math.max(...lines.map((line) => line.trimEnd().length));
    expect(widest).toBeLessThanOrEqual(110);

    // The description's pieces, read in order, are the description; its first line also holds the figures.
    const first = lines.findIndex((line) => line.includes('Onboarding'));
    expect(first).toBeGreaterThan(-1);
    expect(lines[first]).toMatch(/Onboarding\S*\s+3\s+\$1,026\.00\s+\$3,078\.00\s*$/);
    const pieces: string[] = [];
    for (let index = first; pieces.join('').length < description.length && index < lines.length; index += 1) {
      pieces.push(lines[index]!.trim().split(/\s+/)[0]!);
    }
    expect(pieces.join('')).toBe(description);
    expect(pieces.length).toBeGreaterThan(1);

    // The terms run the page's width: broken into lines, every letter kept.
    expect(lines.join('').replace(/\s+/g, '')).toContain(fields.terms);
  });
});
