import { eq } from 'drizzle-orm';
import { goalListSchema, sessionUserSchema, type LeadListResponse, type ProspectListResponse, type Team, type User } from '@app/shared/contracts';
import { calls, goals } from '../../db/schema';
import { expectStatus } from '../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_TEAM_STAFF, DEMO_TEAMS } from '../demo-teams';
import { DEMO_STAFF, seedDemo } from '../seed';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ crmSample: true });
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

const get = async <T>(path: string) =>
  expectStatus<T>(await t.request({ url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${t.seed!.tenantId}`, token: admin }), 200);

test('the demo tenant has two teams of people who sign in, and its records are spread over them with some unassigned', async () => {
  const users = await get<User[]>('auth/users');
  const emailOf = new Map(users.map((user) => [user.id, user.email]));
  const teams = await get<Team[]>('crm/teams');
  expect(teams.map((team) => [team.name, team.member_ids.map((id) => emailOf.get(id)).sort()])).toEqual(
    DEMO_TEAMS.map((team) => [team.name, [...team.members].sort()]),
  );
  // The demo logins see everything, as before; the colleagues show the narrower views.
  expect(users.filter((user) => ['admin@example.com', 'staff@example.com'].includes(user.email)).map((user) => user.visibility)).toEqual(['all', 'all']);
  for (const colleague of DEMO_TEAM_STAFF) {
    const token = await t.login(colleague.email, DEMO_STAFF.password);
    const me = sessionUserSchema.parse(expectStatus(await t.request({ url: '/api/v1/auth/me', token }), 200));
    expect(me.visibility).toBe(colleague.visibility);
    expect(me.team_id).toBe(teams.find((team) => team.member_ids.includes(me._id))!.id);
  }

  const total = (await get<ProspectListResponse>('crm/prospects')).pagination.total;
  const owners = [...teams.flatMap((team) => team.member_ids), 'none'];
  const counts = await Promise.all(owners.map(async (owner) => (await get<ProspectListResponse>(`crm/prospects?owner_id=${owner}`)).pagination.total));
  expect(counts.every((n) => n > total / 10)).toBe(true);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(total);

  // A lead keeps its prospect's owner.
  const leads = (await get<LeadListResponse>('crm/leads?limit=100')).leads;
  expect(new Set(leads.map((lead) => lead.owner_id)).size).toBeGreaterThan(2);
  for (const lead of leads.slice(0, 10)) {
    const prospect = expectStatus<{ owner_id: string | null }>(
      await t.request({ url: `/api/v1/crm/prospects/${lead.prospect_id}?tenant_id=${t.seed!.tenantId}`, token: admin }),
      200,
    );
    expect(lead.owner_id).toBe(prospect.owner_id);
  }
});

test('a second seeding changes no team, member or owner', async () => {
  const ownersNow = async () => (await get<ProspectListResponse>('crm/prospects?limit=100')).prospects.map((p) => [p.id, p.owner_id]);
  const before = { teams: await get<Team[]>('crm/teams'), owners: await ownersNow() };
  const again = await seedDemo(t.database.handle, { crmSample: true });
  expect(again.created).toEqual([]);
  expect({ teams: await get<Team[]>('crm/teams'), owners: await ownersNow() }).toEqual(before);
});

test("each demo call counts on a goal its caller sees, or on none: Maya's calls are hers, on no colleague's goal", async () => {
  const maya = (await get<User[]>('auth/users')).find((user) => user.email === 'maya@example.com')!;
  const rows = await t.db
    .select({ callerId: calls.callerId, goalId: calls.goalId, goalUser: goals.userId })
    .from(calls)
    .leftJoin(goals, eq(goals.id, calls.goalId));
  const mayas = rows.filter((row) => row.callerId === maya.id);
  expect(mayas.length).toBeGreaterThan(0);
  expect(mayas.every((row) => row.goalId === null || row.goalUser === maya.id || row.goalUser === null)).toBe(true);
  // Her goal picker offers no colleague's goal, and the Calls report still counts every call of hers.
  const token = await t.login('maya@example.com', DEMO_STAFF.password);
  const offered = goalListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${t.seed!.tenantId}&active=true`, token }), 200));
  expect(offered.every((goal) => goal.user_id === maya.id || goal.user_id === null)).toBe(true);
});
