import { CALL_CARD_ACTIVITIES, callCardSchema, type ActivityListResponse, type CallbackListResponse, type Prospect } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { createQueueFixture, type QueueFixture } from './queue-fixture';

describe('the call card', () => {
  let q: QueueFixture;
  beforeAll(async () => {
    q = await createQueueFixture();
  });
  afterAll(() => q.t.close());

  const get = async <T>(url: string) => expectStatus<T>(await q.t.request({ url, token: q.f.staff }), 200);

  it("holds what the prospect's own pages show: its fields, its newest history, the due callback and the goal's calls today", async () => {
    const prospect = await q.newProspect('Card Holder Ltd');
    const only = { q: 'card holder' };
    for (let call = 1; call <= CALL_CARD_ACTIVITIES + 1; call += 1) {
      expect((await q.outcome(prospect.id, { status_id: q.statuses['No Answer'].id, note: `attempt ${call}` })).statusCode).toBe(200);
    }
    const inAMinute = new Date(q.now().getTime() + 60_000).toISOString();
    expect((await q.outcome(prospect.id, { callback_at: inAMinute })).statusCode).toBe(200);
    expect((await q.next(q.f.staff, only)).status).toBe(204);
    q.advance(61_000);

    const { status, card, body } = await q.next(q.f.staff, only);
    expect(status).toBe(200);
    // Exactly the documented shape: nothing missing, nothing more.
    expect(JSON.parse(body)).toEqual(callCardSchema.parse(JSON.parse(body)));
    expect(card!.prospect).toEqual(await get<Prospect>(`/api/v1/crm/prospects/${prospect.id}`));
    const history = await get<ActivityListResponse>(`/api/v1/crm/prospects/${prospect.id}/activities`);
    expect(history.activities.length).toBeGreaterThan(CALL_CARD_ACTIVITIES);
    expect(card!.activities).toEqual(history.activities.slice(0, CALL_CARD_ACTIVITIES));
    const due = await get<CallbackListResponse>(`/api/v1/crm/callbacks?tenant_id=${q.f.demoTenantId}&due=today`);
    expect(card!.callback).toEqual(due.callbacks.find((callback) => callback.prospect_id === prospect.id));
    expect(card!.callback!.due_at).toBe(inAMinute);
    expect(card!.goal).toEqual({ id: q.goal.id, name: q.goal.name, target_count: q.goal.target_count, calls_today: CALL_CARD_ACTIVITIES + 2 });
    expect(Date.parse(card!.claim_expires_at)).toBeGreaterThan(q.now().getTime());
  });

  it('a queue over a search by phone, however written, holds the prospect of that number, as the list does', async () => {
    const prospect = await q.newProspect('Phone Searched Ltd');
    const national = prospect.phone1_e164!.slice(2);
    const written = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
    const { status, card } = await q.next(q.f.staff, { q: written });
    expect(status).toBe(200);
    expect(card!.prospect.id).toBe(prospect.id);
  });

  it('claims nothing when the goal is not one of the tenant', async () => {
    const prospect = await q.newProspect('Goal Check Inc');
    const only = { q: 'goal check' };
    const refused = await q.t.request({
      method: 'POST',
      url: '/api/v1/crm/call-queue/next',
      token: q.f.staff,
      body: { tenant_id: q.f.demoTenantId, goal_id: q.foreignGoal.id, filter: only },
    });
    expect(refused.statusCode).toBe(400);
    // Not held by the refused caller: another one gets it at once.
    expect((await q.next(q.f.admin, only)).card!.prospect.id).toBe(prospect.id);
  });

  it("works over the list's status, stage and search filters, alone and together", async () => {
    await q.newProspect('Filter Probe Plain');
    const called = await q.newProspect('Filter Probe Called');
    const staged = await q.newProspect('Filter Probe Staged');
    expect((await q.changeStatus({ prospect_id: called.id, status_id: q.statuses['No Answer'].id })).statusCode).toBe(200);
    const stageId = Object.values(q.stages).find((stage) => stage.id !== staged.pipeline_stage_id)!.id;
    const moved = await q.t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-pipeline-stage',
      token: q.f.staff,
      body: { prospect_id: staged.id, pipeline_stage_id: stageId },
    });
    expect(moved.statusCode).toBe(200);
    const firstOf = async (filter: Record<string, unknown>) => {
      const { status, card } = await q.next(q.f.staff, { q: 'filter probe', ...filter });
      if (card) expect((await q.skip(card.prospect.id)).statusCode).toBe(200);
      return status === 204 ? null : card!.prospect.name;
    };
    expect(await firstOf({ status_id: q.statuses['No Answer'].id })).toBe('Filter Probe Called');
    expect(await firstOf({ pipeline_stage_id: stageId })).toBe('Filter Probe Staged');
    expect(await firstOf({ status_id: q.statuses['No Answer'].id, pipeline_stage_id: stageId })).toBeNull();
    expect(await firstOf({ q: 'probe plain' })).toBe('Filter Probe Plain');
    expect(await firstOf({ q: 'no such company' })).toBeNull();
  });
});
