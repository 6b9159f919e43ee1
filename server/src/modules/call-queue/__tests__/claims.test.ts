import { createQueueFixture, demoCallers, type QueueFixture } from './queue-fixture';

describe('call queue claims', () => {
  let q: QueueFixture;
  beforeAll(async () => {
    q = await createQueueFixture();
  });
  afterAll(() => q.t.close());

  it('hands every prospect to exactly one of many parallel callers', async () => {
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => q.newProspect(`Parallel ${i}`)));
    const callers = await demoCallers(q, 10);
    const handed = new Map<string, number>();
    await Promise.all(
      callers.map(async (token) => {
        for (;;) {
          const { status, card, body } = await q.next(token);
          if (status === 204) return;
          if (status !== 200 || !card) throw new Error(`next: ${status} ${body}`);
          handed.set(card.prospect.id, (handed.get(card.prospect.id) ?? 0) + 1);
        }
      }),
    );
    expect([...handed.values()].filter((times) => times > 1)).toEqual([]);
    expect([...handed.keys()].sort()).toEqual(created.map((p) => p.id).sort());
  });

  it('frees a prospect when its lease runs out, and not before', async () => {
    const other = await q.t.loginAdmin();
    // Every prospect is held by the callers of the test above: nothing left for another caller.
    expect((await q.next(other)).status).toBe(204);
    q.advance(4 * 60 * 1000);
    expect((await q.next(other)).status).toBe(204);
    q.advance(2 * 60 * 1000);
    const { status, card } = await q.next(other);
    expect(status).toBe(200);
    expect(card!.prospect.name).toMatch(/^Parallel /);
  });

  it('keeps the claims of a caller whose card stays open', async () => {
    const holder = q.f.staff;
    const { card } = await q.next(holder);
    expect(card).not.toBeNull();
    q.advance(4 * 60 * 1000);
    const renewed = await q.t.request({ method: 'POST', url: '/api/v1/crm/call-queue/renew', token: holder, body: { tenant_id: q.f.demoTenantId } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().renewed).toBeGreaterThan(0);
    q.advance(4 * 60 * 1000);
    // The admin may work the prospect only once the staff member lets it go.
    const taken = await q.outcome(card!.prospect.id, { status_id: q.statuses['Interested'].id }, q.f.admin);
    expect(taken.statusCode).toBe(409);
    expect((await q.skip(card!.prospect.id)).statusCode).toBe(200);
    expect((await q.outcome(card!.prospect.id, { status_id: q.statuses['Interested'].id }, q.f.admin)).statusCode).toBe(200);
  });

  it('hands out the prospects of an upload, each once', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => ({ name: `Uploaded Queue Row ${i}`, email: `queue-row-${i}@example.com`, phone1: `+1 415 431 75${i}0` }));
    const uploaded = await q.t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/bulk',
      token: q.f.staff,
      body: { tenant_id: q.f.demoTenantId, prospects: rows },
    });
    expect(uploaded.json()).toMatchObject({ total_created: 3 });
    const handed: string[] = [];
    for (;;) {
      const { status, card } = await q.next(q.f.staff, { q: 'uploaded queue row' });
      if (status === 204) break;
      handed.push(card!.prospect.name);
    }
    expect(handed.sort()).toEqual(rows.map((row) => row.name));
  });

  it('frees at once the prospects held by a user who is deleted', async () => {
    const email = 'leaving-caller@example.com';
    const body = { email, password: 'caller-password', tenant_id: q.f.demoTenantId, is_staff: true };
    const created = await q.t.request({ method: 'POST', url: '/api/v1/auth/users', token: q.f.admin, body });
    expect(created.statusCode).toBe(201);
    const leaver = await q.t.login(email, 'caller-password');
    const held = await q.newProspect('Held By Leaver');
    expect((await q.next(leaver, { q: 'held by leaver' })).card!.prospect.id).toBe(held.id);
    expect((await q.next(q.f.admin, { q: 'held by leaver' })).status).toBe(204);
    const removed = await q.t.request({ method: 'DELETE', url: `/api/v1/auth/users/${(created.json() as { id: string }).id}`, token: q.f.admin });
    expect(removed.statusCode).toBe(204);
    expect((await q.next(q.f.admin, { q: 'held by leaver' })).card!.prospect.id).toBe(held.id);
  });
});
