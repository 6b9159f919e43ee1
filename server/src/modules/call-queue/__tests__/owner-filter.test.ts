import { eq } from 'drizzle-orm';
import { prospects } from '../../../db/schema';
import { expectStatus } from '../../../testing/crm-fixture';
import { createQueueFixture, type QueueFixture } from './queue-fixture';

describe("call queue: the list's owner filter", () => {
  let q: QueueFixture;
  let staffId: string;
  beforeAll(async () => {
    q = await createQueueFixture();
    staffId = expectStatus<{ _id: string }>(await q.t.request({ url: '/api/v1/auth/me', token: q.f.staff }), 200)._id;
  });
  afterAll(() => q.t.close());

  /** Every prospect the queue hands out for this filter, each skipped so the next one comes. */
  async function drain(filter: Record<string, unknown>): Promise<string[]> {
    const handed: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const { status, card } = await q.next(q.f.staff, { ...filter, exclude_ids: handed });
      if (status === 204) break;
      handed.push(card!.prospect.id);
      expect((await q.skip(card!.prospect.id)).statusCode).toBe(200);
    }
    return handed.sort();
  }

  it("hands out only the chosen owner's prospects: mine, unassigned, or a user's", async () => {
    const mine = await q.newProspect('Owned Queue Mine');
    const loose = await q.newProspect('Owned Queue Loose');
    const theirs = await q.newProspect('Owned Queue Theirs');
    const adminId = expectStatus<{ _id: string }>(await q.t.request({ url: '/api/v1/auth/me', token: q.f.admin }), 200)._id;
    await q.t.db.update(prospects).set({ ownerId: null }).where(eq(prospects.id, loose.id));
    await q.t.db.update(prospects).set({ ownerId: adminId }).where(eq(prospects.id, theirs.id));
    expect(mine.owner_id).toBe(staffId);

    expect(await drain({ q: 'owned queue', owner_id: 'me' })).toEqual([mine.id]);
    expect(await drain({ q: 'owned queue', owner_id: 'none' })).toEqual([loose.id]);
    expect(await drain({ q: 'owned queue', owner_id: adminId })).toEqual([theirs.id]);
    expect(await drain({ q: 'owned queue' })).toEqual([mine.id, loose.id, theirs.id].sort());
  });

  it('refuses an owner filter that is not me, none or a user id', async () => {
    const response = await q.next(q.f.staff, { owner_id: 'someone' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ detail: expect.stringContaining('owner_id') });
  });
});
