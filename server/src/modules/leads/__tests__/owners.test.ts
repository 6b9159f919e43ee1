import {
  leadListResponseSchema,
  leadSchema,
  pipelineSummarySchema,
  prospectListResponseSchema,
  prospectSchema,
  type StatusOption,
} from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let staffId: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  staffId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.staff }), 200)._id;
  adminId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.admin }), 200)._id;
});
afterAll(() => t.close());

const tenant = () => f.demoTenantId;
async function prospects(query: string, token = f.staff) {
  return prospectListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenant()}&limit=100&${query}`, token }), 200))
    .prospects;
}
async function leads(query: string, token = f.staff) {
  return leadListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenant()}&limit=100&${query}`, token }), 200)).leads;
}

test("a new prospect or lead is owned by whoever made it; a lead keeps its prospect's owner", async () => {
  const mine = prospectSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects',
        token: f.staff,
        body: { tenant_id: tenant(), name: 'Owned Prospect', phone1: '+1 555 030 0001' },
      }),
      201,
    ),
  );
  expect(mine.owner_id).toBe(staffId);
  const theirs = prospectSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects',
        token: f.admin,
        body: { tenant_id: tenant(), name: 'Owned By Admin', phone1: '+1 555 030 0002' },
      }),
      201,
    ),
  );
  expect(theirs.owner_id).toBe(adminId);
  // The list writes the same owner as the record.
  expect((await prospects('q=owned%20prospect'))[0]).toEqual(mine);

  const uploaded = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/bulk',
    token: f.staff,
    body: { tenant_id: tenant(), prospects: [{ Name: 'Uploaded Owned', Phone1: '+1 555 030 0003' }] },
  });
  expect(uploaded.statusCode).toBe(200);
  expect((await prospects('q=uploaded%20owned')).map((row) => row.owner_id)).toEqual([staffId]);

  const lead = leadSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/leads',
        token: f.admin,
        body: { tenant_id: tenant(), name: 'Owned Lead', phone1: '+1 555 030 0004' },
      }),
      201,
    ),
  );
  expect(lead.owner_id).toBe(adminId);

  // The admin turns the staff member's prospect into a lead: it stays the staff member's.
  const statuses = expectStatus<StatusOption[]>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${tenant()}`, token: f.admin }), 200);
  const interested = statuses.find((status) => status.converts_to_lead)!;
  expectStatus(
    await t.request({ method: 'POST', url: '/api/v1/crm/prospects/change-status', token: f.admin, body: { prospect_id: mine.id, status_id: interested.id } }),
    200,
  );
  expect((await leads('q=owned%20prospect')).map((row) => row.owner_id)).toEqual([staffId]);
});

test('owner_id filters the lists and the pipeline summary: me, none or a user', async () => {
  const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();
  expect(names(await prospects('q=owned&owner_id=me'))).toEqual(['Uploaded Owned']);
  expect(names(await prospects('q=owned&owner_id=me', f.admin))).toEqual(['Owned By Admin']);
  expect(names(await prospects(`q=owned&owner_id=${adminId}`))).toEqual(['Owned By Admin']);
  expect(names(await leads('q=owned&owner_id=me'))).toEqual(['Owned Prospect']);
  expect(names(await leads(`q=owned&owner_id=${adminId}`))).toEqual(['Owned Lead']);
  // Leads added before owners existed, and the demo's unassigned prospects, are nobody's.
  const unassigned = await prospects('owner_id=none');
  expect(unassigned.every((row) => row.owner_id === null)).toBe(true);
  expect(names(await prospects('q=owned&owner_id=none'))).toEqual([]);

  const summary = async (query: string) =>
    pipelineSummarySchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/pipeline/summary?tenant_id=${tenant()}&${query}`, token: f.staff }), 200));
  expect((await summary('q=owned&owner_id=me')).pipeline.count).toBe(1);
  expect((await summary(`q=owned&owner_id=${adminId}`)).pipeline.count).toBe(1);
  expect((await summary('q=owned')).pipeline.count).toBe(2);

  for (const bad of ['someone', '1', 'ME']) {
    const response = await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenant()}&owner_id=${bad}`, token: f.staff });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'owner_id: must be me, none or a valid user id' });
  }
});
