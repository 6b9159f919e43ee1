import { type ChangeStatusResponse, type LeadListResponse } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { expectStatus } from '../../../testing/crm-fixture';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';
import { rowsOf } from '../../../db/raw-sql';

let fixture: StatusFixture;
let t: StatusFixture['t'];
let f: StatusFixture['f'];
beforeAll(async () => {
  fixture = await createStatusFixture();
  ({ t, f } = fixture);
});
afterAll(() => t.close());

const listTotal = async (tenantId = f.demoTenantId, token = f.staff) =>
  expectStatus<LeadListResponse>(await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenantId}`, token }), 200).pagination.total;
const counted = async (tenantId = f.demoTenantId) =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from leads where tenant_id = ${tenantId}`))[0].n;
// Each lead its own number: a Phone1 belongs to one company of the tenant.
let phone = 0;
const addLead = async (name: string, tenantId = f.demoTenantId, token = f.staff) => {
  phone += 1;
  return expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads',
      token,
      body: { tenant_id: tenantId, name, phone1: `+1 555 019 ${String(phone).padStart(4, '0')}` },
    }),
    201,
  );
};

test("the list's total follows every lead added, converted and deleted, and matches the leads there are", async () => {
  const start = await listTotal();
  expect(start).toBe(await counted());
  const added = await addLead('Kept Total One');
  await addLead('Kept Total Two');
  expect(await listTotal()).toBe(start + 2);

  const prospect = await fixture.newProspect('Kept Total Prospect');
  const converted = expectStatus<ChangeStatusResponse>(
    await fixture.changeStatus({ prospect_id: prospect.id, status_id: fixture.statuses.Interested.id, prospect_contacted: false }),
    200,
  );
  expect(converted.lead_created).toBe(true);
  expect(await listTotal()).toBe(start + 3);

  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/leads/${added.id}`, token: f.staff }), 200);
  // Deleting the prospect takes its lead with it.
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff }), 200);
  expect(await listTotal()).toBe(start + 1);
  expect(await listTotal()).toBe(await counted());
  // A later page of the unfiltered list reads the same total.
  const later = expectStatus<LeadListResponse>(await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&page=3&limit=1`, token: f.staff }), 200);
  expect(later.pagination.total).toBe(start + 1);
});

test("a tenant's total counts only its own leads, and is 0 before its first", async () => {
  expect(await listTotal(f.otherTenantId, f.outsider)).toBe(0);
  const demoTotal = await listTotal();
  const lead = await addLead('Outsider Lead', f.otherTenantId, f.outsider);
  expect(await listTotal(f.otherTenantId, f.outsider)).toBe(1);
  expect(await listTotal()).toBe(demoTotal);
  // A lead moved to another tenant (by hand, in the database) counts there and no longer here.
  await t.db.execute(sql`update leads set tenant_id = ${f.demoTenantId}, pipeline_stage_id = null, status_id = null where id = ${lead.id}`);
  expect(await listTotal(f.otherTenantId, f.outsider)).toBe(0);
  expect(await listTotal()).toBe(demoTotal + 1);
});
