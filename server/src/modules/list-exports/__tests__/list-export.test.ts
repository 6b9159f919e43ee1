import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { leadListResponseSchema, leadSchema, type Lead } from '@app/shared/contracts';
import { unguardCsvCell } from '@app/shared/files/csv-text';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/*
 * The exports answer the list's rows for the same filter, as the caller may see them, in a file a
 * spreadsheet opens without running anything a record holds.
 */

let t: TestApp;
let f: CrmFixture;
let own: OwnerUser;
const FORMULA = '=HYPERLINK("http://evil.example","Export click")';

/** A CSV's rows as text cells (every cell quoted, CRLF lines), the byte order mark checked and dropped. */
function csvRows(body: Buffer): string[][] {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')));
}

const exportOf = (list: 'prospects' | 'leads', query: string, token: string, tenantId = f.demoTenantId) =>
  t.request({ url: `/api/v1/crm/${list}/export?tenant_id=${tenantId}&${query}`, token });

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  own = await ownerUser(t, f, { email: 'export-own@example.com', fullName: 'Ona Own', visibility: 'own' });
  const prospects = prospectRequests(t, f);
  // Staff's two, the own-records user's one (a formula for a name) and one in the other tenant, all matching "Export".
  await prospects.create({ name: 'Export Alpha', phone1: '+1 555 300 0001', email: 'alpha@example.com' });
  await prospects.create({ name: 'Export Beta', phone1: '+1 555 300 0002' });
  await prospects.create({ name: FORMULA, phone1: '+1 555 300 0003', email: 'export-own@example.com' }, f.demoTenantId, own.token);
  await prospects.create({ name: 'Export Elsewhere', phone1: '+1 555 300 0004' }, f.otherTenantId, f.outsider);
  for (const [name, value, token] of [
    ['Export Lead One', '1500.50', f.staff],
    ['Export Lead Two', null, f.staff],
    [`+SUM(1,2) Export Lead`, '20.00', own.token],
  ] as const) {
    leadSchema.parse(
      expectStatus(
        await t.request({
          method: 'POST',
          url: '/api/v1/crm/leads',
          token,
          body: {
            tenant_id: f.demoTenantId,
            name,
            phone1: `+1 555 301 ${String(Math.round(Math.random() * 8999) + 1000)}`,
            value,
            expected_close_date: '2026-03-31',
          },
        }),
        201,
      ),
    );
  }
});

afterAll(async () => {
  await t.close();
});

test('a CSV holds the rows the list shows for the same filter, with formulas neutralised, and the export is audited', async () => {
  const response = await exportOf('prospects', 'format=csv&q=export', f.staff);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="prospects-\d{4}-\d{2}-\d{2}\.csv"$/);
  const [header, ...rows] = csvRows(response.rawPayload);
  expect(header).toEqual(['Name', 'City', 'Industry', 'Status', 'Pipeline Stage', 'Phone', 'Email', 'Owner', 'Last contacted (UTC)', 'Added (UTC)']);
  const list = await prospectRequests(t, f).list('q=export&limit=100');
  expect(rows.map((row) => unguardCsvCell(row[0]!))).toEqual(list.prospects.map((prospect) => prospect.name));
  expect(rows.map((row) => row[0])).toContain(`'${FORMULA}`);
  // A phone starts with +, as a formula would: it is guarded too, and reads back as typed.
  expect(rows.find((row) => row[0] === 'Export Alpha')).toEqual(expect.arrayContaining(["'+1 555 300 0001", 'alpha@example.com', 'Demo Staff']));
  expect(rows.find((row) => row[0] === `'${FORMULA}`)?.[7]).toBe('Ona Own');

  const [event] = (await auditOf(t, 'prospect.exported')).slice(-1);
  expect(event).toMatchObject({ tenantId: f.demoTenantId, details: { format: 'csv', filter: { q: 'export' }, rows: 3 } });
});

test("an export holds only what the caller may see: another user's hidden records and another tenant's are absent", async () => {
  const mine = csvRows(expectStatusRaw(await exportOf('prospects', 'format=csv&q=export', own.token)));
  expect(mine.slice(1).map((row) => row[0])).toEqual([`'${FORMULA}`]);

  const outsider = csvRows(expectStatusRaw(await exportOf('prospects', 'format=csv&q=export', f.outsider, f.otherTenantId)));
  expect(outsider.slice(1).map((row) => row[0])).toEqual(['Export Elsewhere']);

  // Another tenant's list is refused outright.
  const refused = await exportOf('prospects', 'format=csv', f.outsider);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ detail: expect.any(String) });
});

test('an Excel workbook reads back with the list rows in its order and their text exactly, amounts as numbers, nothing a formula', async () => {
  const response = await exportOf('leads', 'format=xlsx&q=export&sort=value_desc', f.staff);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([response.rawPayload]));
  const sheet = workbook.getWorksheet('Leads')!;
  const header = sheet.getRow(1).values as unknown[];
  expect(header.slice(1, 9)).toEqual(['Name', 'City', 'Industry', 'Pipeline Stage', 'Status', 'Phone', 'Email', 'Value (USD)']);

  const list = leadListResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&q=export&sort=value_desc&limit=100`, token: f.staff }), 200),
  );
  const names = [];
  for (let row = 2; row <= sheet.rowCount; row += 1) names.push(String(sheet.getRow(row).getCell(1).value));
  // Text cells are text to a spreadsheet whatever they start with, so they carry no guard: '+SUM(1,2) Export Lead' reads as typed.
  expect(names).toEqual(list.leads.map((lead: Lead) => lead.name));
  expect(names.some((name) => name.startsWith('+SUM('))).toBe(true);
  const first = sheet.getRow(2);
  expect(first.getCell(8).value).toBe(1500.5);
  expect(first.getCell(10).value).toEqual(new Date('2026-03-31T00:00:00Z'));
  // Nothing in the workbook is a formula.
  sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));

  // The own-records user's export has their lead only.
  const theirs = await exportOf('leads', 'format=csv&q=export', own.token);
  expect(
    csvRows(theirs.rawPayload)
      .slice(1)
      .map((row) => row[0]),
  ).toEqual(["'+SUM(1,2) Export Lead"]);
});

test('a bad format or filter is refused with its detail', async () => {
  for (const query of ['format=pdf', 'format=csv&status_id=nope', 'format=xlsx&sort=sideways', 'q=export']) {
    const response = await exportOf(query.includes('sort') ? 'leads' : 'prospects', query, f.staff);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  }
});

function expectStatusRaw(response: { statusCode: number; rawPayload: Buffer; body: string }): Buffer {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.rawPayload;
}
