import { CLAIM_LEASE_SECONDS, type CallCard } from '@app/shared/contracts';
import { userContext, withDbContext } from '../../../db/wall/context';
import { localDate } from '../../../lib/today';
import { claimCards, type BatchCaller, type BatchClaimResult } from '../claim-batch';
import { createQueueFixture, demoCallers, type QueueFixture } from './queue-fixture';

/** Callers asking at the same moment share one claim statement (claim-lanes.ts): what each of them gets. */
describe('callers claiming together', () => {
  let q: QueueFixture;
  let ids: { staff: string; admin: string };
  beforeAll(async () => {
    q = await createQueueFixture();
    const me = async (token: string) => (await q.t.request({ url: '/api/v1/auth/me', token })).json()._id as string;
    ids = { staff: await me(q.f.staff), admin: await me(q.f.admin) };
  });
  afterAll(() => q.t.close());

  /** One batched statement, as the lane sends it. */
  function together(callers: Array<Omit<BatchCaller, 'excludeIds'> & { excludeIds?: string[] }>, search: string): Promise<BatchClaimResult[]> {
    const now = q.now();
    const times = { now, expiresAt: new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000) };
    const context = userContext({ id: ids.staff, isAdmin: false, tenantId: q.f.demoTenantId });
    return withDbContext(context, () =>
      claimCards(
        q.t.db,
        q.f.demoTenantId,
        callers.map((c) => ({ ...c, excludeIds: c.excludeIds ?? [] })),
        { filter: { q: search, excludeIds: [] }, times, today: localDate(now) },
      ),
    );
  }
  const cardOf = (result: BatchClaimResult) => (result.kind === 'card' ? (JSON.parse(result.json) as CallCard) : null);

  it("hands the front of the queue out in its order, one prospect each, with each caller's own goal", async () => {
    const older = await q.newProspect('Front Row Older');
    const newer = await q.newProspect('Front Row Newer');
    const [first, second, third] = await together(
      [
        { caller: ids.staff, goalId: q.goal.id },
        { caller: ids.admin, goalId: q.goal.id },
        { caller: ids.admin, goalId: q.foreignGoal.id },
      ],
      'front row',
    );
    // Never called, newest first.
    expect(cardOf(first)!.prospect.id).toBe(newer.id);
    expect(cardOf(second)!.prospect.id).toBe(older.id);
    expect(cardOf(first)!.goal.id).toBe(q.goal.id);
    // Another tenant's goal: refused, and nothing was claimed for it.
    expect(third).toEqual({ kind: 'no-goal' });
    // Both are held now: nothing is left for a third caller.
    expect((await q.next(q.f.admin, { q: 'front row' })).status).toBe(204);
  });

  it('sends a caller with a due callback to claim it alone, and it comes first', async () => {
    const promised = await q.newProspect('Promised Call Co');
    await q.newProspect('Promised Call Other');
    const only = { q: 'promised call' };
    expect((await q.next(q.f.staff, only)).card!.prospect.name).toBe('Promised Call Other');
    const inAMinute = new Date(q.now().getTime() + 60_000).toISOString();
    expect((await q.outcome(promised.id, { callback_at: inAMinute })).statusCode).toBe(200);
    q.advance(61_000);

    const [staff] = await together([{ caller: ids.staff, goalId: q.goal.id }], 'promised call');
    expect(staff).toEqual({ kind: 'alone' });
    // Through the API, among callers asking at once, the callback is the staff member's.
    const [mine, theirs] = await Promise.all([q.next(q.f.staff, only), q.next(q.f.admin, only)]);
    expect(mine.card!.prospect.id).toBe(promised.id);
    expect(mine.card!.callback!.due_at).toBe(inAMinute);
    expect(theirs.status).toBe(204);
    // Handled: the staff member claims with the others again.
    expect((await q.outcome(promised.id, { status_id: q.statuses['No Answer'].id })).statusCode).toBe(200);
  });

  it("does not empty a caller's queue with the prospects another caller set aside", async () => {
    const setAside = await q.newProspect('Set Aside Solo');
    const [skipper, other] = await together(
      [
        { caller: ids.staff, goalId: q.goal.id, excludeIds: [setAside.id] },
        { caller: ids.admin, goalId: q.goal.id },
      ],
      'set aside solo',
    );
    expect(skipper).toEqual({ kind: 'empty' });
    expect(other).toEqual({ kind: 'alone' });
    const [skipperNext, otherNext] = await Promise.all([
      q.next(q.f.staff, { q: 'set aside solo', exclude_ids: [setAside.id] }),
      q.next(q.f.admin, { q: 'set aside solo' }),
    ]);
    expect(skipperNext.status).toBe(204);
    expect(otherNext.card!.prospect.id).toBe(setAside.id);
  });

  it('answers many callers asking at once with distinct prospects, and each caller exactly once', async () => {
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => q.newProspect(`Crowd Member ${i}`)));
    const callers = await demoCallers(q, 12);
    const answers = await Promise.all(callers.map((token) => q.next(token, { q: 'crowd member' })));
    expect(answers.map((a) => a.status)).toEqual(callers.map(() => 200));
    expect(answers.map((a) => a.card!.prospect.id).sort()).toEqual(created.map((p) => p.id).sort());
  });
});
