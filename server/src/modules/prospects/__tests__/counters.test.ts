import { bulkProspectsResponseSchema, type Prospect } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/raw-sql';
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

type Drift = Record<string, unknown>;
/** Every kept counter row that differs from the count of the rows it stands for, over all tenants (none: they agree). */
async function drift(): Promise<{ prospects: Drift[]; owners: Drift[]; leads: Drift[] }> {
  const read = async (query: ReturnType<typeof sql>) => rowsOf<Drift>(await t.db.execute(query));
  return {
    prospects: await read(sql`
      select coalesce(c.tenant_id, n.tenant_id) as tenant_id, c.active as kept, coalesce(n.active, 0) as counted
      from prospect_counters c
      full join (select tenant_id, count(*)::int as active from prospects where state = 'active' group by tenant_id) n using (tenant_id)
      where coalesce(c.active, 0) <> coalesce(n.active, 0)`),
    owners: await read(sql`
      select coalesce(c.tenant_id, n.tenant_id) as tenant_id, coalesce(c.owner_key, n.owner_key) as owner_key, c.active as kept, n.active as counted
      from prospect_owner_counters c
      full join (select tenant_id, coalesce(owner_id, '00000000-0000-0000-0000-000000000000') as owner_key, count(*)::int as active
                 from prospects where state = 'active' group by 1, 2) n using (tenant_id, owner_key)
      where coalesce(c.active, 0) <> coalesce(n.active, 0)`),
    leads: await read(sql`
      select coalesce(c.tenant_id, n.tenant_id) as tenant_id, c.total as kept, n.total as counted
      from lead_counters c
      full join (select tenant_id, count(*)::int as total from leads group by tenant_id) n using (tenant_id)
      where coalesce(c.total, 0) <> coalesce(n.total, 0)`),
  };
}
const agreed = { prospects: [], owners: [], leads: [] };

let phone = 7000;
const uploadRows = (count: number, name: string) =>
  Array.from({ length: count }, (_, index) => ({ Name: `${name} ${index + 1}`, Phone1: `+33 1 41 00 ${(phone += 1)}` }));
async function upload(rows: unknown[], tenantId = f.demoTenantId, token = f.staff) {
  return bulkProspectsResponseSchema.parse(
    expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects/bulk', token, body: { tenant_id: tenantId, prospects: rows } }), 200),
  );
}
const remove = async (id: string, what = 'prospects') =>
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/${what}/${id}`, token: f.staff }), 200);

test('every kept counter equals the count of its rows after creates, moves, deletes, uploads, conversions and reverts', async () => {
  expect(await drift()).toEqual(agreed);
  const { statuses, stages } = fixture;

  // Creates, one by one and in bulk, in two tenants.
  const [a, b, c, d] = [await fixture.newProspect(), await fixture.newProspect(), await fixture.newProspect(), await fixture.newProspect()];
  const uploaded = await upload([...uploadRows(5, 'Counted'), { Name: 'No phone' }]);
  expect(uploaded.total_created).toBe(5);
  await upload(uploadRows(3, 'Elsewhere'), f.otherTenantId, f.outsider);
  expect(await drift()).toEqual(agreed);

  // Moves: a stage, an owner (the assign route), a tenant (by hand, in the database).
  const move = { prospect_id: a.id, pipeline_stage_id: stages.Qualified.id };
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects/change-pipeline-stage', token: f.staff, body: move }), 200);
  expectStatus(
    await t.request({ method: 'POST', url: '/api/v1/crm/prospects/assign', token: f.admin, body: { tenant_id: f.demoTenantId, ids: [b.id], owner_id: null } }),
    200,
  );
  // Its call queue row is of its tenant: it goes first.
  await t.db.execute(sql`delete from call_queue_claims where prospect_id = ${c.id}`);
  await t.db.execute(sql`update prospects set tenant_id = ${f.otherTenantId}, status_id = null, pipeline_stage_id = null where id = ${c.id}`);
  expect(await drift()).toEqual(agreed);

  // Many records in one statement: a filter's Assign to, then owners and states changed together by hand.
  const adminId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.admin }), 200)._id;
  const assignAll = (owner_id: string | null) =>
    t.request({ method: 'POST', url: '/api/v1/crm/prospects/assign', token: f.admin, body: { tenant_id: f.demoTenantId, filter: { q: 'Counted' }, owner_id } });
  expect(expectStatus<{ updated: number }>(await assignAll(adminId), 200).updated).toBe(5);
  expect(await drift()).toEqual(agreed);
  await t.db.execute(sql`update prospects set owner_id = case when name like '%1' or name like '%2' then null else owner_id end,
    state = case when name like '%3' then 'removed' else state end where name like 'Counted%'`);
  expect(await drift()).toEqual(agreed);
  await t.db.execute(sql`update prospects set state = 'active' where name like 'Counted%'`);
  expect(expectStatus<{ updated: number }>(await assignAll(null), 200).updated).toBe(3);
  expect(await drift()).toEqual(agreed);

  // Conversions and removals take prospects off the list; a lead made, then deleted with its prospect.
  const converted = expectStatus<{ lead_data: { id: string } | null }>(
    await fixture.changeStatus({ prospect_id: a.id, status_id: statuses.Interested.id, prospect_contacted: false }),
    200,
  );
  expect(converted.lead_data).not.toBeNull();
  expectStatus(await fixture.changeStatus({ prospect_id: d.id, status_id: statuses['Do Not Call'].id, prospect_contacted: false }), 200);
  expect(await drift()).toEqual(agreed);

  // Deletes: an active prospect, a converted one (its lead goes with it), a lead alone.
  await remove(b.id);
  await remove(a.id);
  const other = await fixture.newProspect();
  const lead = expectStatus<{ lead_data: { id: string } }>(
    await fixture.changeStatus({ prospect_id: other.id, status_id: statuses.Interested.id, prospect_contacted: false }),
    200,
  ).lead_data;
  await remove(lead.id, 'leads');
  expect(await drift()).toEqual(agreed);

  // A revert deletes the upload's unworked prospects in one statement.
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/crm/imports/${uploaded.import_id}/revert`, token: f.staff }), 200);
  expect(await drift()).toEqual(agreed);
});

test('the unfiltered list reads the kept total, and it follows a create and a delete', async () => {
  const total = async () =>
    expectStatus<{ pagination: { total: number } }>(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}`, token: f.staff }), 200)
      .pagination.total;
  const before = await total();
  const created: Prospect = await fixture.newProspect();
  expect(await total()).toBe(before + 1);
  await remove(created.id);
  expect(await total()).toBe(before);
});
