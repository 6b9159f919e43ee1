import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  QUOTATION_LOGO_NOT_IMAGE,
  QUOTATION_LOGO_PIXEL_BUDGET_BYTES,
  QUOTATION_LOGO_TOO_MANY_PIXELS,
  quotationProfileSchema,
  quotationSchema,
} from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';

const PNG = fs.readFileSync(path.join(__dirname, 'fixtures', 'logo.png'));
const JPEG = fs.readFileSync(path.join(__dirname, 'fixtures', 'logo.jpg'));

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const url = (tenantId: string) => `/api/v1/crm/tenants/${tenantId}/quotation-profile`;
const PROFILE = {
  company_name: 'Orbitra Ltd',
  company_address: '1 Harbour Street, Lisbon',
  company_phone: '+351 555 0199',
  company_email: 'sales@orbitra.example.com',
  company_website: 'https://orbitra.example.com',
  tax_rate: 23,
  terms: 'Payment within 15 days.',
};
const put = (tenantId: string, body: unknown, token = f.admin) => t.request({ method: 'PUT', url: url(tenantId), token, body });

test('a tenant without a profile answers the blank one with the default tax rate', async () => {
  const profile = quotationProfileSchema.parse(expectStatus(await t.request({ url: url(f.otherTenantId), token: f.admin }), 200));
  expect(profile).toMatchObject({ company_name: '', tax_rate: 8.25, terms: '', logo: null, updated_at: null });
});

test('an admin saves the profile with a PNG logo; members read it back; the logo is kept until replaced or removed', async () => {
  const saved = quotationProfileSchema.parse(expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: PNG.toString('base64') }), 200));
  expect(saved).toMatchObject({ ...PROFILE, logo_type: 'image/png' });
  const read = quotationProfileSchema.parse(expectStatus(await t.request({ url: url(f.demoTenantId), token: f.staff }), 200));
  expect(read).toMatchObject({ ...PROFILE, logo: PNG.toString('base64'), logo_type: 'image/png' });

  // Left out: kept. A JPEG replaces it. Null removes it.
  expect(expectStatus(await put(f.demoTenantId, { ...PROFILE, company_name: 'Orbitra Group' }), 200)).toMatchObject({
    company_name: 'Orbitra Group',
    logo_type: 'image/png',
  });
  expect(expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: JPEG.toString('base64') }), 200)).toMatchObject({ logo_type: 'image/jpeg' });
  expect(expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: null }), 200)).toMatchObject({ logo: null, logo_type: null });
});

test('a logo is checked by its bytes and its size', async () => {
  const bad = async (logo: string, detail: string) => {
    const response = await put(f.demoTenantId, { ...PROFILE, logo });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(detail);
  };
  // A text file, and an executable renamed: not images whatever they are called.
  await bad(Buffer.from('just some text, not a picture').toString('base64'), 'logo: must be a PNG or JPEG image.');
  await bad(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]).toString('base64'), 'logo: must be a PNG or JPEG image.');
  // A PNG signature in front of garbage: its chunks are not a PNG.
  await bad(Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(100, 7)]).toString('base64'), 'logo: must be a PNG or JPEG image.');
  // A truncated JPEG.
  await bad(JPEG.subarray(0, JPEG.length - 40).toString('base64'), 'logo: must be a PNG or JPEG image.');
  // Over 200 KB, though a real PNG start.
  await bad(Buffer.concat([PNG, Buffer.alloc(205 * 1024)]).toString('base64'), 'logo: must be at most 200 KB.');
  await bad('not base64 at all!', 'logo: must be a base64 text');
  const wrongType = await put(f.demoTenantId, { ...PROFILE, logo: 42 });
  expect(wrongType.statusCode).toBe(400);
  // Nothing of a refused request was kept.
  expect(expectStatus(await t.request({ url: url(f.demoTenantId), token: f.admin }), 200)).toMatchObject({ logo: null });
});

/** The logo's PNG with its pixel data replaced by bytes that do not inflate: its header and chunks still look right. */
function withBrokenPixels(png: Buffer): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
  };
  const header = png.subarray(0, 8 + 8 + 13 + 4);
  return Buffer.concat([header, chunk('IDAT', Buffer.from('these are not compressed pixels')), chunk('IEND', Buffer.alloc(0))]);
}

test('a PNG with transparency whose pixels do not decode is refused; one stored before leaves the PDF without a logo and the server up', async () => {
  const broken = withBrokenPixels(PNG);
  // RGBA, the colour type whose pixels pdfkit decodes after doc.image has returned.
  expect(broken[25]).toBe(6);
  const refused = await put(f.demoTenantId, { ...PROFILE, logo: broken.toString('base64') });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().detail).toBe('logo: must be a PNG or JPEG image.');

  expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: null }), 200);
  await t.db.execute(
    sql`update tenant_quotation_profiles set logo_base64 = ${broken.toString('base64')}, logo_type = 'image/png' where tenant_id = ${f.demoTenantId}`,
  );
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const response = await t.request({ url: `/api/v1/quotations/${q.id}/pdf`, token: f.staff });
  expect(response.statusCode).toBe(200);
  expect(response.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  expect(pdfText(response.rawPayload)).toContain(q.number);
  // A failure would come after the answer, from a callback: the server still answers a moment later.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff })).statusCode).toBe(200);
  expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: null }), 200);
});

/** A flat image made by sharp: width × height, 3 or 4 channels, 8 or 16 bits a sample. */
const flat = (width: number, height: number, channels: 3 | 4, format: 'png' | 'png16' | 'jpeg') => {
  const image = sharp({ create: { width, height, channels, background: { r: 20, g: 40, b: 90, alpha: 0.5 } } });
  if (format === 'jpeg') return image.jpeg({ quality: 60 }).toBuffer();
  return (format === 'png16' ? image.toColourspace(channels === 4 ? 'rgba16' : 'rgb16') : image).png({ compressionLevel: 9 }).toBuffer();
};

test('a logo over the pixel budget (width × height × bytes per pixel) is refused from its header, before a pixel is decoded; one within it is taken', async () => {
  expect(QUOTATION_LOGO_PIXEL_BUDGET_BYTES).toBe(8 * 1024 * 1024);
  // 10,000 × 2,000 pixels of 16-bit RGB: 120 MB decoded, from a file of little over 100 KB.
  const huge = await flat(10_000, 2_000, 3, 'png16');
  expect(huge.length).toBeLessThan(200 * 1024);
  const tooMany = async (logo: Buffer) => {
    const response = await put(f.demoTenantId, { ...PROFILE, logo: logo.toString('base64') });
    return [response.statusCode, response.json().detail];
  };
  expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: null }), 200);
  expect(await tooMany(huge)).toEqual([400, QUOTATION_LOGO_TOO_MANY_PIXELS]);
  // The header alone decides: the same header over pixels that do not even inflate gets the same answer.
  expect(await tooMany(withBrokenPixels(huge))).toEqual([400, QUOTATION_LOGO_TOO_MANY_PIXELS]);
  // 2,049 × 1,024 with transparency is one column over; a JPEG counts its channels too (3,000 × 1,000 × 3).
  expect(await tooMany(await flat(2049, 1024, 4, 'png'))).toEqual([400, QUOTATION_LOGO_TOO_MANY_PIXELS]);
  expect(await tooMany(await flat(3000, 1000, 3, 'jpeg'))).toEqual([400, QUOTATION_LOGO_TOO_MANY_PIXELS]);
  expect(expectStatus(await t.request({ url: url(f.demoTenantId), token: f.admin }), 200)).toMatchObject({ logo: null });

  for (const fits of [await flat(2048, 1024, 4, 'png'), await flat(2000, 1000, 3, 'jpeg'), await flat(1024, 1024, 4, 'png16')]) {
    expect(expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: fits.toString('base64') }), 200)).toMatchObject({ logo: fits.toString('base64') });
  }
  // A broken image within the budget is still no image.
  expect(await tooMany(withBrokenPixels(await flat(200, 100, 4, 'png')))).toEqual([400, QUOTATION_LOGO_NOT_IMAGE]);
  expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: null }), 200);
});

test('a stored logo over the pixel budget is left out of its PDFs, which do not decode it', async () => {
  const huge = await flat(10_000, 2_000, 3, 'png16');
  await t.db.execute(
    sql`update tenant_quotation_profiles set logo_base64 = ${huge.toString('base64')}, logo_type = 'image/png' where tenant_id = ${f.demoTenantId}`,
  );
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const response = await t.request({ url: `/api/v1/quotations/${q.id}/pdf`, token: f.staff });
  expect(response.statusCode).toBe(200);
  expect(response.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  expect(pdfText(response.rawPayload)).toContain(q.number);
  expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: null }), 200);
});

test('bad text is refused with the field named', async () => {
  for (const [body, field] of [
    [{ ...PROFILE, company_name: 'Orbitra\u0000Ltd' }, ''],
    [{ ...PROFILE, company_email: 'not an email' }, 'company_email'],
    [{ ...PROFILE, tax_rate: 101 }, 'tax_rate'],
    [{ ...PROFILE, tax_rate: '8' }, 'tax_rate'],
    [{ ...PROFILE, company_name: 'x'.repeat(501) }, 'company_name'],
    [{ ...PROFILE, terms: 'y'.repeat(1_000_000) }, 'terms'],
  ] as const) {
    const response = await put(f.demoTenantId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(field);
  }
});

test('only admins write; another tenant, or one that does not exist, is not found', async () => {
  expect((await put(f.demoTenantId, PROFILE, f.staff)).statusCode).toBe(403);
  expect((await put(f.otherTenantId, PROFILE, f.outsider)).statusCode).toBe(403);
  expect((await t.request({ url: url(f.otherTenantId), token: f.staff })).statusCode).toBe(404);
  expect((await t.request({ url: url(f.demoTenantId), token: f.outsider })).statusCode).toBe(404);
  const missing = await put('00000000-0000-4000-8000-000000000000', PROFILE);
  expect(missing.statusCode).toBe(404);
  expect(missing.json().detail).toBe('Tenant not found.');
  expect((await t.request({ url: url('not-an-id'), token: f.staff })).statusCode).toBe(400);
  expect((await t.request({ url: url(f.demoTenantId) })).statusCode).toBe(401);
});

test("the tenant's logo is printed on its quotations' PDFs", async () => {
  const q = quotationSchema.parse(await createQuotation(t, f.staff, f.demoTenantId));
  const pdf = async () => (await t.request({ url: `/api/v1/quotations/${q.id}/pdf`, token: f.staff })).rawPayload;
  const images = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
  expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: null }), 200);
  expect(images(await pdf())).toBe(0);
  expectStatus(await put(f.demoTenantId, { ...PROFILE, logo: PNG.toString('base64') }), 200);
  const withLogo = await pdf();
  // The image, and its transparency as a second one.
  expect(images(withLogo)).toBeGreaterThan(0);
  expect(pdfText(withLogo)).toContain('QUOTATION');

  // The client's copy, read through the link with no signed-in user, has it too.
  const dated = quotationSchema.parse(await createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' }));
  const sent = expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${dated.id}/send`, token: f.staff }), 200);
  const clientCopy = await t.request({ url: `/api/v1/public/quotations/${sent.share_url.split('/q/')[1]}/pdf` });
  expect(clientCopy.statusCode).toBe(200);
  expect(images(clientCopy.rawPayload)).toBeGreaterThan(0);
});
