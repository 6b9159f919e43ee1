import type { CallCard, Prospect, ProspectListResponse } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser } from '../../../testing/owner-users';
import { createQueueFixture, type QueueFixture } from './queue-fixture';

/*
 * The queue works over exactly what the prospects list shows for the same filter: it reads its
 * prospects through the lists' own filter code, so a search the list finds (a name typed with a
 * combining accent, a phone however written) the queue finds too, and the owner and visibility
 * filters agree.
 */

let q: QueueFixture;
let rep: { id: string; token: string };
const made: Prospect[] = [];

beforeAll(async () => {
  q = await createQueueFixture();
  rep = await ownerUser(q.t, q.f, { email: 'queue-filter-rep@example.com', fullName: 'Queue Filter Rep', visibility: 'own' });
  const add = async (token: string, name: string, phone1: string) =>
    made.push(
      expectStatus<Prospect>(
        await q.t.request({ method: 'POST', url: '/api/v1/crm/prospects', token, body: { tenant_id: q.f.demoTenantId, name, phone1 } }),
        201,
      ),
    );
  // Composed é (U+00E9), as most keyboards write it.
  await add(q.f.staff, 'Café Lumière Filterqueue', '+1 555 071 4401');
  await add(q.f.staff, 'Cafe Plain Filterqueue', '+1 555 071 4402');
  await add(rep.token, "Rep's Café Filterqueue", '+1 555 071 4403');
});
afterAll(() => q.t.close());

/** The queue's next card for the filter, on no goal (the rep may not count calls on the staff's goal). */
const next = (token: string, filter: Record<string, unknown>) =>
  q.t.request({ method: 'POST', url: '/api/v1/crm/call-queue/next', token, body: { tenant_id: q.f.demoTenantId, filter } });

/** Every prospect the queue hands the caller for the filter, claimed one after another (each set aside) until it answers 204. */
async function drain(token: string, filter: Record<string, unknown>): Promise<string[]> {
  const handed: string[] = [];
  for (;;) {
    const answer = await next(token, { ...filter, exclude_ids: handed });
    if (answer.statusCode === 204) return handed.sort();
    const card = expectStatus<CallCard>(answer, 200);
    handed.push(card.prospect.id);
    expectStatus(await q.skip(card.prospect.id, token), 200);
  }
}

async function listed(token: string, query: string): Promise<string[]> {
  const list = expectStatus<ProspectListResponse>(
    await q.t.request({ url: `/api/v1/crm/prospects?tenant_id=${q.f.demoTenantId}&limit=100&${query}`, token }),
    200,
  );
  return list.prospects.map((prospect) => prospect.id).sort();
}

test('"Cafe" with a combining accent finds "Café" in the queue as in the list', async () => {
  const decomposed = 'Cafe\u0301 Lumie\u0300re';
  const fromList = await listed(q.f.staff, `q=${encodeURIComponent(decomposed)}`);
  expect(fromList).toEqual([made[0]!.id]);
  const card = expectStatus<CallCard>(await next(q.f.staff, { q: decomposed }), 200);
  expect(card.prospect.name).toBe('Café Lumière Filterqueue');
  expectStatus(await q.skip(card.prospect.id), 200);
});

test.each([
  ['an accented search', { q: 'cafe\u0301' }],
  ['a plain search', { q: 'filterqueue' }],
  ['a phone written another way', { q: '(555) 071-4402' }],
  ['the owner filter (me)', { q: 'filterqueue', owner_id: 'me' }],
])('the queue hands out exactly what the list shows for %s, for each visibility', async (_name, filter) => {
  const query = new URLSearchParams(Object.entries(filter)).toString();
  expect((await listed(q.f.staff, query)).length).toBeGreaterThan(0);
  for (const token of [q.f.staff, rep.token]) expect(await drain(token, filter)).toEqual(await listed(token, query));
});
