import type { Prospect } from '@app/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { notifications, prospects } from '../../../db/schema';
import { userScope } from '../../../tenancy/scope';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { prospectsAssignService } from '../assign';

let t: TestApp;
let f: CrmFixture;
let cole: OwnerUser;
let admin: { id: string; email: string };
let batch: Prospect[];

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  cole = await ownerUser(t, f, { email: 'cole@example.com', fullName: 'Cole League' });
  const me = expectStatus<{ _id: string; email: string }>(await t.request({ url: '/api/v1/auth/me', token: f.admin }), 200);
  admin = { id: me._id, email: me.email };
  const p = prospectRequests(t, f);
  batch = [];
  for (let i = 1; i <= 5; i++)
    batch.push(await p.create({ name: `Round Robin ${i}`, phone1: `+1 555 077 ${String(i).padStart(4, '0')}` }, f.demoTenantId, f.admin));
});
afterAll(() => t.close());

/** An admin's Assign to of every "Round Robin" prospect to Cole, two records a round, the way the route runs it. */
function assignInRounds(inRound?: (round: number) => Promise<void>) {
  const service = prospectsAssignService({ size: 2, inRound: inRound && ((_tx, round) => inRound(round.number)) });
  const user = { id: admin.id, isAdmin: true, tenantId: null, visibility: 'all' as const, teamMemberIds: [] };
  return service.assign(
    t.scoped.as(userScope(user)),
    f.demoTenantId,
    { owner_id: cole.id, filter: { q: 'round robin' } },
    { userId: admin.id, email: admin.email, clientIp: '127.0.0.1' },
  );
}

const colesRecords = async () =>
  (
    await t.db
      .select({ id: prospects.id })
      .from(prospects)
      .where(and(eq(prospects.tenantId, f.demoTenantId), eq(prospects.ownerId, cole.id)))
  )
    .map((row) => row.id)
    .sort();
const audited = async () => (await auditOf(t, 'prospect.assigned')).flatMap((event) => (event.details as { records: string[] }).records).sort();
const colesNotices = async () =>
  (await t.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, cole.id))).map((row) => row.text);

test('an Assign to interrupted after its first round leaves every record it moved audited, and the new owner told of them', async () => {
  await expect(
    assignInRounds(async (round) => {
      if (round === 2) throw new Error('interrupted in round 2');
    }),
  ).rejects.toThrow('interrupted in round 2');

  // The first round (two records) stands; the second was undone with everything it wrote.
  const moved = await colesRecords();
  expect(moved).toHaveLength(2);
  expect(await audited()).toEqual(moved);
  const events = await auditOf(t, 'prospect.assigned');
  const names = new Map(batch.map((row) => [row.id, row.name]));
  for (const event of events) {
    const details = event.details as { records: string[]; record_names: string[]; updated: number };
    expect(details.record_names).toEqual(details.records.map((id) => names.get(id)));
    expect(details.updated).toBe(details.records.length);
  }
  expect(await colesNotices()).toEqual(['Demo Admin assigned you 2 prospects']);

  // Run again to the end: the rest move, each round audited, and Cole's one notice counts them all.
  expect(await assignInRounds()).toEqual({ updated: 3 });
  expect(await colesRecords()).toEqual(batch.map((row) => row.id).sort());
  expect(await audited()).toEqual(batch.map((row) => row.id).sort());
  expect((await colesNotices()).sort()).toEqual(['Demo Admin assigned you 2 prospects', 'Demo Admin assigned you 3 prospects']);
});
