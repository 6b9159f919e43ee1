import {
  CALLBACK_STATUS_KEEPS_PROSPECT,
  NO_CALLBACK_STATUS,
  type CallOutcomeResponse,
  type Prospect,
  type ProspectListResponse,
  type StatusOption,
  type Tenant,
} from '@app/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { callbacks, calls } from '../../../db/schema';
import { expectStatus } from '../../../testing/crm-fixture';
import { createQueueFixture, type QueueFixture } from './queue-fixture';

/** C in the queue (a callback without a status) records the tenant's callback status: Call Back unless the tenant flags another. */
describe('the callback status', () => {
  let q: QueueFixture;
  beforeAll(async () => {
    q = await createQueueFixture();
  });
  afterAll(() => q.t.close());

  const statuses = async (tenantId = q.f.demoTenantId) =>
    expectStatus<StatusOption[]>(await q.t.request({ url: `/api/v1/crm/status-options?tenant_id=${tenantId}`, token: q.f.admin }), 200);
  const flagged = async (tenantId?: string) => (await statuses(tenantId)).filter((status) => status.is_callback).map((status) => status.name);
  const edit = (id: string, body: Record<string, unknown>) => q.t.request({ method: 'PUT', url: `/api/v1/crm/status-options/${id}`, token: q.f.admin, body });
  const inAnHour = () => new Date(q.now().getTime() + 60 * 60 * 1000).toISOString();
  const callback = (prospectId: string) => q.outcome(prospectId, { callback_at: inAnHour() });
  const listed = async (statusId: string) =>
    expectStatus<ProspectListResponse>(
      await q.t.request({ url: `/api/v1/crm/prospects?tenant_id=${q.f.demoTenantId}&status_id=${statusId}&limit=100`, token: q.f.staff }),
      200,
    ).prospects.map((prospect) => prospect.id);
  const callsOn = async (prospectId: string) =>
    (
      await q.t.db
        .select({ id: calls.id })
        .from(calls)
        .where(and(eq(calls.tenantId, q.f.demoTenantId), eq(calls.prospectId, prospectId)))
    ).length;

  it('is Call Back for a tenant, new or old, and a callback records it: the Call Back filter finds the prospect', async () => {
    expect(await flagged()).toEqual(['Call Back']);
    const tenant = expectStatus<Tenant>(
      await q.t.request({
        method: 'POST',
        url: '/api/v1/crm/tenants',
        token: q.f.admin,
        body: { name: 'Fresh Callbacks', domain: 'fresh-callbacks.example.com' },
      }),
      201,
    );
    expect(await flagged(tenant.id)).toEqual(['Call Back']);

    const prospect = await q.newProspect('Ring me at three');
    const answer = expectStatus<CallOutcomeResponse>(await callback(prospect.id), 200);
    expect(answer).toMatchObject({ status_name: 'Call Back', calls_incremented: true, callback: { prospect_id: prospect.id, done_at: null } });
    expect(answer.prospect.status_id).toBe(q.statuses['Call Back'].id);
    expect(await listed(q.statuses['Call Back'].id)).toContain(prospect.id);
    expect(await listed(q.statuses.New.id)).not.toContain(prospect.id);
    expect(await callsOn(prospect.id)).toBe(1);
  });

  it('is one status per tenant: flagging another moves the flag, and callbacks record that one', async () => {
    expect(expectStatus<StatusOption>(await edit(q.statuses['No Answer'].id, { is_callback: true }), 200).is_callback).toBe(true);
    expect(await flagged()).toEqual(['No Answer']);
    const prospect = await q.newProspect('Try again Monday');
    expect(expectStatus<CallOutcomeResponse>(await callback(prospect.id), 200).status_name).toBe('No Answer');
    // An explicit status with a callback is recorded as chosen.
    const chosen = await q.newProspect('Chosen status');
    expect(expectStatus<CallOutcomeResponse>(await q.outcome(chosen.id, { status_id: q.statuses.New.id, callback_at: inAnHour() }), 200).status_name).toBe(
      'New',
    );
    expectStatus(await edit(q.statuses['Call Back'].id, { is_callback: true }), 200);
    expect(await flagged()).toEqual(['Call Back']);
  });

  it('keeps the prospect listed: a converting or removing status cannot be it', async () => {
    const both = await edit(q.statuses.Interested.id, { is_callback: true, converts_to_lead: true });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ detail: CALLBACK_STATUS_KEEPS_PROSPECT });
    // One field at a time, the database's rule answers the same.
    const converting = await edit(q.statuses.Interested.id, { is_callback: true });
    expect(converting.statusCode).toBe(400);
    expect(converting.json()).toEqual({ detail: CALLBACK_STATUS_KEEPS_PROSPECT });
    const removing = await edit(q.statuses['Call Back'].id, { removes_from_prospects: true });
    expect(removing.statusCode).toBe(400);
    expect(removing.json()).toEqual({ detail: CALLBACK_STATUS_KEEPS_PROSPECT });
    const created = await q.t.request({
      method: 'POST',
      url: '/api/v1/crm/status-options',
      token: q.f.admin,
      body: { tenant_id: q.f.demoTenantId, name: 'Gone for good', removes_from_prospects: true, is_callback: true },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().detail).toMatch(/^is_callback: /);
    expect(await flagged()).toEqual(['Call Back']);
  });

  it('a tenant without an active callback status is told so, and nothing changes', async () => {
    for (const change of [{ is_active: false }, { is_active: true, is_callback: false }]) {
      expectStatus(await edit(q.statuses['Call Back'].id, change), 200);
      const prospect = await q.newProspect(`No callback status ${JSON.stringify(change)}`);
      const refused = await callback(prospect.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: NO_CALLBACK_STATUS });
      const after = expectStatus<Prospect>(await q.t.request({ url: `/api/v1/crm/prospects/${prospect.id}`, token: q.f.staff }), 200);
      expect(after.status_id).toBe(prospect.status_id);
      expect(await callsOn(prospect.id)).toBe(0);
      expect(await q.t.db.select().from(callbacks).where(eq(callbacks.prospectId, prospect.id))).toEqual([]);
    }
    expectStatus(await edit(q.statuses['Call Back'].id, { is_callback: true }), 200);
    expect(await flagged()).toEqual(['Call Back']);
  });
});
