import type { CallOutcomeResponse, DashboardStats, LeadListResponse } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { createQueueFixture, type QueueFixture } from './queue-fixture';

describe('call queue outcomes and callbacks', () => {
  let q: QueueFixture;
  beforeAll(async () => {
    q = await createQueueFixture();
  });
  afterAll(() => q.t.close());

  const todayCalls = async () =>
    expectStatus<DashboardStats>(await q.t.request({ url: `/api/v1/crm/dashboard?tenant_id=${q.f.demoTenantId}`, token: q.f.staff }), 200).today_calls_made;
  const leadNames = async () =>
    expectStatus<LeadListResponse>(await q.t.request({ url: `/api/v1/crm/leads?tenant_id=${q.f.demoTenantId}`, token: q.f.staff }), 200).leads.map(
      (l) => l.name,
    );

  it('counts the call, converts, removes or keeps the prospect as its status says', async () => {
    const keep = await q.newProspect('Keeps ringing');
    const lead = await q.newProspect('Wants a lead');
    const gone = await q.newProspect('Says no');
    const calls = await todayCalls();
    const cards = [await q.next(), await q.next(), await q.next()].map((n) => n.card!);
    expect(cards.map((c) => c.prospect.name).sort()).toEqual(['Keeps ringing', 'Says no', 'Wants a lead']);
    expect(cards[0].goal!.calls_today).toBe(calls);

    const noAnswer = expectStatus<CallOutcomeResponse>(await q.outcome(keep.id, { status_id: q.statuses['No Answer'].id, note: 'voicemail' }), 200);
    expect(noAnswer).toMatchObject({ calls_incremented: true, lead_created: false, should_remove_from_prospects: false, callback: null });
    const converted = expectStatus<CallOutcomeResponse>(await q.outcome(lead.id, { status_id: q.statuses['Interested'].id }), 200);
    expect(converted.lead_created).toBe(true);
    const removed = expectStatus<CallOutcomeResponse>(await q.outcome(gone.id, { status_id: q.statuses['Not Interested'].id }), 200);
    expect(removed.should_remove_from_prospects).toBe(true);

    expect(await todayCalls()).toBe(calls + 3);
    expect(await leadNames()).toContain('Wants a lead');
    // The prospect called and kept comes back once no one else is waiting; the others left the list.
    const again = await q.next();
    expect(again.card!.prospect.name).toBe('Keeps ringing');
    expect(again.card!.activities[0].notes).toBe('voicemail');
    expect(again.card!.goal!.calls_today).toBe(calls + 3);
    expect((await q.skip(keep.id)).statusCode).toBe(200);
    expect((await q.next(q.f.staff, { exclude_ids: [keep.id] })).status).toBe(204);
    expect((await q.outcome(lead.id, { status_id: q.statuses['No Answer'].id })).statusCode).toBe(409);
  });

  it('brings a callback back first when it is due, and keeps a missed one due', async () => {
    const later = await q.newProspect('Call me later');
    await q.newProspect('Fresh one');
    const first = await q.next();
    expect(first.card!.prospect.name).toBe('Fresh one');
    await q.skip(first.card!.prospect.id);
    // Skipped, released, and still the first in line: take the one asked for.
    await q.next();
    const card = (await q.next()).card!;
    expect(card.prospect.id).toBe(later.id);
    const inAMinute = new Date(q.now().getTime() + 60_000).toISOString();
    const set = expectStatus<CallOutcomeResponse>(await q.outcome(later.id, { callback_at: inAMinute }), 200);
    expect(set.callback).toMatchObject({ prospect_id: later.id, due_at: inAMinute, done_at: null });
    // C records the tenant's callback status, so the Call Back filter finds the prospect.
    expect(set.status_name).toBe('Call Back');

    // Not due yet: the queue does not hand it out, to anyone.
    const before = await q.next(q.f.admin);
    expect(before.card?.prospect.id).not.toBe(later.id);
    if (before.card) await q.skip(before.card.prospect.id, q.f.admin);
    q.advance(61_000);
    const due = await q.next();
    expect(due.card!.prospect.id).toBe(later.id);
    expect(due.card!.callback!.due_at).toBe(inAMinute);
    const list = await q.t.request({ url: `/api/v1/crm/callbacks?tenant_id=${q.f.demoTenantId}&due=today`, token: q.f.staff });
    expect(list.json().callbacks.map((c: { prospect_id: string }) => c.prospect_id)).toEqual([later.id]);
    // Skipped, the callback is still due the next time; an outcome handles it.
    await q.skip(later.id);
    q.advance(24 * 60 * 60 * 1000);
    expect((await q.next()).card!.prospect.id).toBe(later.id);
    await q.outcome(later.id, { status_id: q.statuses['No Answer'].id });
    const after = await q.t.request({ url: `/api/v1/crm/callbacks?tenant_id=${q.f.demoTenantId}&due=today`, token: q.f.staff });
    expect(after.json().callbacks).toEqual([]);
  });

  it('refuses a callback in the past and an outcome with neither status nor callback', async () => {
    const p = await q.newProspect('Odd requests');
    expect((await q.outcome(p.id, { callback_at: new Date(q.now().getTime() - 1000).toISOString() })).statusCode).toBe(400);
    const none = await q.outcome(p.id, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toMatch(/status or a callback/);
  });
});
