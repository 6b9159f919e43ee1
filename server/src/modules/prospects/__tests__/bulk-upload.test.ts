import { z } from 'zod';
import {
  MAX_BULK_ROWS,
  bulkProspectsResponseSchema,
  prospectUploadRowSchema,
  type BulkProspectsResponse,
  type Prospect,
  type ProspectListResponse,
} from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { EARLIER_ROW_DETAIL } from '@app/shared/crm/prospect-upload';
import { checkUploadRows } from '../bulk-upload';
import { CHECK_SLICE_ROWS } from '../upload-checker';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const upload = (prospects: unknown, token = f.staff, tenantId = f.demoTenantId) =>
  t.request({ method: 'POST', url: '/api/v1/crm/prospects/bulk', token, body: { tenant_id: tenantId, prospects } });

async function uploadOk(prospects: unknown[], tenantId = f.demoTenantId, token = f.staff): Promise<BulkProspectsResponse> {
  return bulkProspectsResponseSchema.parse(expectStatus(await upload(prospects, token, tenantId), 200));
}

async function search(q: string, tenantId = f.demoTenantId, token = f.staff): Promise<ProspectListResponse> {
  return expectStatus(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenantId}&limit=100&q=${encodeURIComponent(q)}`, token }), 200);
}

const total = async (tenantId = f.demoTenantId, token = f.staff) =>
  expectStatus<{ total_prospects: number }>(await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${tenantId}`, token }), 200).total_prospects;

test('applies the upload normalisation of the browser on the server too', async () => {
  const answer = await uploadOk([
    {
      name: '  Norm Co ',
      phone1: ' +1 555 000 0001 ',
      email: '[email protected]',
      industry: 'x'.repeat(120),
      founding_date: 'Established in 1999, family owned',
      description: 'N/A',
      city: '   ',
      website: 'https://norm.example.com',
    },
    // The file's capitalised keys are accepted as well.
    { Name: 'Caps Co', Phone1: '+1 555 000 0002', Email: 'caps@example.com', 'Founding Date': '2015-06-01', Industry: '["Retail","Food"]' },
  ]);
  expect(answer).toMatchObject({ total_created: 2, total_errors: 0, errors: [] });
  const [norm] = (await search('norm co')).prospects;
  expect(norm).toMatchObject({
    name: 'Norm Co',
    phone1: '+1 555 000 0001',
    email: null,
    founding_date: '1999',
    description: null,
    city: null,
    status_name: 'New',
  });
  expect(norm.industry).toBe(`${'x'.repeat(97)}...`);
  const [caps] = (await search('caps co')).prospects;
  expect(caps).toMatchObject({ email: 'caps@example.com', founding_date: '2015', industry: 'Retail, Food' });
});

test('reports bad rows by number (from 1, within the request) and inserts only the valid ones', async () => {
  const before = await total();
  const answer = await uploadOk([
    { name: 'Valid One', phone1: '+1 555 010 0001' },
    { name: '', phone1: '' },
    { name: 'No Phone' },
    'not an object',
    { name: 'Long', phone1: '+1 555 010 0004', website: 'w'.repeat(501) },
    { name: 'Valid Two', phone1: '+1 555 010 0005' },
  ]);
  expect(answer.total_created).toBe(2);
  expect(answer.total_errors).toBe(4);
  expect(answer.errors).toEqual([
    { row: 2, detail: 'Company name is required; Phone1 is required' },
    { row: 3, detail: 'Phone1 is required' },
    { row: 4, detail: 'must be an object with Name and Phone1' },
    { row: 5, detail: 'website: must be at most 500 characters' },
  ]);
  expect(await total()).toBe(before + 2);
  expect((await search('no phone')).pagination.total).toBe(0);
});

test('what the clean-up drops is a warning beside the row errors, naming the row, the field and why; the row is still saved', async () => {
  const answer = await uploadOk([
    { Name: 'Clean Warn Co', Phone1: '+1 555 020 0001', Email: 'ok@clean-warn.example' },
    { Name: 'Bad Email GmbH', Phone1: '+1 555 020 0002', Email: 'info.bad-email.de', description: 'n/a' },
    { Name: 'Placeholder Co', Phone1: '+1 555 020 0003', Email: '[email protected]', 'Founding Date': 'long ago' },
    // A row refused for another reason carries no warnings: all it held goes to the refused rows.
    { Name: '', Phone1: '+1 555 020 0004', Email: 'nope' },
  ]);
  expect(answer).toMatchObject({ total_created: 3, total_errors: 1, total_warned: 2 });
  expect(answer.errors).toEqual([{ row: 4, detail: 'Company name is required' }]);
  expect(answer.warnings).toEqual([
    { row: 2, field: 'email', reason: 'left out: "info.bad-email.de" has no @, so it is not an address' },
    { row: 2, field: 'description', reason: 'left out: "n/a" is a placeholder' },
    { row: 3, field: 'email', reason: 'left out: "[email protected]" is a placeholder, not an address' },
    { row: 3, field: 'founding_date', reason: 'left out: "long ago" holds no year' },
  ]);
  const [saved] = (await search('Bad Email GmbH')).prospects;
  expect(saved).toMatchObject({ email: null, description: null });
});

test('every field is matched however its key is written, and a key that names no field is a warning, never dropped silently', async () => {
  const answer = await uploadOk([
    { Name: 'Desc Key Co', Phone1: '+1 646 555 3131', Description: 'Important notes', Emial: 'typo@example.com', 'Phone 2': '+1 646 555 3132' },
  ]);
  expect(answer).toMatchObject({ total_created: 1, total_errors: 0, total_warned: 1 });
  expect(answer.warnings).toEqual([{ row: 1, field: 'Emial', reason: 'left out: not a field of a prospect ("typo@example.com")' }]);
  expect((await search('Desc Key Co')).prospects[0]).toMatchObject({ description: 'Important notes', phone2: '+1 646 555 3132', email: null });
  const imports = expectStatus<{ imports: Array<{ id: string }> }>(
    await t.request({ url: `/api/v1/crm/imports?tenant_id=${f.demoTenantId}`, token: f.staff }),
    200,
  );
  expect(imports.imports[0]!.id).toBe(answer.import_id);
  const warned = expectStatus<{ rows: unknown[] }>(await t.request({ url: `/api/v1/crm/imports/${answer.import_id}/warnings`, token: f.staff }), 200);
  expect(warned.rows).toEqual([
    expect.objectContaining({ row: 1, warnings: [{ field: 'Emial', reason: 'left out: not a field of a prospect ("typo@example.com")' }] }),
  ]);
});

test('a value the clean-up keeps and the contract refuses is a row error with its reason; the other rows are saved', async () => {
  const answer = await uploadOk([
    { Name: 'Refused Address Co', Phone1: '+1 555 030 0001', Email: 'sales@nowhere' },
    { Name: 'Object City Co', Phone1: '+1 555 030 0002', City: { name: 'Paris' } },
    { Name: 'Nul Email Co', Phone1: '+1 555 030 0003', Email: 'a\u0000@b.co' },
    { Name: 'Fine Co', Phone1: '5550300004', Employees: '12', Industry: ['Retail', 'Food'] },
    // A number, true or a list is not text: JSON drops a phone's + and leading 0, and a list of cities is no city.
    { Name: 'Number Phone Co', Phone1: 5550300005 },
    { Name: 'List Phone Co', Phone1: ['+49 30 9000009'] },
    { Name: 12345, Phone1: '+1 555 030 0007' },
    { Name: 'Bool City Co', Phone1: '+1 555 030 0008', City: true },
    { Name: 'Two Cities Co', Phone1: '+1 555 030 0009', City: ['Berlin', 'Hamburg'] },
  ]);
  expect(answer.errors).toEqual([
    { row: 1, detail: 'email: must be a valid email address' },
    { row: 2, detail: 'city: must be text' },
    { row: 3, detail: expect.stringMatching(/^Email: /) },
    { row: 5, detail: 'phone1: must be text' },
    { row: 6, detail: 'phone1: must be text' },
    { row: 7, detail: 'name: must be text' },
    { row: 8, detail: 'city: must be text' },
    { row: 9, detail: 'city: must be text' },
  ]);
  expect(answer).toMatchObject({ total_created: 1, total_errors: 8, total_warned: 0, warnings: [] });
  expect((await search('Refused Address Co')).pagination.total).toBe(0);
  expect((await search('Cities Co')).pagination.total).toBe(0);
  expect((await search('Bool City Co')).pagination.total).toBe(0);
  expect((await search('Fine Co')).prospects[0]).toMatchObject({ phone1: '5550300004', employees: '12', industry: 'Retail, Food' });
  // The refused rows keep what such a value held, to be fixed and sent again.
  const refused = expectStatus<{ rows: Array<{ row: number; data: Record<string, string> }> }>(
    await t.request({ url: `/api/v1/crm/imports/${answer.import_id}/refused-rows`, token: f.staff }),
    200,
  );
  expect(refused.rows.find((row) => row.row === 9)?.data).toMatchObject({ name: 'Two Cities Co', city: '["Berlin","Hamburg"]' });
  expect(refused.rows.find((row) => row.row === 7)?.data).toMatchObject({ name: '12345' });
});

test('the rows are checked by the contract given, so a rule added to it refuses rows with its own reason', () => {
  const strict = prospectUploadRowSchema.extend({ phone1: z.string().regex(/^\+\d+$/, 'phone1: must be an international number') });
  const { errors, candidates } = checkUploadRows(
    [
      { Name: 'Plus Co', Phone1: '+15550500001' },
      { Name: 'Local Co', Phone1: '(555) 050-0002' },
    ],
    'US',
    strict,
  );
  expect(errors).toEqual([{ row: 2, detail: 'phone1: must be an international number' }]);
  expect(candidates.map((candidate) => candidate.row)).toEqual([1]);
});

test('a megabyte value the clean-up drops is a warning that quotes only its start', async () => {
  const answer = await uploadOk([{ Name: 'Huge Email Co', Phone1: '+1 555 040 0001', Email: 'e'.repeat(1_000_000) }]);
  expect(answer.total_created).toBe(1);
  expect(answer.warnings).toHaveLength(1);
  expect(answer.warnings[0]!.reason.length).toBeLessThan(120);
});

test("a phone that is the number (E.164) of an earlier row or an existing prospect of the tenant is a 'duplicate of ...' error", async () => {
  await uploadOk([
    { name: 'Original', phone1: '+44 20 7000 0001' },
    { name: 'Written nationally', phone1: '(555) 101-1102' },
  ]);
  const answer = await uploadOk([
    { name: 'Same number', phone1: '+44 (20) 7000-0001' },
    { name: 'Fresh', phone1: '+44 20 7000 0002' },
    { name: 'Fresh again', phone1: '+4420 7000 0002' },
    // The demo tenant's country is the US: its national form and the international one are one number.
    { name: 'Same US number', phone1: '+1 555-101-1102' },
  ]);
  expect(answer).toMatchObject({
    total_created: 1,
    total_errors: 3,
    errors: [
      { row: 1, detail: 'duplicate of existing prospect "Original" (same Phone1)' },
      { row: 3, detail: 'duplicate of an earlier row of this upload (same Phone1)' },
      { row: 4, detail: 'duplicate of existing prospect "Written nationally" (same Phone1)' },
    ],
  });
  // Another tenant may hold the same numbers.
  expect((await uploadOk([{ name: 'Theirs', phone1: '+44 20 7000 0001' }], f.otherTenantId, f.outsider)).total_created).toBe(1);
});

test('prospects that left the list (converted or removed) still count as duplicates', async () => {
  await uploadOk([{ name: 'Do not call me', phone1: '+1 555 404 0404' }]);
  const [prospect] = (await search('do not call me')).prospects as Prospect[];
  const statuses = expectStatus<Array<{ id: string; name: string }>>(
    await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.staff }),
    200,
  );
  const dnc = statuses.find((s) => s.name === 'Do Not Call')!;
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-status',
      token: f.staff,
      body: { prospect_id: prospect.id, status_id: dnc.id, prospect_contacted: false },
    }),
    200,
  );
  const answer = await uploadOk([{ name: 'Do not call me', phone1: '15554040404' }]);
  expect(answer.total_created).toBe(0);
  expect(answer.errors[0].detail).toMatch(/^duplicate of existing prospect/);
});

test('an empty list creates nothing; a body without an array is 400', async () => {
  expect(await uploadOk([])).toMatchObject({ total_created: 0, total_errors: 0, errors: [] });
  const bad = await upload('rows');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().detail).toMatch(/^prospects: /);
});

test(`more than ${MAX_BULK_ROWS} rows is 413 with a detail, and nothing is inserted`, async () => {
  const before = await total();
  const rows = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => ({ name: `Big ${i}`, phone1: String(9_000_000 + i) }));
  const response = await upload(rows);
  expect(response.statusCode).toBe(413);
  expect(response.json().detail).toMatch(/at most 50000/);
  expect(await total()).toBe(before);
});

test('a value nested thousands of levels deep is a 400 naming its row, never a 500, and nothing is inserted', async () => {
  const before = await total();
  // Written as text: an object this deep is more than JSON.stringify itself can write.
  const deep = `${'['.repeat(5000)}"bottom"${']'.repeat(5000)}`;
  const rows = `[{"name":"Deep Good Co","phone1":"+1 505 559 4001"},{"name":"Deep Co","phone1":"+1 505 559 4000","X":${deep}}]`;
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/bulk',
    token: f.staff,
    headers: { 'content-type': 'application/json' },
    body: `{"tenant_id":"${f.demoTenantId}","prospects":${rows}}`,
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().detail).toMatch(/^Row 2: holds lists or objects nested more than 16 levels deep/);
  expect(await total()).toBe(before);
});

test('a user of another tenant cannot upload into the demo tenant (403, nothing inserted)', async () => {
  const before = await total();
  const response = await upload([{ name: 'Planted', phone1: '+1 555 666 0000' }], f.outsider);
  expect(response.statusCode).toBe(403);
  expect(await total()).toBe(before);
  expect((await search('planted')).pagination.total).toBe(0);
  expect((await t.request({ method: 'POST', url: '/api/v1/crm/prospects/bulk', body: { tenant_id: f.demoTenantId, prospects: [] } })).statusCode).toBe(401);
});

test('a body over the configured bulk limit is 413 with the limit in the detail', async () => {
  const small = await createTestApp({ config: { bulkBodyLimitBytes: 2000 } });
  try {
    const token = await small.loginStaff();
    const rows = Array.from({ length: 50 }, (_, i) => ({ name: `Row ${i}`, phone1: `+1 555 123 ${i}` }));
    const response = await small.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/bulk',
      token,
      body: { tenant_id: small.seed!.tenantId, prospects: rows },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large (limit 2000 bytes).' });
    // Other routes keep the general limit.
    const single = await small.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token,
      body: { tenant_id: small.seed!.tenantId, name: 'x'.repeat(250), phone1: '+1 555 010 0099' },
    });
    expect(single.statusCode).toBe(201);
  } finally {
    await small.close();
  }
});

test('a request longer than one slice of checking: a phone repeated in a later slice is the earlier row’s duplicate, bad rows keep their numbers, and every other row is saved', async () => {
  const rows = Array.from({ length: CHECK_SLICE_ROWS + 10 }, (_, i) => ({ Name: `Sliced Co ${i + 1}`, Phone1: `+1 555 070 ${String(i).padStart(4, '0')}` }));
  // Row CHECK_SLICE_ROWS + 3 (in the second slice) repeats row 2 (in the first); the last row has no name.
  rows[CHECK_SLICE_ROWS + 2] = { Name: 'Repeat Co', Phone1: rows[1].Phone1 };
  rows[rows.length - 1] = { Name: '', Phone1: '+1 555 079 9999' };
  const answer = await uploadOk(rows);
  expect(answer.errors).toEqual([
    { row: CHECK_SLICE_ROWS + 3, detail: EARLIER_ROW_DETAIL },
    { row: rows.length, detail: 'Company name is required' },
  ]);
  expect(answer).toMatchObject({ total_created: rows.length - 2, total_errors: 2 });
  expect((await search('Sliced Co')).pagination.total).toBe(rows.length - 2);
  expect((await search('Repeat Co')).pagination.total).toBe(0);
}, 60_000);
