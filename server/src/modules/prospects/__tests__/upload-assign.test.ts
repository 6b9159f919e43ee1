import { bulkProspectsResponseSchema, type BulkProspectsResponse } from '@app/shared/contracts';
import { asc, eq } from 'drizzle-orm';
import { prospects, teamMembers, users } from '../../../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, teamOf, type OwnerUser } from '../../../testing/owner-users';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { REVERT_NOT_ALLOWED_DETAIL } from '../../imports';
import { TEAM_NOT_IN_TENANT_DETAIL, TEAM_NOT_VISIBLE_DETAIL, TEAM_WITHOUT_MEMBERS_DETAIL } from '../../owners';

let t: TestApp;
let f: CrmFixture;
let staffId: string;
/** Named so that their order by name differs from the order they were made in. */
let cid: OwnerUser;
let ann: OwnerUser;
let bob: OwnerUser;
let olive: OwnerUser;
let teamId: string;
let phone = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  staffId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.staff }), 200)._id;
  cid = await ownerUser(t, f, { email: 'cid@example.com', fullName: 'Cid Third' });
  ann = await ownerUser(t, f, { email: 'ann@example.com', fullName: 'Ann First' });
  bob = await ownerUser(t, f, { email: 'bob@example.com', fullName: 'Bob Second' });
  const gone = await ownerUser(t, f, { email: 'gone@example.com', fullName: 'Aaron Gone' });
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
  olive = await ownerUser(t, f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  teamId = await teamOf(t, f.demoTenantId, 'Closers', [cid.id, bob.id, ann.id, gone.id]);
});
afterAll(() => t.close());

const rows = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ Name: `${prefix} ${index + 1}`, Phone1: `+1 555 043 ${String(++phone).padStart(4, '0')}` }));
const upload = (body: Record<string, unknown>, token = f.staff) =>
  t.request({ method: 'POST', url: '/api/v1/crm/prospects/bulk', token, body: { tenant_id: f.demoTenantId, ...body } });
const uploaded = async (body: Record<string, unknown>, token = f.staff): Promise<BulkProspectsResponse> =>
  bulkProspectsResponseSchema.parse(expectStatus(await upload(body, token), 200));
/** The owners of an import's prospects in file order (the first row is the newest). */
const ownersOf = async (importId: string) =>
  (
    await t.db.select({ name: prospects.name, ownerId: prospects.ownerId }).from(prospects).where(eq(prospects.importId, importId)).orderBy(asc(prospects.name))
  ).map((row) => [row.name, row.ownerId]);

test('an upload is the uploader’s unless told otherwise, or nobody’s', async () => {
  const mine = await uploaded({ prospects: rows('Default Owner', 2) });
  expect(await ownersOf(mine.import_id)).toEqual([
    ['Default Owner 1', staffId],
    ['Default Owner 2', staffId],
  ]);
  const explicit = await uploaded({ prospects: rows('Uploader Owner', 1), assign: 'uploader' });
  expect(await ownersOf(explicit.import_id)).toEqual([['Uploader Owner 1', staffId]]);
  const none = await uploaded({ prospects: rows('No Owner', 2), assign: 'none' });
  expect(await ownersOf(none.import_id)).toEqual([
    ['No Owner 1', null],
    ['No Owner 2', null],
  ]);
});

test("round-robin: the saved rows go to the team's active members in turn, by name, and a later slice carries on", async () => {
  const file = rows('Turn', 8);
  // Row 3 is refused: it takes no turn.
  const first = await uploaded({
    prospects: [...file.slice(0, 2), { Name: 'Turn Bad', Phone1: 'none' }, ...file.slice(2, 6)],
    file_name: 'turns.csv',
    assign: { team_id: teamId },
  });
  expect([first.total_created, first.total_errors]).toEqual([6, 1]);
  const next = await uploaded({ prospects: file.slice(6), import_id: first.import_id, assign: { team_id: teamId } });
  expect(next.total_created).toBe(2);
  const [a, b, c] = [ann.id, bob.id, cid.id];
  expect(await ownersOf(first.import_id)).toEqual([
    ['Turn 1', a],
    ['Turn 2', b],
    ['Turn 3', c],
    ['Turn 4', a],
    ['Turn 5', b],
    ['Turn 6', c],
    ['Turn 7', a],
    ['Turn 8', b],
  ]);
  // The trail says how each slice was handed out.
  const events = (await auditOf(t, 'prospect.bulk_uploaded')).filter((event) => (event.details as { import_id?: string }).import_id === first.import_id);
  expect(events.map((event) => (event.details as { assign?: unknown }).assign)).toEqual([{ team_id: teamId }, { team_id: teamId }]);
});

test('rows go only to a team whose members the uploader sees: an Own-records uploader is refused, nothing saved', async () => {
  const response = await upload({ prospects: rows('Olive Team', 3), assign: { team_id: teamId } }, olive.token);
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ detail: TEAM_NOT_VISIBLE_DETAIL });
  expect(await t.db.select({ id: prospects.id }).from(prospects).where(eq(prospects.name, 'Olive Team 1'))).toEqual([]);
});

test('a revert removes the import’s unworked rows whoever they went to, and removed + kept is every row', async () => {
  // A Team-records member of the team hands rows to it, then leaves the team: the rows are no longer theirs to see.
  const tia = await ownerUser(t, f, { email: 'tia@example.com', fullName: 'Tia Team', visibility: 'team' });
  const dan = await ownerUser(t, f, { email: 'dan@example.com', fullName: 'Dan Mate' });
  const eve = await ownerUser(t, f, { email: 'eve@example.com', fullName: 'Eve Mate' });
  const team = await teamOf(t, f.demoTenantId, 'Reverters', [tia.id, dan.id, eve.id]);
  const answer = await uploaded({ prospects: rows('Tia Team', 4), assign: { team_id: team } }, tia.token);
  expect(answer.total_created).toBe(4);
  await t.db.delete(teamMembers).where(eq(teamMembers.userId, tia.id));
  const worked = (await ownersOf(answer.import_id)).find(([, owner]) => owner === dan.id)!;
  await t.db
    .update(prospects)
    .set({ updatedAt: new Date(Date.now() + 60_000) })
    .where(eq(prospects.name, worked[0] as string));
  const reverted = expectStatus<{ removed: number; kept: number }>(
    await t.request({ method: 'POST', url: `/api/v1/crm/imports/${answer.import_id}/revert`, token: tia.token }),
    200,
  );
  expect({ removed: reverted.removed, kept: reverted.kept }).toEqual({ removed: 3, kept: 1 });
  expect(await ownersOf(answer.import_id)).toEqual([worked]);
});

test('a revert is its uploader’s, an admin’s, or of one who sees every owner its rows went to: a teammate who cannot is refused 403 and nothing is removed', async () => {
  // Outbound: Uma uploads (she sees every record) and hands the rows to Inbound; Tina, her Team-records teammate, sees the upload but not the rows.
  const uma = await ownerUser(t, f, { email: 'uma@example.com', fullName: 'Uma Uploader' });
  const tina = await ownerUser(t, f, { email: 'tina@example.com', fullName: 'Tina Teammate', visibility: 'team' });
  const ivan = await ownerUser(t, f, { email: 'ivan@example.com', fullName: 'Ivan Inbound' });
  const ines = await ownerUser(t, f, { email: 'ines@example.com', fullName: 'Ines Inbound' });
  const alba = await ownerUser(t, f, { email: 'alba@example.com', fullName: 'Alba All' });
  await teamOf(t, f.demoTenantId, 'Outbound', [uma.id, tina.id]);
  const inbound = await teamOf(t, f.demoTenantId, 'Inbound', [ivan.id, ines.id]);
  const revert = (importId: string, token: string) => t.request({ method: 'POST', url: `/api/v1/crm/imports/${importId}/revert`, token });
  const imports = async (token: string) =>
    expectStatus<{ imports: { id: string; reverted_at: string | null }[] }>(
      await t.request({ url: `/api/v1/crm/imports?tenant_id=${f.demoTenantId}`, token }),
      200,
    ).imports;
  const removed = async (importId: string, token: string) => expectStatus<{ removed: number }>(await revert(importId, token), 200).removed;

  const handedOn = await uploaded({ prospects: rows('Handed On', 4), file_name: 'inbound.csv', assign: { team_id: inbound } }, uma.token);
  expect((await imports(tina.token)).map((entry) => entry.id)).toContain(handedOn.import_id);
  const refused = await revert(handedOn.import_id, tina.token);
  expect([refused.statusCode, refused.json()]).toEqual([403, { detail: REVERT_NOT_ALLOWED_DETAIL }]);
  expect(await ownersOf(handedOn.import_id)).toHaveLength(4);
  expect((await imports(uma.token)).find((entry) => entry.id === handedOn.import_id)?.reverted_at).toBeNull();
  expect((await auditOf(t, 'prospect.import_reverted')).map((event) => event.targetId)).not.toContain(handedOn.import_id);

  // Rows that went to her team, or to no one, are hers to see: she may revert those.
  expect(await removed((await uploaded({ prospects: rows('Kept Home', 2), assign: 'uploader' }, uma.token)).import_id, tina.token)).toBe(2);
  expect(await removed((await uploaded({ prospects: rows('Nobodys', 2), assign: 'none' }, uma.token)).import_id, tina.token)).toBe(2);

  // Someone who sees every owner, the uploader and an admin may revert one handed on.
  expect(await removed(handedOn.import_id, alba.token)).toBe(4);
  const again = await uploaded({ prospects: rows('Handed Again', 2), assign: { team_id: inbound } }, uma.token);
  expect((await revert(again.import_id, tina.token)).statusCode).toBe(403);
  expect(await removed(again.import_id, uma.token)).toBe(2);
  const third = await uploaded({ prospects: rows('Handed Third', 2), assign: { team_id: inbound } }, uma.token);
  expect(await removed(third.import_id, f.admin)).toBe(2);
});

test('a team of another tenant, an unknown one, one without active members or a bad choice is a 400; nothing is saved', async () => {
  const theirs = await teamOf(t, f.otherTenantId, 'Elsewhere', []);
  const empty = await teamOf(t, f.demoTenantId, 'Empty', []);
  const cases: [unknown, string | undefined][] = [
    [{ team_id: theirs }, TEAM_NOT_IN_TENANT_DETAIL],
    [{ team_id: '00000000-0000-4000-8000-000000000000' }, TEAM_NOT_IN_TENANT_DETAIL],
    [{ team_id: empty }, TEAM_WITHOUT_MEMBERS_DETAIL],
    ['someone', undefined],
    [{ team_id: 'nope' }, undefined],
    [{ team_id: teamId, extra: 1 }, undefined],
    [5, undefined],
    ['uploader\u0000', undefined],
  ];
  for (const [assign, detail] of cases) {
    const response = await upload({ prospects: rows('Refused Team', 1), assign });
    expect(response.statusCode).toBe(400);
    if (detail) expect(response.json()).toEqual({ detail });
    else expect(typeof response.json().detail).toBe('string');
  }
  const saved = await t.db.select({ id: prospects.id }).from(prospects).where(eq(prospects.name, 'Refused Team 1'));
  expect(saved).toEqual([]);
});

test('a row whose phone is a prospect the uploader cannot see is a duplicate that does not name it', async () => {
  const [hidden] = rows('Hidden From Olive', 1);
  expect((await uploaded({ prospects: [hidden] })).total_created).toBe(1);
  const answer = await uploaded({ prospects: [{ Name: 'Olive Copy', Phone1: hidden!.Phone1 }] }, olive.token);
  expect(answer).toMatchObject({ total_created: 0, total_errors: 1, errors: [{ row: 1, detail: 'duplicate of an existing prospect (same Phone1)' }] });
  expect(JSON.stringify(answer)).not.toContain('Hidden From Olive');
});
