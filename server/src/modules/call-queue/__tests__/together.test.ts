import { createQueueFixture, demoCallers, type QueueFixture } from './queue-fixture';

/** Callers asking at the same moment: what each of them gets. */
describe('callers asking together', () => {
  let q: QueueFixture;
  beforeAll(async () => {
    q = await createQueueFixture();
  });
  afterAll(() => q.t.close());

  it('hands the front of the queue out in its order, one prospect each', async () => {
    const older = await q.newProspect('Front Row Older');
    const newer = await q.newProspect('Front Row Newer');
    const filter = { q: 'front row' };
    const [first, second] = await Promise.all([q.next(q.f.staff, filter), q.next(q.f.admin, filter)]);
    // Never called, newest first: the two front rows, one each.
    expect([first.card!.prospect.id, second.card!.prospect.id].sort()).toEqual([newer.id, older.id].sort());
    expect(first.card!.goal!.id).toBe(q.goal.id);
    // Both are held now: nothing is left for a third caller.
    expect((await q.next(q.f.admin, filter)).status).toBe(204);
  });

  it("gives a caller's due callback to that caller first, among callers asking at once", async () => {
    const promised = await q.newProspect('Promised Call Co');
    await q.newProspect('Promised Call Other');
    const only = { q: 'promised call' };
    expect((await q.next(q.f.staff, only)).card!.prospect.name).toBe('Promised Call Other');
    const inAMinute = new Date(q.now().getTime() + 60_000).toISOString();
    expect((await q.outcome(promised.id, { callback_at: inAMinute })).statusCode).toBe(200);
    q.advance(61_000);

    const [mine, theirs] = await Promise.all([q.next(q.f.staff, only), q.next(q.f.admin, only)]);
    expect(mine.card!.prospect.id).toBe(promised.id);
    expect(mine.card!.callback!.due_at).toBe(inAMinute);
    expect(theirs.status).toBe(204);
    expect((await q.outcome(promised.id, { status_id: q.statuses['No Answer'].id })).statusCode).toBe(200);
  });

  it("does not empty a caller's queue with the prospects another caller set aside", async () => {
    const setAside = await q.newProspect('Set Aside Solo');
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
