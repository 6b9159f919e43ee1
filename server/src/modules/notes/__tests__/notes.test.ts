import { recordNoteListResponseSchema, recordNoteSchema, timelineResponseSchema, type RecordNote, type StatusOption } from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { recordNotes } from '../../../db/schema';
import { userContext, type DbContext } from '../../../db/wall/context';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, teamOf, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let olive: OwnerUser; // own records
let tess: OwnerUser; // team records, in Olive's team
let otto: OwnerUser; // own records, in no team
let ada: OwnerUser; // all records
let phone = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  olive = await ownerUser(t, f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  tess = await ownerUser(t, f, { email: 'tess@example.com', fullName: 'Tess Team', visibility: 'team' });
  otto = await ownerUser(t, f, { email: 'otto@example.com', fullName: 'Otto Other', visibility: 'own' });
  ada = await ownerUser(t, f, { email: 'ada@example.com', fullName: 'Ada All' });
  await teamOf(t, f.demoTenantId, 'Notes Team', [olive.id, tess.id]);
  // Team membership is read at sign-in.
  tess = { ...tess, token: await t.login('tess@example.com', 'owner-user-password') };
});
afterAll(() => t.close());

const prospectAs = (token: string, name: string) =>
  prospectRequests(t, f).create({ name, phone1: `+1 555 043 ${String(++phone).padStart(4, '0')}` }, f.demoTenantId, token);
const notesUrl = (kind: 'prospects' | 'leads', id: string) => `/api/v1/crm/${kind}/${id}/notes`;
const write = (token: string, id: string, body: unknown, kind: 'prospects' | 'leads' = 'prospects') =>
  t.request({ method: 'POST', url: notesUrl(kind, id), token, body: { body } });
const notesOf = async (token: string, id: string, kind: 'prospects' | 'leads' = 'prospects') =>
  recordNoteListResponseSchema.parse(expectStatus(await t.request({ url: notesUrl(kind, id), token }), 200)).notes;
const timelineOf = async (token: string, id: string, kind: 'prospects' | 'leads' = 'prospects') =>
  timelineResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/${kind}/${id}/timeline`, token }), 200)).entries;

test('a note is kept exactly as typed, shown with its author; only the author edits or deletes it, each write audited', async () => {
  const prospect = await prospectAs(olive.token, 'Noted Prospect');
  const typed = '  Called twice.\n\tAsk for <b>Ms. Lee</b> & the CFO ✓  ';
  const note = recordNoteSchema.parse(expectStatus(await write(olive.token, prospect.id, typed), 201));
  expect(note).toMatchObject({ body: typed, author_id: olive.id, author_name: 'Olive Own' });
  expect(await notesOf(olive.token, prospect.id)).toEqual([note]);

  // Blank, too long, or not text: refused with the field named, nothing stored.
  for (const body of ['', '   \n ', 'x'.repeat(10_001), 42]) {
    const refused = await write(olive.token, prospect.id, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/^body: /);
  }
  expect(expectStatus(await write(olive.token, prospect.id, 'y'.repeat(10_000)), 201)).toBeTruthy();

  // Ada sees the note but it is not hers (an admin neither): 403, unchanged.
  for (const token of [ada.token, f.admin]) {
    expect((await t.request({ method: 'PUT', url: `${notesUrl('prospects', prospect.id)}/${note.id}`, token, body: { body: 'mine now' } })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'DELETE', url: `${notesUrl('prospects', prospect.id)}/${note.id}`, token })).statusCode).toBe(403);
  }
  const edited = expectStatus<RecordNote>(
    await t.request({ method: 'PUT', url: `${notesUrl('prospects', prospect.id)}/${note.id}`, token: olive.token, body: { body: 'Called twice.' } }),
    200,
  );
  expect(edited).toMatchObject({ id: note.id, body: 'Called twice.', created_at: note.created_at });
  expectStatus(await t.request({ method: 'DELETE', url: `${notesUrl('prospects', prospect.id)}/${note.id}`, token: olive.token }), 200);
  expect((await notesOf(olive.token, prospect.id)).map((n) => n.id)).not.toContain(note.id);
  // A note id of another record is not found through this one.
  const other = await prospectAs(olive.token, 'Other Noted Prospect');
  const elsewhere = expectStatus<RecordNote>(await write(olive.token, other.id, 'elsewhere'), 201);
  expect((await t.request({ method: 'DELETE', url: `${notesUrl('prospects', prospect.id)}/${elsewhere.id}`, token: olive.token })).statusCode).toBe(404);

  for (const action of ['note.created', 'note.updated', 'note.deleted']) {
    const [entry] = (await auditOf(t, action)).filter((event) => event.targetId === note.id);
    expect(entry).toMatchObject({ actorUserId: olive.id, tenantId: f.demoTenantId, targetType: 'note', targetName: 'Noted Prospect' });
  }
});

test('notes are seen exactly as their record: owner, team, all, admin; another tenant and hidden records get 404', async () => {
  const oliveProspect = await prospectAs(olive.token, 'Olive Matrix');
  const ottoProspect = await prospectAs(otto.token, 'Otto Matrix');
  const note = expectStatus<RecordNote>(await write(olive.token, oliveProspect.id, 'team may read this'), 201);
  const expectations: [string, string, boolean][] = [
    ['olive (owner)', olive.token, true],
    ['tess (team)', tess.token, true],
    ['otto (own, not owner)', otto.token, false],
    ['ada (all)', ada.token, true],
    ['admin', f.admin, true],
    ['outsider (other tenant)', f.outsider, false],
  ];
  for (const [who, token, sees] of expectations) {
    const listed = await t.request({ url: notesUrl('prospects', oliveProspect.id), token });
    const timeline = await t.request({ url: `/api/v1/crm/prospects/${oliveProspect.id}/timeline`, token });
    const added = await write(token, oliveProspect.id, `from ${who}`);
    expect({ who, listed: listed.statusCode, timeline: timeline.statusCode, added: added.statusCode }).toEqual({
      who,
      listed: sees ? 200 : 404,
      timeline: sees ? 200 : 404,
      added: sees ? 201 : 404,
    });
    if (sees) expect(recordNoteListResponseSchema.parse(listed.json()).notes.map((n) => n.id)).toContain(note.id);
  }
  // Tess's team does not reach Otto's record.
  expect((await t.request({ url: notesUrl('prospects', ottoProspect.id), token: tess.token })).statusCode).toBe(404);

  // The database's wall hides the notes of records a user may not see, even to a query without filters.
  const asOtto = userContext({ id: otto.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [otto.id] });
  const asTess = userContext({ id: tess.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [tess.id, olive.id] });
  const read = (context: DbContext) => t.database.handle.contextDb(context).select({ id: recordNotes.id }).from(recordNotes).where(eq(recordNotes.id, note.id));
  expect(await read(asOtto)).toEqual([]);
  expect(await read(asTess)).toEqual([{ id: note.id }]);
});

test('the timeline lists changes, calls with their caller and notes, newest first; a prospect’s notes go with it to its lead', async () => {
  const statuses = expectStatus<StatusOption[]>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: ada.token }), 200);
  const byName = Object.fromEntries(statuses.map((status) => [status.name, status]));
  const today = new Date().toISOString().slice(0, 10);
  const goal = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/goals',
      token: ada.token,
      body: { tenant_id: f.demoTenantId, name: 'Timeline Goal', target_count: 5, start_date: today, end_date: today },
    }),
    201,
  );
  const prospect = await prospectAs(ada.token, 'Timeline Prospect');
  const changeStatus = (statusId: string, call: boolean) =>
    t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-status',
      token: ada.token,
      body: { prospect_id: prospect.id, status_id: statusId, prospect_contacted: call, ...(call ? { goal_id: goal.id } : {}) },
    });
  expectStatus(await changeStatus(byName['No Answer']!.id, true), 200);
  const note = expectStatus<RecordNote>(await write(ada.token, prospect.id, 'Try mornings.'), 201);

  const entries = await timelineOf(ada.token, prospect.id);
  expect(entries[0]).toMatchObject({ kind: 'note', notes: 'Try mornings.', user_name: 'Ada All' });
  expect(entries).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'call', summary: 'Call made (goal: Timeline Goal)', user_name: 'Ada All' }),
      expect.objectContaining({ kind: 'status', summary: 'Status changed to No Answer (call made)', user_name: 'Ada All' }),
    ]),
  );
  expect(entries.map((entry) => entry.created_at)).toEqual([...entries.map((entry) => entry.created_at)].sort().reverse());

  const converted = expectStatus<{ lead_data: { id: string } }>(await changeStatus(byName.Interested!.id, false), 200);
  const leadId = converted.lead_data.id;
  expect((await notesOf(ada.token, leadId, 'leads')).map((n) => n.id)).toEqual([note.id]);
  const leadNote = expectStatus<RecordNote>(await write(ada.token, leadId, 'Sent the deck.', 'leads'), 201);
  const leadTimeline = await timelineOf(ada.token, leadId, 'leads');
  expect(leadTimeline.filter((entry) => entry.kind === 'note').map((entry) => entry.notes)).toEqual(['Sent the deck.', 'Try mornings.']);
  expect(leadTimeline.some((entry) => entry.summary === 'Status changed to Interested')).toBe(true);
  // The lead's own note is the lead's: the prospect does not list it.
  expect((await notesOf(ada.token, prospect.id)).map((n) => n.id)).not.toContain(leadNote.id);

  // Written on the converted prospect (a tab kept open), a note goes to the lead as well, as the ones before did.
  const late = expectStatus<RecordNote>(await write(ada.token, prospect.id, 'Written on the old page.'), 201);
  expect((await notesOf(ada.token, leadId, 'leads')).map((n) => n.id)).toContain(late.id);
  expect((await timelineOf(ada.token, leadId, 'leads')).some((entry) => entry.notes === 'Written on the old page.')).toBe(true);
  const lateTask = expectStatus<{ lead_id: string | null; prospect_id: string | null }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/tasks',
      token: ada.token,
      body: { prospect_id: prospect.id, type: 'todo', title: 'Follow up from the old page', due_date: '2030-01-01' },
    }),
    201,
  );
  expect(lateTask).toMatchObject({ lead_id: leadId, prospect_id: prospect.id });
});
