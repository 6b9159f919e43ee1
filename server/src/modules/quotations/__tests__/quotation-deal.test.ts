import {
  leadListResponseSchema,
  leadSchema,
  pipelineStageSchema,
  pipelineSummarySchema,
  quotationSchema,
  tenantSchema,
  timelineResponseSchema,
  wonLostReportSchema,
  type Lead,
  type PipelineStage,
  type Quotation,
} from '@app/shared/contracts';
import { localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf } from '../../../testing/owner-users';
import { createQuotation } from '../../../testing/quotation-helpers';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
/** A tenant of its own, so its leads and figures are only this file's. */
let tenantId: string;
let stages: Record<string, PipelineStage>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  const body = { name: 'Deal Co', domain: 'deal-co.example.com' };
  tenantId = tenantSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body }), 201)).id;
  const list = expectStatus<PipelineStage[]>(await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${tenantId}`, token: f.admin }), 200);
  stages = Object.fromEntries(list.map((stage) => [stage.name, pipelineStageSchema.parse(stage)]));
});
afterAll(() => t.close());

let phone = 100;
async function newLead(extra: Record<string, unknown> = {}, tenant = tenantId, token = f.admin): Promise<Lead> {
  phone += 1;
  const body = { tenant_id: tenant, name: `Deal ${phone}`, phone1: `+1 555 020 ${String(phone).padStart(4, '0')}`, ...extra };
  return leadSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads', token, body }), 201));
}
const getLead = async (id: string, token = f.admin) => leadSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads/${id}`, token }), 200));

/** A sent quotation of 2 × 600.25 made from the lead; answers it with the client's link token. */
async function sentQuotation(lead: Lead, tenant = tenantId, token = f.admin): Promise<{ q: Quotation; token: string }> {
  const q = await createQuotation(t, token, tenant, { lead_id: lead.id, tax_rate: 0, items: [{ description: 'Rollout', quantity: 2, rate: 600.25 }] });
  const sent = expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token }), 200);
  return { q, token: sent.share_url.split('/q/')[1]! };
}
const publicAccept = (token: string) =>
  t.request({ method: 'POST', url: `/api/v1/public/quotations/${token}/accept`, body: { name: 'Jane Buyer' }, csrf: true });
const staffAccept = (id: string, token = f.admin) => t.request({ method: 'POST', url: `/api/v1/quotations/${id}/accept`, token, body: { name: 'Jane Buyer' } });
const timeline = async (leadId: string, token = f.admin) =>
  timelineResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads/${leadId}/timeline`, token }), 200)).entries;

test('the client accepts on the link: the open lead is won at the total, both in its history and audited, and the view is on its timeline', async () => {
  const lead = await newLead({ pipeline_stage_id: stages.Proposal?.id ?? stages.New.id });
  const { q, token } = await sentQuotation(lead);
  expect(q.total).toBe(1200.5);
  expectStatus(await t.request({ url: `/api/v1/public/quotations/${token}` }), 200);
  expectStatus(await publicAccept(token), 200);

  const after = await getLead(lead.id);
  expect(after).toMatchObject({ pipeline_stage_id: stages.Won.id, value: '1200.50', probability: 100 });
  expect(after.won_at).not.toBeNull();
  const entries = await timeline(lead.id);
  expect(entries.map((e) => e.summary)).toEqual(
    expect.arrayContaining([
      `Pipeline stage changed to Won (quotation ${q.number} accepted)`,
      `Quotation ${q.number} accepted`,
      `Quotation ${q.number} viewed by the client`,
      `Quotation ${q.number} sent`,
    ]),
  );
  const stageEntry = entries.find((e) => e.summary.startsWith('Pipeline stage changed to Won'))!;
  expect(stageEntry).toMatchObject({ kind: 'stage', notes: `Value set to 1200.50 from quotation ${q.number}`, user_name: null });
  const moved = (await auditOf(t, 'lead.stage_changed')).filter((e) => e.targetId === lead.id);
  expect(moved.map((e) => e.details)).toEqual([{ stage: 'Won', quotation_id: q.id, quotation_number: q.number }]);
  expect(moved[0].actorUserId).toBeNull();
  const valued = (await auditOf(t, 'lead.updated')).filter((e) => e.targetId === lead.id);
  expect(valued.map((e) => e.details)).toEqual([{ fields: ['value'], value: { from: null, to: '1200.50' }, quotation_id: q.id, quotation_number: q.number }]);

  // Reversible by hand: the stage moves back and the value is edited as usual.
  const back = leadSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/leads/change-pipeline-stage',
        token: f.admin,
        body: { lead_id: lead.id, pipeline_stage_id: stages.New.id },
      }),
      200,
    ),
  );
  expect(back).toMatchObject({ pipeline_stage_id: stages.New.id, won_at: null });
  const edited = await t.request({ method: 'PUT', url: `/api/v1/crm/leads/${lead.id}`, token: f.admin, body: { value: 900 } });
  expect(leadSchema.parse(expectStatus(edited, 200)).value).toBe('900.00');
});

test('staff record the acceptance: the lead is won and its history names the staff member; a second answer is a 409', async () => {
  const lead = await newLead();
  const { q } = await sentQuotation(lead);
  const accepted = quotationSchema.parse(expectStatus(await staffAccept(q.id), 200));
  expect(accepted).toMatchObject({ status: 'accepted', accepted_by: 'Jane Buyer' });
  expect(await getLead(lead.id)).toMatchObject({ pipeline_stage_id: stages.Won.id, value: '1200.50' });
  const stageEntry = (await timeline(lead.id)).find((e) => e.kind === 'stage')!;
  expect(stageEntry.summary).toBe(`Pipeline stage changed to Won (quotation ${q.number} accepted)`);
  expect(stageEntry.user_name).not.toBeNull();
  expect((await staffAccept(q.id)).statusCode).toBe(409);
});

test('a draft is not accepted by staff (409), and nothing moves', async () => {
  const lead = await newLead();
  const q = await createQuotation(t, f.admin, tenantId, { lead_id: lead.id });
  const answer = await staffAccept(q.id);
  expect(answer.statusCode).toBe(409);
  expect(answer.json().detail).toBe('Send the quotation before recording its acceptance.');
  expect((await getLead(lead.id)).pipeline_stage_id).toBe(lead.pipeline_stage_id);
});

test('a lead with a value keeps it; a won lead keeps its stage and takes the total only when it had none; a lost lead is untouched', async () => {
  const valued = await newLead({ value: 50 });
  expectStatus(await staffAccept((await sentQuotation(valued)).q.id), 200);
  expect(await getLead(valued.id)).toMatchObject({ pipeline_stage_id: stages.Won.id, value: '50.00' });
  expect((await timeline(valued.id)).find((e) => e.kind === 'stage')!.notes).toBeNull();

  const won = await newLead({ pipeline_stage_id: stages.Won.id });
  const wonAt = won.won_at;
  expectStatus(await publicAccept((await sentQuotation(won)).token), 200);
  expect(await getLead(won.id)).toMatchObject({ pipeline_stage_id: stages.Won.id, value: '1200.50', won_at: wonAt });

  const lost = await newLead({ pipeline_stage_id: stages.Lost.id });
  const before = await getLead(lost.id);
  expectStatus(await publicAccept((await sentQuotation(lost)).token), 200);
  const after = await getLead(lost.id);
  expect(after).toMatchObject({ pipeline_stage_id: stages.Lost.id, value: null, lost_at: before.lost_at });
  expect((await timeline(lost.id)).filter((e) => e.kind === 'stage')).toEqual([]);
});

test("another tenant's staff cannot accept a quotation (404) and its lead does not move", async () => {
  const lead = await newLead({}, f.demoTenantId, f.staff);
  const { q } = await sentQuotation(lead, f.demoTenantId, f.staff);
  expect((await staffAccept(q.id, f.outsider)).statusCode).toBe(404);
  expect((await getLead(lead.id, f.staff)).pipeline_stage_id).toBe(lead.pipeline_stage_id);
  expect((await getLead(lead.id, f.staff)).value).toBeNull();
});

test("the board's and the won-lost report's figures are the sums of the rows after acceptances", async () => {
  const leads = leadListResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenantId}&limit=100`, token: f.admin }), 200),
  ).leads;
  const kindOf = (lead: Lead) => Object.values(stages).find((stage) => stage.id === lead.pipeline_stage_id)?.kind ?? 'open';
  const sum = (rows: Lead[]) => rows.reduce((cents, lead) => cents + Math.round(Number(lead.value ?? 0) * 100), 0);
  const summary = pipelineSummarySchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/pipeline/summary?tenant_id=${tenantId}`, token: f.admin }), 200),
  );
  const wonRows = leads.filter((lead) => kindOf(lead) === 'won');
  const lostRows = leads.filter((lead) => kindOf(lead) === 'lost');
  expect(summary.won).toEqual({ count: wonRows.length, value: (sum(wonRows) / 100).toFixed(2) });
  expect(summary.lost).toEqual({ count: lostRows.length, value: (sum(lostRows) / 100).toFixed(2) });
  expect(wonRows.length).toBe(3);

  const today = localDate();
  const report = wonLostReportSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/reports/won-lost?tenant_id=${tenantId}&from=${today}&to=${today}`, token: f.admin }), 200),
  );
  expect(report.total).toMatchObject({ won_count: wonRows.length, won_value: (sum(wonRows) / 100).toFixed(2), lost_count: lostRows.length });
});
