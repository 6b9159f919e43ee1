import {
  sumAmounts,
  type ActivityListResponse,
  type DashboardStats,
  type Goal,
  type LeadListResponse,
  type PipelineSummary,
  type ProspectListResponse,
  type StatusOption,
} from '@app/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { expectStatus } from '../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addDays, localDate } from '../../lib/today';
import { DEMO_GOAL_NAME } from '../demo-crm';
import { calls, prospects } from '../../db/schema';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ crmSample: true });
  staff = await t.loginStaff();
});
afterAll(() => t.close());

const get = async <T>(path: string) =>
  expectStatus<T>(await t.request({ url: `/api/v1/crm/${path}${path.includes('?') ? '&' : '?'}tenant_id=${t.seed!.tenantId}`, token: staff }), 200);

async function allLeads() {
  const rows: LeadListResponse['leads'] = [];
  for (let page = 1; ; page++) {
    const { leads, pagination } = await get<LeadListResponse>(`leads?limit=100&page=${page}`);
    rows.push(...leads);
    if (page * pagination.limit >= pagination.total) return rows;
  }
}

test('the demo tenant shows a working CRM: prospects across statuses and stages, leads, a goal with two weeks of calls', async () => {
  const listed = await get<ProspectListResponse>('prospects');
  expect(listed.pagination.total).toBeGreaterThan(200);
  const statuses = await get<StatusOption[]>('status-options');
  const used = await Promise.all(statuses.map(async (s) => (await get<ProspectListResponse>(`prospects?status_id=${s.id}`)).pagination.total));
  expect(used.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);

  const leads = await get<LeadListResponse>('leads');
  expect(leads.pagination.total).toBeGreaterThan(5);
  // Besides the year of closed deals (demo-history.ts), the demo's leads were made from its prospects.
  expect(leads.leads.filter((lead) => !lead.name.startsWith('Past deal ')).every((lead) => lead.prospect_id !== null)).toBe(true);
  // The board has figures on first start: most leads have a value, and the pipeline sums them.
  const all = await allLeads();
  const valued = all.filter((lead) => lead.value !== null);
  expect(valued.length).toBeGreaterThan(all.length / 2);
  const summary = await get<PipelineSummary>('pipeline/summary');
  const valueOf = (of: typeof all) => sumAmounts(of.flatMap((lead) => (lead.value === null ? [] : [lead.value])));
  // The pipeline is the open deals; the year of closed deals is beside it.
  expect(summary.pipeline.count + summary.won.count + summary.lost.count).toBe(leads.pagination.total);
  expect(summary.pipeline.value).toBe(valueOf(all.filter((lead) => lead.won_at === null && lead.lost_at === null)));
  expect(summary.won.value).toBe(valueOf(all.filter((lead) => lead.won_at !== null)));
  expect(summary.won.count).toBeGreaterThan(0);
  expect(all.filter((lead) => lead.lost_at !== null).every((lead) => lead.lost_reason)).toBe(true);

  const [goal] = await get<Goal[]>('goals');
  expect(goal.name).toBe(DEMO_GOAL_NAME);
  expect(goal.start_date).toBe(addDays(localDate(), -14));
  expect(goal.daily_calls.length).toBeGreaterThanOrEqual(10);
  expect(goal.daily_calls.at(-1)!.date).toBe(localDate());

  // The demo's calls were made by the demo teams' staff, each on a prospect of theirs (or, unassigned, by the demo staff):
  // on the goal by those who see its user, on no goal by the others (Maya of Own records, Jonas of another team).
  const made = await t.db
    .select({ callerId: calls.callerId, day: calls.day, ownerId: prospects.ownerId, goalId: calls.goalId })
    .from(calls)
    .innerJoin(prospects, and(eq(prospects.tenantId, calls.tenantId), eq(prospects.id, calls.prospectId)))
    .where(eq(calls.tenantId, t.seed!.tenantId));
  const onGoal = made.filter((call) => call.goalId === goal.id);
  expect(onGoal).toHaveLength(goal.daily_calls.reduce((sum, day) => sum + day.calls_made, 0));
  expect(made.filter((call) => call.goalId !== goal.id).every((call) => call.goalId === null)).toBe(true);
  expect(new Set(made.map((call) => call.callerId)).size).toBeGreaterThanOrEqual(4);
  expect(new Set(onGoal.map((call) => call.callerId)).size).toBeGreaterThanOrEqual(2);
  expect(made.every((call) => call.callerId === (call.ownerId ?? goal.user_id))).toBe(true);
  const todays = made.filter((call) => call.day === localDate());
  expect(todays.filter((call) => call.goalId === goal.id)).toHaveLength(goal.daily_calls.at(-1)!.calls_made);

  const dashboard = await get<DashboardStats>('dashboard');
  expect(dashboard).toEqual({
    total_prospects: listed.pagination.total,
    // The demo staff's own calls today, beside their goal's target; and everyone's, beside every goal running today.
    today_calls_made: todays.filter((call) => call.callerId === goal.user_id).length,
    today_calls_goal: goal.target_count,
    visible_calls: { scope: 'all', made: todays.length, goal: goal.target_count },
  });
});

test("a contacted demo prospect's last call, and each demo lead's conversion, are in their history", async () => {
  const page = await get<ProspectListResponse>('prospects?limit=100');
  const contacted = page.prospects.find((p) => p.last_contacted !== null)!;
  const history = expectStatus<ActivityListResponse>(await t.request({ url: `/api/v1/crm/prospects/${contacted.id}/activities`, token: staff }), 200);
  expect(history.activities).toHaveLength(1);
  expect(history.activities[0]).toMatchObject({
    kind: 'status',
    summary: `Status changed to ${contacted.status_name} (call made)`,
    created_at: contacted.last_contacted,
  });

  for (const lead of (await allLeads()).filter((lead) => lead.prospect_id !== null)) {
    const leadHistory = expectStatus<ActivityListResponse>(await t.request({ url: `/api/v1/crm/leads/${lead.id}/activities`, token: staff }), 200);
    expect(leadHistory.activities.at(-1)!.summary).toBe('Status changed to Interested (call made)');
  }
});
