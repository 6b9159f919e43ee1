import {
  bulkProspectsResponseSchema,
  importListResponseSchema,
  refusedRowsResponseSchema,
  revertImportResponseSchema,
  warnedRowsResponseSchema,
  type BulkProspectsResponse,
  type ProspectImport,
} from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

let fixture: StatusFixture;
let t: StatusFixture['t'];
let f: StatusFixture['f'];
beforeAll(async () => {
  fixture = await createStatusFixture();
  ({ t, f } = fixture);
});
afterAll(() => t.close());

let phone = 5000;
/** Rows with phones no other test uses. */
const rows = (count: number, name: string) =>
  Array.from({ length: count }, (_, index) => ({ Name: `${name} ${index + 1}`, Phone1: `+33 1 40 00 ${(phone += 1)}`, City: 'Lyon' }));

const bulk = (body: Record<string, unknown>, token = f.staff) => t.request({ method: 'POST', url: '/api/v1/crm/prospects/bulk', token, body });
async function upload(prospects: unknown[], extra: Record<string, unknown> = {}, tenantId = f.demoTenantId, token = f.staff): Promise<BulkProspectsResponse> {
  return bulkProspectsResponseSchema.parse(expectStatus(await bulk({ tenant_id: tenantId, prospects, ...extra }, token), 200));
}
const listImports = async (tenantId = f.demoTenantId, token = f.staff) =>
  importListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/imports?tenant_id=${tenantId}`, token }), 200)).imports;
const findImport = async (id: string): Promise<ProspectImport | undefined> => (await listImports()).find((entry) => entry.id === id);
const revert = (id: string, token = f.staff) => t.request({ method: 'POST', url: `/api/v1/crm/imports/${id}/revert`, token });
const refused = (id: string, token = f.staff) => t.request({ url: `/api/v1/crm/imports/${id}/refused-rows`, token });
const warned = (id: string, token = f.staff) => t.request({ url: `/api/v1/crm/imports/${id}/warnings`, token });
const search = async (q: string) =>
  expectStatus<{ prospects: { id: string; name: string }[]; pagination: { total: number } }>(
    await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&limit=100&q=${encodeURIComponent(q)}`, token: f.staff }),
    200,
  );
const listTotal = async () =>
  expectStatus<{ pagination: { total: number } }>(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}`, token: f.staff }), 200).pagination
    .total;

test('an upload in two slices is one import: file, who, when, rows created and refused, refused rows numbered in the file', async () => {
  const first = await upload([...rows(2, 'Slice A'), { Name: 'No phone' }], { file_name: 'clients.csv' });
  const second = await upload([{ Name: '', Phone1: '+1 555 010 0001' }, ...rows(1, 'Slice B')], { import_id: first.import_id });
  expect(second.import_id).toBe(first.import_id);
  // Within one request rows are numbered from 1, as the dialog adds its own offset.
  expect(second.errors).toEqual([{ row: 1, detail: 'Company name is required' }]);

  const entry = await findImport(first.import_id);
  expect(entry).toMatchObject({ file_name: 'clients.csv', created_by: 'Demo Staff', rows_created: 3, rows_refused: 2, reverted_at: null });
  expect(Date.now() - Date.parse(entry!.created_at)).toBeLessThan(60_000);

  const kept = refusedRowsResponseSchema.parse(expectStatus(await refused(first.import_id), 200));
  expect(kept.file_name).toBe('clients.csv');
  expect(kept.rows).toEqual([
    { row: 3, detail: 'Phone1 is required', data: { name: 'No phone' } },
    { row: 4, detail: 'Company name is required', data: { name: '', phone1: '+1 555 010 0001' } },
  ]);
  expect((await search('Slice B 1')).prospects).toHaveLength(1);
});

test('the rows saved with warnings are kept in the history, numbered in the file, with what they held, and downloadable', async () => {
  const first = await upload([...rows(1, 'Warned A'), { Name: 'Bad Email GmbH', Phone1: `+33 1 40 00 ${(phone += 1)}`, Email: 'bad-email.de' }], {
    file_name: 'warned.json',
  });
  expect(first.warnings).toEqual([{ row: 2, field: 'email', reason: 'left out: "bad-email.de" has no @, so it is not an address' }]);
  await upload([{ Name: 'Warned B', Phone1: `+33 1 40 00 ${(phone += 1)}`, description: 'N/A', 'Founding Date': '???' }], { import_id: first.import_id });

  expect(await findImport(first.import_id)).toMatchObject({ rows_created: 3, rows_refused: 0, rows_warned: 2 });
  const kept = warnedRowsResponseSchema.parse(expectStatus(await warned(first.import_id), 200));
  expect(kept.file_name).toBe('warned.json');
  expect(kept.rows).toEqual([
    {
      row: 2,
      data: expect.objectContaining({ name: 'Bad Email GmbH', email: 'bad-email.de' }),
      warnings: [{ field: 'email', reason: 'left out: "bad-email.de" has no @, so it is not an address' }],
    },
    {
      row: 3,
      data: expect.objectContaining({ name: 'Warned B', description: 'N/A', founding_date: '???' }),
      warnings: [
        { field: 'founding_date', reason: 'left out: "???" holds no year' },
        { field: 'description', reason: 'left out: "N/A" is a placeholder' },
      ],
    },
  ]);
});

test('an upload that names no file is recorded too, and the newest import is listed first', async () => {
  const answer = await upload(rows(1, 'Unnamed'));
  const [newest] = await listImports();
  expect(newest).toMatchObject({ id: answer.import_id, file_name: 'Untitled upload', rows_created: 1 });
});

test('revert removes exactly the prospects nobody worked, keeps the worked ones, and the list shows it reverted', async () => {
  const answer = await upload(rows(7, 'Revert me'), { file_name: 'revert.xlsx' });
  const created = (await search('Revert me')).prospects;
  const byName = (name: string) => created.find((prospect) => prospect.name === name)!.id;
  const { statuses, stages } = fixture;
  // Worked: a status change, a call, a stage move, an edit, made a lead.
  expectStatus(await fixture.changeStatus({ prospect_id: byName('Revert me 1'), status_id: statuses['Call Back'].id, prospect_contacted: false }), 200);
  expectStatus(
    await fixture.changeStatus({ prospect_id: byName('Revert me 2'), status_id: statuses['No Answer'].id, prospect_contacted: true, goal_id: fixture.goal.id }),
    200,
  );
  const move = { prospect_id: byName('Revert me 3'), pipeline_stage_id: stages.Qualified.id };
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects/change-pipeline-stage', token: f.staff, body: move }), 200);
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${byName('Revert me 4')}`, token: f.staff, body: { city: 'Paris' } }), 200);
  expectStatus(await fixture.changeStatus({ prospect_id: byName('Revert me 5'), status_id: statuses.Interested.id, prospect_contacted: false }), 200);
  // Someone else deleted one by hand: neither removed nor kept.
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${byName('Revert me 6')}`, token: f.staff }), 200);
  const before = await listTotal();

  const reverted = revertImportResponseSchema.parse(expectStatus(await revert(answer.import_id), 200));
  expect({ removed: reverted.removed, kept: reverted.kept }).toEqual({ removed: 1, kept: 5 });
  expect(reverted.import).toMatchObject({ reverted_by: 'Demo Staff', revert_removed: 1, revert_kept: 5 });

  const left = (await search('Revert me')).prospects.map((prospect) => prospect.name).sort();
  // 5 became a lead and left the list; 7 was the one nobody touched.
  expect(left).toEqual(['Revert me 1', 'Revert me 2', 'Revert me 3', 'Revert me 4']);
  expect(await listTotal()).toBe(before - 1);
  const leads = expectStatus<{ leads: { name: string }[] }>(
    await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&q=Revert%20me`, token: f.staff }),
    200,
  );
  expect(leads.leads.map((lead) => lead.name)).toEqual(['Revert me 5']);
  expect((await findImport(answer.import_id))?.reverted_at).not.toBeNull();
});

test('reverting twice answers 409 and leaves the first revert as it was; a reverted import takes no more slices', async () => {
  const answer = await upload(rows(2, 'Twice'), { file_name: 'twice.csv' });
  expect(expectStatus<{ removed: number }>(await revert(answer.import_id), 200).removed).toBe(2);
  const again = await revert(answer.import_id);
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ detail: 'This import has already been reverted.' });
  expect(await findImport(answer.import_id)).toMatchObject({ revert_removed: 2, revert_kept: 0 });
  const late = await bulk({ tenant_id: f.demoTenantId, prospects: rows(1, 'Late'), import_id: answer.import_id });
  expect(late.statusCode).toBe(409);
  expect((await search('Late')).pagination.total).toBe(0);
});

test("another tenant's imports are neither listed, read, reverted nor added to", async () => {
  const mine = await upload(rows(1, 'Isolated'), { file_name: 'mine.csv' });
  const theirs = await upload(rows(1, 'Theirs'), { file_name: 'theirs.csv' }, f.otherTenantId, f.outsider);
  expect((await listImports(f.otherTenantId, f.outsider)).map((entry) => entry.file_name)).toEqual(['theirs.csv']);
  expect((await t.request({ url: `/api/v1/crm/imports?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
  expect((await revert(mine.import_id, f.outsider)).statusCode).toBe(404);
  expect((await refused(mine.import_id, f.outsider)).statusCode).toBe(404);
  expect((await warned(mine.import_id, f.outsider)).statusCode).toBe(404);
  expect((await warned(mine.import_id, f.outsider)).json()).toEqual({ detail: 'Import not found.' });
  // A slice naming another tenant's import is refused and saves nothing.
  const crossed = await bulk({ tenant_id: f.demoTenantId, prospects: rows(1, 'Crossed'), import_id: theirs.import_id });
  expect(crossed.statusCode).toBe(404);
  expect(crossed.json()).toEqual({ detail: 'Import not found.' });
  expect((await search('Crossed')).pagination.total).toBe(0);
  expect((await findImport(mine.import_id))?.reverted_at).toBeNull();
  // The admin works across tenants.
  expect((await revert(theirs.import_id, f.admin)).statusCode).toBe(200);
});

test('hostile input: bad ids, NUL and megabyte file names are 400s with a detail; a refused row keeps its text safely', async () => {
  for (const file_name of ['bad\u0000name.csv', 'x'.repeat(1_000_000), 42, '   ']) {
    const answer = await bulk({ tenant_id: f.demoTenantId, prospects: rows(1, 'Hostile'), file_name });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: expect.any(String) });
  }
  for (const import_id of ['not-a-uuid', 7, '00000000-0000-0000-0000-000000000000']) {
    const answer = await bulk({ tenant_id: f.demoTenantId, prospects: rows(1, 'Hostile'), import_id });
    expect([400, 404]).toContain(answer.statusCode);
    expect(answer.json()).toEqual({ detail: expect.any(String) });
  }
  expect((await revert('not-a-uuid')).statusCode).toBe(400);
  expect((await revert('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  expect((await refused('%00')).statusCode).toBe(400);
  expect((await warned('%00')).statusCode).toBe(400);
  expect((await warned('not-a-uuid')).statusCode).toBe(400);
  expect((await warned('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  expect((await search('Hostile')).pagination.total).toBe(0);

  const answer = await upload(
    [
      { Name: 'Nul\u0000Co', Phone1: '+1 555 777 0001' },
      { Name: 'y'.repeat(400_000), Phone1: '+1 555 777 0002' },
    ],
    { file_name: 'hostile.json' },
  );
  expect(answer.total_errors).toBe(2);
  const kept = refusedRowsResponseSchema.parse(expectStatus(await refused(answer.import_id), 200)).rows;
  expect(kept[0].data.name).toBe('NulCo');
  expect(kept[1].data.name.length).toBeLessThanOrEqual(5000);
});
