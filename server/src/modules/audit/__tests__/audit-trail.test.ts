import { sql } from 'drizzle-orm';
import { auditEventPageSchema, type AuditEvent } from '@app/shared/contracts';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../seed/seed';
import { rowsOf, toInt } from '../../../db/raw-sql';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation } from '../../../testing/quotation-helpers';
import type { Db } from '../../../db/client';
import { withOwner } from '../../../testing/owner-db';

/** Sensitive actions leave one entry each in the trail: who, which tenant, what, from where, nothing secret. */
let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const events = async (query: string, token = f.admin): Promise<AuditEvent[]> =>
  auditEventPageSchema.parse(expectStatus(await t.request({ url: `/api/v1/audit-events?${query}`, token }), 200)).events;

test('a failed sign-in keeps the email tried and the address, never the password', async () => {
  const password = 'Guess-Number-Seventeen';
  const failed = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email: DEMO_STAFF.email, password }, remoteAddress: '10.9.8.7' });
  expect(failed.statusCode).toBe(401);
  const [entry] = await events('action=auth.sign_in_failed');
  expect(entry).toMatchObject({ actor_email: DEMO_STAFF.email, client_ip: '10.9.8.7', details: { email: DEMO_STAFF.email, reason: 'wrong password' } });
  const [stored] = rowsOf<{ n: unknown }>(await t.db.execute(sql`select count(*) as n from audit_events e where e::text like ${`%${password}%`}`));
  expect(toInt(stored.n)).toBe(0);

  expect((await events('action=auth.signed_in&actor=admin@')).some((e) => e.actor_email === DEMO_ADMIN.email)).toBe(true);
});

test('user created, deactivated, regrouped and deleted: each is an entry that still names the user after deletion', async () => {
  const created = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email: 'leaver@example.com', password: 'leaver-password-1', tenant_id: f.demoTenantId },
    }),
    201,
  );
  expectStatus(
    await t.request({ method: 'PUT', url: `/api/v1/auth/users/${created.id}`, token: f.admin, body: { is_active: false, password: 'another-secret-9' } }),
    200,
  );
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/auth/users/${created.id}/groups`, token: f.admin, body: [] }), 200);
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${created.id}`, token: f.admin }), 204);

  const trail = await events(`q=${created.id}`);
  expect(trail.map((e) => e.action)).toEqual(['user.deleted', 'user.groups_changed', 'user.deactivated', 'user.created']);
  expect(trail.every((e) => e.actor_email === DEMO_ADMIN.email && e.tenant_id === f.demoTenantId && e.details.email === 'leaver@example.com')).toBe(true);
  expect(trail[2].details.fields).toEqual(['password', 'is_active']);
  expect(JSON.stringify(trail)).not.toContain('another-secret-9');
});

test('an entry outlives its actor: deleting the user who acted keeps their email on it', async () => {
  const user = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email: 'temp-admin@example.com', password: 'temp-admin-pass-1', is_admin: true },
    }),
    201,
  );
  const token = await t.login('temp-admin@example.com', 'temp-admin-pass-1');
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token, body: { name: 'Short Lived', domain: 'short-lived.example.com' } }), 201);
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${user.id}`, token: f.admin }), 204);

  const [entry] = await events('action=tenant.created&actor=temp-admin');
  expect(entry).toMatchObject({ actor_user_id: user.id, actor_email: 'temp-admin@example.com', details: { domain: 'short-lived.example.com' } });
});

test('prospect and lead deletes and bulk uploads are entries of their tenant', async () => {
  const prospects = prospectRequests(t, f);
  const doomed = await prospects.create({ name: 'Doomed Ltd', phone1: '+1 555 010 0100' });
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${doomed.id}`, token: f.staff }), 200);
  const upload = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/bulk',
    token: f.staff,
    body: {
      tenant_id: f.demoTenantId,
      file_name: 'audit-upload.json',
      prospects: [{ Name: 'Bulk A', Phone1: '+1 555 010 0101' }, { Name: 'Bulk B', Phone1: '+1 555 010 0101' }, { Name: '' }],
    },
  });
  expect(expectStatus<{ total_created: number }>(upload, 200).total_created).toBe(1);

  const [deleted] = await events(`action=prospect.deleted&tenant_id=${f.demoTenantId}`);
  expect(deleted).toMatchObject({ actor_email: DEMO_STAFF.email, target_id: doomed.id, details: { name: 'Doomed Ltd' } });

  const lead = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Lead Gone', phone1: '+1 555 010 0102' },
    }),
    201,
  );
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/leads/${lead.id}`, token: f.staff }), 200);
  const [leadDeleted] = await events('action=lead.deleted');
  expect(leadDeleted).toMatchObject({ tenant_id: f.demoTenantId, target_id: lead.id, actor_email: DEMO_STAFF.email });
  const [bulk] = await events('action=prospect.bulk_uploaded');
  expect(bulk).toMatchObject({ tenant_id: f.demoTenantId, details: { rows: 3, created: 1, errors: 2 } });
  // The upload's target is its import, named by its file (not the tenant).
  expect(bulk).toMatchObject({ target_type: 'import', target_id: (bulk!.details as { import_id: string }).import_id, target_name: 'audit-upload.json' });
  expect(await events(`tenant_id=${f.otherTenantId}&action=prospect.deleted`)).toEqual([]);

  // An Assign to names the records it handed over, beside their ids.
  const bulkA = (await prospects.list('q=Bulk%20A')).prospects[0]!;
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/assign',
      token: f.admin,
      body: { tenant_id: f.demoTenantId, owner_id: null, ids: [bulkA.id] },
    }),
    200,
  );
  const [assigned] = await events('action=prospect.assigned');
  expect(assigned!.details).toMatchObject({ records: [bulkA.id], record_names: ['Bulk A'] });
});

test('a quotation created and sent by staff and decided by the client through its link: its entries, the client named by address', async () => {
  const accepted = await createQuotation(t, f.staff, f.demoTenantId);
  const rejected = await createQuotation(t, f.staff, f.demoTenantId);
  const linkOf = async (id: string) =>
    expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${id}/send`, token: f.staff }), 200).share_url.split(
      '/q/',
    )[1];
  const decide = async (id: string, action: string, body: unknown) =>
    expectStatus(await t.request({ method: 'POST', url: `/api/v1/public/quotations/${await linkOf(id)}/${action}`, body, remoteAddress: '203.0.113.9' }), 200);
  await decide(accepted.id, 'accept', { name: 'Jane Buyer' });
  await decide(rejected.id, 'reject', { reason: 'too dear' });

  const trail = await events(`q=${accepted.id}`);
  expect(trail.map((e) => e.action)).toEqual(['quotation.accepted', 'quotation.sent', 'quotation.created']);
  expect(trail[0]).toMatchObject({
    actor_email: null,
    client_ip: '203.0.113.9',
    tenant_id: f.demoTenantId,
    details: { number: accepted.number, by: 'Jane Buyer' },
  });
  expect(trail[1]).toMatchObject({ actor_email: DEMO_STAFF.email, details: { number: accepted.number } });
  expect((await events(`q=${rejected.id}&action=quotation.rejected`)).length).toBe(1);
});

test('admins only: staff get 403, no token 401', async () => {
  expect((await t.request({ url: '/api/v1/audit-events', token: f.staff })).statusCode).toBe(403);
  expect((await t.request({ url: '/api/v1/audit-events' })).statusCode).toBe(401);
});

test('pages newest first with a cursor, without repeats or gaps, while new entries arrive', async () => {
  const all = await events('limit=100');
  const seen: string[] = [];
  let before = '';
  for (;;) {
    const page = auditEventPageSchema.parse(
      expectStatus(await t.request({ url: `/api/v1/audit-events?limit=3&before=${encodeURIComponent(before)}`, token: f.admin }), 200),
    );
    seen.push(...page.events.map((e) => e.id));
    if (seen.length === 3) await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email: 'nobody@example.com', password: 'x' } });
    if (!page.next) break;
    before = page.next;
  }
  expect(seen).toEqual(all.map((e) => e.id));
  const times = all.map((e) => Date.parse(e.created_at));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});

test('filters by date range and refuse bad values with a detail', async () => {
  const future = new Date(Date.now() + 3_600_000).toISOString();
  expect(await events(`from=${encodeURIComponent(future)}`)).toEqual([]);
  expect((await events(`to=${encodeURIComponent(future)}`)).length).toBeGreaterThan(0);
  for (const query of ['action=user.exploded', 'from=yesterday', 'before=garbage', 'tenant_id=42', 'limit=0']) {
    const answer = await t.request({ url: `/api/v1/audit-events?${query}`, token: f.admin });
    expect([answer.statusCode, typeof answer.json().detail]).toEqual([400, 'string']);
  }
});

const asOwner = <T>(work: (db: Db) => Promise<T>) => withOwner(t.database.handle.url, work);

test('the trail is append-only, even for the database owner', async () => {
  // The driver wraps the database's error; its cause is the trigger's refusal.
  const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
  await asOwner(async (db) => {
    await expect(db.execute(sql`update audit_events set action = 'forged'`)).rejects.toMatchObject(refusal);
    await expect(db.execute(sql`delete from audit_events`)).rejects.toMatchObject(refusal);
  });
  expect((await events('limit=1')).length).toBe(1);
});
