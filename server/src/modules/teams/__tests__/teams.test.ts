import { auditEventPageSchema, sessionUserSchema, teamListSchema, teamSchema, userSchema, type Team, type User } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
// Users of the demo tenant made for these tests, and one of the other tenant.
let ana: User;
let ben: User;
let cleo: User;
let stranger: User;

let counter = 0;
async function createUser(tenantId: string, body: Record<string, unknown> = {}): Promise<User> {
  counter += 1;
  return userSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/auth/users',
        token: f.admin,
        body: {
          email: `teams-user${counter}@example.com`,
          full_name: `Teams User ${counter}`,
          password: 'password-123',
          tenant_id: tenantId,
          is_staff: true,
          ...body,
        },
      }),
      201,
    ),
  );
}

beforeAll(async () => {
  // The session cache is on, as in production: team and visibility changes must drop it themselves.
  t = await createTestApp({ config: { sessionCacheTtlMs: 60_000 } });
  f = await createCrmFixture(t);
  ana = await createUser(f.demoTenantId);
  ben = await createUser(f.demoTenantId);
  cleo = await createUser(f.demoTenantId);
  stranger = await createUser(f.otherTenantId);
});
afterAll(() => t.close());

const list = async (tenantId = f.demoTenantId, token = f.admin) =>
  teamListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/teams?tenant_id=${tenantId}`, token }), 200));

const post = (body: unknown, token = f.admin) => t.request({ method: 'POST', url: '/api/v1/crm/teams', token, body });
const put = (id: string, body: unknown, token = f.admin) => t.request({ method: 'PUT', url: `/api/v1/crm/teams/${id}`, token, body });
const del = (id: string, token = f.admin) => t.request({ method: 'DELETE', url: `/api/v1/crm/teams/${id}`, token });

async function create(name: string, memberIds: string[] = [], tenantId = f.demoTenantId): Promise<Team> {
  return teamSchema.parse(expectStatus(await post({ tenant_id: tenantId, name, member_ids: memberIds }), 201));
}

async function auditOf(action: string, targetId: string) {
  const page = auditEventPageSchema.parse(expectStatus(await t.request({ url: `/api/v1/audit-events?action=${action}&limit=100`, token: f.admin }), 200));
  return page.events.filter((event) => event.target_id === targetId);
}

const sorted = (ids: string[]) => [...ids].sort();

test('an admin creates, renames, re-staffs and deletes a team; staff of the tenant read the list', async () => {
  const team = await create('  Hunters  ', [ana.id]);
  expect(team).toMatchObject({ tenant_id: f.demoTenantId, name: 'Hunters', member_ids: [ana.id] });

  const staffView = await list(f.demoTenantId, f.staff);
  expect(staffView.find((row) => row.id === team.id)).toEqual(team);

  const renamed = teamSchema.parse(expectStatus(await put(team.id, { name: 'Farmers' }), 200));
  expect(renamed).toEqual({ ...team, name: 'Farmers' });
  const restaffed = teamSchema.parse(expectStatus(await put(team.id, { member_ids: [ben.id, cleo.id, ben.id] }), 200));
  expect(sorted(restaffed.member_ids)).toEqual(sorted([ben.id, cleo.id]));
  expect(restaffed.name).toBe('Farmers');

  expect(expectStatus(await del(team.id), 200)).toEqual({ message: 'Team deleted.' });
  expect((await list()).some((row) => row.id === team.id)).toBe(false);
  expect(expectStatus<{ detail: string }>(await del(team.id), 404).detail).toBe('Team not found.');
});

test('only admins change teams (staff 403, no token 401); another tenant cannot even read them', async () => {
  const team = await create('Admins only', []);
  expect((await post({ tenant_id: f.demoTenantId, name: 'Staff team' }, f.staff)).statusCode).toBe(403);
  expect((await put(team.id, { name: 'By staff' }, f.staff)).statusCode).toBe(403);
  expect((await del(team.id, f.staff)).statusCode).toBe(403);
  expect((await t.request({ method: 'POST', url: '/api/v1/crm/teams', body: { tenant_id: f.demoTenantId, name: 'x' } })).statusCode).toBe(401);
  expect((await t.request({ url: `/api/v1/crm/teams?tenant_id=${f.demoTenantId}` })).statusCode).toBe(401);
  expect((await t.request({ url: `/api/v1/crm/teams?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
  expect((await list()).find((row) => row.id === team.id)?.name).toBe('Admins only');
  await del(team.id);
});

test('names are trimmed, 1 to 100 characters and unique per tenant whatever their case', async () => {
  const team = await create('Closers');
  const clash = await post({ tenant_id: f.demoTenantId, name: '  CLOSERS ' });
  expect(clash.statusCode).toBe(409);
  expect(clash.json().detail).toBe('A team with this name already exists.');
  const other = await create('Openers');
  expect(expectStatus<{ detail: string }>(await put(other.id, { name: 'closers' }), 409).detail).toBe('A team with this name already exists.');
  // The same name in another tenant is another team.
  const elsewhere = await create('Closers', [], f.otherTenantId);
  expect(elsewhere.tenant_id).toBe(f.otherTenantId);

  expect(expectStatus<{ detail: string }>(await post({ tenant_id: f.demoTenantId, name: '   ' }), 400).detail).toMatch(/Team name is required/);
  expect(expectStatus<{ detail: string }>(await post({ tenant_id: f.demoTenantId, name: 'x'.repeat(101) }), 400).detail).toMatch(/^name: .*100/);
  const longest = await create('y'.repeat(100));
  expect(longest.name).toHaveLength(100);
  for (const id of [team.id, other.id, elsewhere.id, longest.id]) await del(id);
});

test('bad input answers 4xx with a detail, never a 500', async () => {
  const team = await create('Sturdy');
  const bodies: unknown[] = [
    { tenant_id: f.demoTenantId, name: 'nul\u0000name' },
    { tenant_id: f.demoTenantId, name: 'lone \ud800 surrogate' },
    { tenant_id: f.demoTenantId, name: 'm'.repeat(1024 * 1024) },
    { tenant_id: f.demoTenantId, name: 42 },
    { tenant_id: f.demoTenantId, name: ['a'] },
    { tenant_id: f.demoTenantId, name: null },
    { tenant_id: f.demoTenantId },
    { tenant_id: 'not-a-uuid', name: 'x' },
    { tenant_id: '00000000-0000-4000-8000-000000000000', name: 'No such tenant' },
    { name: 'no tenant' },
    { tenant_id: f.demoTenantId, name: 'x', member_ids: 'everyone' },
    { tenant_id: f.demoTenantId, name: 'x', member_ids: [42] },
    { tenant_id: f.demoTenantId, name: 'x', member_ids: ['not-a-uuid'] },
    { tenant_id: f.demoTenantId, name: 'x', member_ids: [{}] },
    { tenant_id: f.demoTenantId, name: 'x', member_ids: ['00000000-0000-4000-8000-000000000000'] },
    { tenant_id: f.demoTenantId, name: 'x', member_ids: Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) },
    'just a string',
    [1, 2, 3],
  ];
  for (const body of bodies) {
    const response = await post(body);
    expect([response.statusCode, typeof response.json().detail]).toEqual([expect.any(Number), 'string']);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  }
  for (const body of [{ name: 'nul\u0000' }, { name: 7 }, { member_ids: null }, { member_ids: ['\ud800'] }, { name: 'z'.repeat(1024 * 1024) }]) {
    const response = await put(team.id, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().detail).toBe('string');
  }
  for (const url of ['/api/v1/crm/teams/not-a-uuid', `/api/v1/crm/teams/${'a'.repeat(5000)}`]) {
    const response = await t.request({ method: 'PUT', url, token: f.admin, body: { name: 'x' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  }
  expect(expectStatus<{ detail: string }>(await t.request({ url: '/api/v1/crm/teams', token: f.staff }), 400).detail).toMatch(/tenant_id/);
  // Nothing was half made.
  expect((await list()).map((row) => row.name)).toEqual(['Sturdy']);
  await del(team.id);
});

test("members must be users of the team's tenant: another tenant's user is 400 naming the field", async () => {
  const refused = await post({ tenant_id: f.demoTenantId, name: 'Mixed', member_ids: [ana.id, stranger.id] });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().detail).toBe(`member_ids: not users of this tenant: ${stranger.id}.`);
  expect((await list()).some((row) => row.name === 'Mixed')).toBe(false);

  const team = await create('Pure', [ana.id]);
  const changed = await put(team.id, { member_ids: [ana.id, stranger.id] });
  expect(changed.statusCode).toBe(400);
  expect(changed.json().detail).toMatch(/^member_ids: /);
  expect((await list()).find((row) => row.id === team.id)?.member_ids).toEqual([ana.id]);
  await del(team.id);
});

test("another tenant's team id answers 404 to its staff, and an admin cannot move it into another tenant's users", async () => {
  const foreign = await create('Foreign', [stranger.id], f.otherTenantId);
  const outsiderList = await list(f.otherTenantId, f.outsider);
  expect(outsiderList.map((row) => row.id)).toContain(foreign.id);
  expect((await list()).map((row) => row.id)).not.toContain(foreign.id);
  const wrong = await put(foreign.id, { member_ids: [ana.id] });
  expect(wrong.statusCode).toBe(400);
  expect(expectStatus<{ detail: string }>(await put('00000000-0000-4000-8000-000000000000', { name: 'x' }), 404).detail).toBe('Team not found.');
  expect((await del('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  await del(foreign.id);
});

test('a user is in one team per tenant: adding them to another team moves them, and the audit says from where', async () => {
  const inbound = await create('Inbound test', [ana.id, ben.id]);
  const outbound = await create('Outbound test', [cleo.id]);
  const moved = teamSchema.parse(expectStatus(await put(outbound.id, { member_ids: [cleo.id, ben.id] }), 200));
  expect(sorted(moved.member_ids)).toEqual(sorted([cleo.id, ben.id]));
  const teams = await list();
  expect(teams.find((row) => row.id === inbound.id)?.member_ids).toEqual([ana.id]);

  // A new team takes members from others the same way.
  const third = await create('Third test', [ana.id]);
  expect((await list()).find((row) => row.id === inbound.id)?.member_ids).toEqual([]);

  const [updated] = await auditOf('team.updated', outbound.id);
  expect(updated).toMatchObject({ tenant_id: f.demoTenantId, target_type: 'team', target_name: 'Outbound test', actor_email: 'admin@example.com' });
  expect(updated.details).toMatchObject({
    added: [ben.id],
    removed: [],
    moved_from: [{ user_id: ben.id, team_id: inbound.id, team_name: 'Inbound test' }],
  });
  const [created] = await auditOf('team.created', third.id);
  expect(created.details).toMatchObject({ name: 'Third test', member_ids: [ana.id], moved_from: [{ user_id: ana.id, team_id: inbound.id }] });

  await put(outbound.id, { name: 'Outbound renamed', member_ids: [cleo.id] });
  const [renamed] = await auditOf('team.updated', outbound.id);
  expect(renamed.details).toMatchObject({ renamed: { from: 'Outbound test', to: 'Outbound renamed' }, added: [], removed: [ben.id] });

  await del(outbound.id);
  const [deleted] = await auditOf('team.deleted', outbound.id);
  expect(deleted.details).toMatchObject({ name: 'Outbound renamed', member_ids: [cleo.id] });
  for (const id of [inbound.id, third.id]) await del(id);
});

test("a user's visibility is written, read and audited; the default is all", async () => {
  expect(ana.visibility).toBe('all');
  const created = await createUser(f.demoTenantId, { visibility: 'team' });
  expect(created.visibility).toBe('team');
  const changed = userSchema.parse(
    expectStatus(await t.request({ method: 'PUT', url: `/api/v1/auth/users/${created.id}`, token: f.admin, body: { visibility: 'own' } }), 200),
  );
  expect(changed.visibility).toBe('own');
  const listed = expectStatus<User[]>(await t.request({ url: '/api/v1/auth/users', token: f.admin }), 200);
  expect(listed.find((user) => user.id === created.id)?.visibility).toBe('own');
  const one = userSchema.parse(expectStatus(await t.request({ url: `/api/v1/auth/users/${created.id}`, token: f.admin }), 200));
  expect(one.visibility).toBe('own');

  const bad = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${created.id}`, token: f.admin, body: { visibility: 'everyone' } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().detail).toMatch(/own, team or all/);

  const page = auditEventPageSchema.parse(expectStatus(await t.request({ url: '/api/v1/audit-events?action=user.updated&limit=100', token: f.admin }), 200));
  const entry = page.events.find((event) => event.target_id === created.id);
  expect(entry?.details).toMatchObject({ visibility: 'own', visibility_changed: { from: 'team', to: 'own' } });
});

test('a visibility or team change applies to the very next request of the user, despite the session cache', async () => {
  const dana = await createUser(f.demoTenantId);
  const token = await t.login(dana.email, 'password-123');
  const me = async () => sessionUserSchema.parse(expectStatus(await t.request({ url: '/api/v1/auth/me', token }), 200));
  expect(await me()).toMatchObject({ visibility: 'all', team_id: null });

  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/auth/users/${dana.id}`, token: f.admin, body: { visibility: 'own' } }), 200);
  expect((await me()).visibility).toBe('own');

  const team = await create('Cache test', [dana.id]);
  expect((await me()).team_id).toBe(team.id);
  const other = await create('Cache test two', []);
  await put(other.id, { member_ids: [dana.id] });
  expect((await me()).team_id).toBe(other.id);
  await del(other.id);
  expect((await me()).team_id).toBeNull();
  await del(team.id);
});

test("a team member's colleagues see the change too: their team's members are read afresh", async () => {
  const eve = await createUser(f.demoTenantId, { visibility: 'team' });
  const finn = await createUser(f.demoTenantId, { visibility: 'team' });
  const eveToken = await t.login(eve.email, 'password-123');
  const team = await create('Colleagues', [eve.id]);
  const me = async () => sessionUserSchema.parse(expectStatus(await t.request({ url: '/api/v1/auth/me', token: eveToken }), 200));
  expect((await me()).team_id).toBe(team.id);
  // Eve's session is cached now; Finn joining must reach it.
  const owned = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects',
    token: await t.login(finn.email, 'password-123'),
    body: { tenant_id: f.demoTenantId, name: 'Finn Prospect', phone1: '+1 202 555 0143' },
  });
  expect(owned.statusCode).toBe(201);
  const prospectId = owned.json().id as string;
  const seen = async () => (await t.request({ url: `/api/v1/crm/prospects/${prospectId}`, token: eveToken })).statusCode;
  expect(await seen()).toBe(404);
  await put(team.id, { member_ids: [eve.id, finn.id] });
  expect(await seen()).toBe(200);
  await del(team.id);
  expect(await seen()).toBe(404);
});

test('changes moving the same people at once take turns: every one answers, and each person ends in one team', async () => {
  const red = await create('Red', [ana.id]);
  const blue = await create('Blue', [ben.id]);
  const people = [ana.id, ben.id, cleo.id];
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => put(i % 2 ? red.id : blue.id, { member_ids: i % 3 === 0 ? people : [people[i % 3], people[(i + 1) % 3]] })),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
  const teams = (await list()).filter((team) => [red.id, blue.id].includes(team.id));
  const memberships = teams.flatMap((team) => team.member_ids);
  expect(new Set(memberships).size).toBe(memberships.length);
  for (const id of [red.id, blue.id]) await del(id);
});

test('a user whose home tenant changes leaves the teams of the tenant they left', async () => {
  const mover = await createUser(f.demoTenantId);
  const team = await create('Movers', [mover.id, ana.id]);
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/auth/users/${mover.id}`, token: f.admin, body: { tenant_id: f.otherTenantId } }), 200);
  expect((await list()).find((row) => row.id === team.id)?.member_ids).toEqual([ana.id]);
  // A change that keeps the tenant keeps the team.
  expectStatus(
    await t.request({ method: 'PUT', url: `/api/v1/auth/users/${ana.id}`, token: f.admin, body: { tenant_id: f.demoTenantId, full_name: 'Ana' } }),
    200,
  );
  expect((await list()).find((row) => row.id === team.id)?.member_ids).toEqual([ana.id]);
  await del(team.id);
});
