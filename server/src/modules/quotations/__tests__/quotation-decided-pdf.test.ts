import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/raw-sql';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'quotation-profiles', '__tests__', 'fixtures', name));
const PNG = fixture('logo.png');
const JPEG = fixture('logo.jpg');

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

/** The tenant's quotation profile, as an admin saves it on the tenant form. */
async function setProfile(companyName: string, logo: Buffer) {
  const body = { company_name: companyName, company_address: '', company_phone: '', company_email: '', company_website: '', tax_rate: 8.25, terms: '' };
  expectStatus(
    await t.request({
      method: 'PUT',
      url: `/api/v1/crm/tenants/${f.demoTenantId}/quotation-profile`,
      token: f.admin,
      body: { ...body, logo: logo.toString('base64') },
    }),
    200,
  );
}

/** Which of the two logos a PDF carries: pdfkit embeds a JPEG as it is (DCTDecode), a PNG as its pixels. */
function logoIn(pdf: Buffer): 'jpeg' | 'png' | 'none' {
  const text = pdf.toString('latin1');
  if (text.includes('/DCTDecode')) return 'jpeg';
  return text.includes('/Subtype /Image') ? 'png' : 'none';
}

async function staffPdf(id: string): Promise<Buffer> {
  const response = await t.request({ url: `/api/v1/quotations/${id}/pdf`, token: f.staff });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function clientPdf(token: string): Promise<Buffer> {
  const response = await t.request({ url: `/api/v1/public/quotations/${token}/pdf` });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** A quotation made from the profile (the builder copies its company name in), sent, and its link's token. */
async function sentQuotation(companyName: string) {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { company_name: companyName, valid_until: '2099-01-01' });
  const sent = expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff }), 200);
  return { q, token: sent.share_url.split('/q/')[1] };
}

const DECISIONS = [
  ['accepted', '/accept', { name: 'Jane Buyer' }, 'Accepted by Jane Buyer'],
  ['rejected', '/reject', { reason: 'Over budget' }, 'Reason: Over budget'],
] as const;

test.each(DECISIONS)(
  'a quotation %s keeps the PDF of its decision: a new company name and logo in the profile leave it as it was',
  async (_status, action, body, said) => {
    await setProfile('Orbitra Ltd', PNG);
    const { q, token } = await sentQuotation('Orbitra Ltd');
    expectStatus(await t.request({ method: 'POST', url: `/api/v1/public/quotations/${token}${action}`, body, csrf: true }), 200);

    const decided = await staffPdf(q.id);
    expect(logoIn(decided)).toBe('png');
    expect(pdfText(decided)).toContain('Orbitra Ltd');
    expect(pdfText(decided)).toContain(said);
    // The client's link serves the very same file.
    expect((await clientPdf(token)).equals(decided)).toBe(true);

    await setProfile('Renamed Company', JPEG);
    for (const later of [await staffPdf(q.id), await clientPdf(token)]) {
      expect(later.equals(decided)).toBe(true);
      expect(logoIn(later)).toBe('png');
      expect(pdfText(later)).toContain('Orbitra Ltd');
      expect(pdfText(later)).not.toContain('Renamed Company');
    }
    // A quotation not yet decided prints the new logo meanwhile.
    expect(logoIn(await staffPdf((await createQuotation(t, f.staff, f.demoTenantId)).id))).toBe('jpeg');

    // Deleting the quotation deletes its kept PDF.
    expect((await t.request({ method: 'DELETE', url: `/api/v1/quotations/${q.id}`, token: f.staff })).statusCode).toBe(204);
    const left = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from quotation_documents where quotation_id = ${q.id}`));
    expect(left).toEqual([{ n: 0 }]);
  },
);

test("a draft and a sent quotation print the profile's current logo; their company fields are their own", async () => {
  await setProfile('Orbitra Ltd', PNG);
  const draft = await createQuotation(t, f.staff, f.demoTenantId, { company_name: 'Orbitra Ltd' });
  const { q: sent, token } = await sentQuotation('Orbitra Ltd');
  for (const pdf of [await staffPdf(draft.id), await staffPdf(sent.id), await clientPdf(token)]) expect(logoIn(pdf)).toBe('png');

  await setProfile('Renamed Company', JPEG);
  for (const pdf of [await staffPdf(draft.id), await staffPdf(sent.id), await clientPdf(token)]) {
    expect(logoIn(pdf)).toBe('jpeg');
    // The builder copied the profile's name into the quotation when it was made; editing it changes it.
    expect(pdfText(pdf)).toContain('Orbitra Ltd');
  }
});

test('a quotation decided before PDFs were kept keeps the PDF of its first download', async () => {
  await setProfile('Orbitra Ltd', PNG);
  const { q, token } = await sentQuotation('Orbitra Ltd');
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/public/quotations/${token}/accept`, body: { name: 'Early Buyer' }, csrf: true }), 200);
  // As a quotation decided before this version: nothing kept.
  await t.db.execute(sql`delete from quotation_documents where quotation_id = ${q.id}`);

  const first = await clientPdf(token);
  expect(logoIn(first)).toBe('png');
  await setProfile('Orbitra Ltd', JPEG);
  expect((await staffPdf(q.id)).equals(first)).toBe(true);
  expect((await clientPdf(token)).equals(first)).toBe(true);
});
