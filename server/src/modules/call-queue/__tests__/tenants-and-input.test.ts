import { createQueueFixture, type QueueFixture } from './queue-fixture';

describe('call queue: other tenants and hostile input', () => {
  let q: QueueFixture;
  beforeAll(async () => {
    q = await createQueueFixture();
  });
  afterAll(() => q.t.close());

  it("refuses another tenant's user everywhere", async () => {
    const mine = await q.newProspect('Ours');
    const { t, f, goal } = q;
    const next = await t.request({
      method: 'POST',
      url: '/api/v1/crm/call-queue/next',
      token: f.outsider,
      body: { tenant_id: f.demoTenantId, goal_id: goal.id },
    });
    expect(next.statusCode).toBe(403);
    const foreignGoal = await t.request({
      method: 'POST',
      url: '/api/v1/crm/call-queue/next',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, goal_id: q.foreignGoal.id },
    });
    expect(foreignGoal.statusCode).toBe(400);
    expect((await q.outcome(mine.id, { status_id: q.statuses['Interested'].id }, f.outsider)).statusCode).toBe(404);
    expect((await q.skip(mine.id, f.outsider)).statusCode).toBe(404);
    const callbacks = await t.request({ url: `/api/v1/crm/callbacks?tenant_id=${f.demoTenantId}`, token: f.outsider });
    expect(callbacks.statusCode).toBe(403);
    const renew = await t.request({ method: 'POST', url: '/api/v1/crm/call-queue/renew', token: f.outsider, body: { tenant_id: f.demoTenantId } });
    expect(renew.statusCode).toBe(403);
    // The outsider's own queue is empty, and the prospect is still ours to call.
    const own = await t.request({
      method: 'POST',
      url: '/api/v1/crm/call-queue/next',
      token: f.outsider,
      body: { tenant_id: f.otherTenantId, goal_id: q.foreignGoal.id },
    });
    expect(own.statusCode).toBe(204);
    expect((await q.next()).card!.prospect.id).toBe(mine.id);
  });

  it.each([
    ['a NUL byte', { filter: { q: 'a\u0000b' } }],
    ['a lone surrogate', { filter: { q: 'a\ud800b' } }],
    ['a megabyte search', { filter: { q: 'x'.repeat(1_000_000) } }],
    ['a wrong type', { filter: { status_id: 12 } }],
    ['a bad exclusion', { filter: { exclude_ids: ['nope'] } }],
    ['a goal id that is not one', { goal_id: 'nope' }],
  ])('answers 4xx with a detail for %s', async (_label, patch) => {
    const body = { tenant_id: q.f.demoTenantId, goal_id: q.goal.id, ...patch };
    const response = await q.t.request({ method: 'POST', url: '/api/v1/crm/call-queue/next', token: q.f.staff, body });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().detail).toBe('string');
  });

  it.each([
    ['a note with a NUL byte', { status_id: 'S', note: 'a\u0000' }],
    ['a callback that is not a date', { callback_at: 'tomorrow' }],
    ['a status of the wrong type', { status_id: ['x'] }],
  ])('refuses an outcome with %s', async (_label, patch) => {
    const p = await q.newProspect();
    const body = Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v === 'S' ? q.statuses['No Answer'].id : v]));
    const response = await q.outcome(p.id, body);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe('string');
  });

  it('answers 404 for an unknown prospect and 400 for a malformed id', async () => {
    expect((await q.skip('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await q.skip('not-an-id')).statusCode).toBe(400);
  });
});
