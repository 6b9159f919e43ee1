import { eq, sql } from 'drizzle-orm';
import { auditEventPageSchema, type AuditEvent } from '@app/shared/contracts';
import type { Db } from '../../../db/client';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../seed/seed';
import { supportMessages } from '../../../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { withOwner } from '../../../testing/owner-db';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation } from '../../../testing/quotation-helpers';

/** Import reverts, message conversions and quotation duplicates are entries too, and every entry names its target. */
let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const events = async (query: string, token = f.admin): Promise<AuditEvent[]> =>
  auditEventPageSchema.parse(expectStatus(await t.request({ url: `/api/v1/audit-events?${query}`, token }), 200)).events;

test('reverting an import is an entry of its tenant naming the file, with what was removed and kept', async () => {
  const upload = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/bulk',
    token: f.staff,
    body: {
      tenant_id: f.demoTenantId,
      file_name: 'spring-leads.json',
      prospects: [
        { Name: 'Revert A', Phone1: '+1 415 555 0601' },
        { Name: 'Revert B', Phone1: '+1 415 555 0602' },
      ],
    },
  });
  const { import_id: importId } = expectStatus<{ import_id: string }>(upload, 200);
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/crm/imports/${importId}/revert`, token: f.staff, remoteAddress: '10.7.0.1' }), 200);

  const [entry] = await events('action=prospect.import_reverted');
  expect(entry).toMatchObject({
    actor_email: DEMO_STAFF.email,
    tenant_id: f.demoTenantId,
    target_type: 'import',
    target_id: importId,
    target_name: 'spring-leads.json',
    client_ip: '10.7.0.1',
    details: { file_name: 'spring-leads.json', removed: 2, kept: 0 },
  });
  // A refused second revert records nothing.
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/crm/imports/${importId}/revert`, token: f.staff }), 409);
  expect(await events('action=prospect.import_reverted')).toHaveLength(1);
});

test('converting a customer message is an entry naming the prospect it made and the message', async () => {
  const body = { firstName: 'Grace', lastName: 'Hopper', email: 'grace.audit@navy.example', message: 'We need a payroll system.' };
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/support/contact', body, remoteAddress: '10.7.0.2' }), 200);
  const [message] = await t.db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.email, body.email));
  const converted = await t.request({
    method: 'POST',
    url: `/api/v1/support/messages/${message.id}/convert`,
    token: f.staff,
    body: { tenant_id: f.demoTenantId, fields: { name: 'Navy Systems', phone1: '+1 415 555 0610', email: body.email } },
  });
  const prospect = expectStatus<{ id: string }>(converted, 201);

  const [entry] = await events('action=message.converted');
  expect(entry).toMatchObject({
    actor_email: DEMO_STAFF.email,
    tenant_id: f.demoTenantId,
    target_type: 'prospect',
    target_id: prospect.id,
    target_name: 'Navy Systems',
    details: { message_id: message.id, subject: 'General enquiry', from: body.email },
  });
  // A conversion refused (already converted) leaves no second entry.
  const again = await t.request({
    method: 'POST',
    url: `/api/v1/support/messages/${message.id}/convert`,
    token: f.staff,
    body: { tenant_id: f.demoTenantId, fields: { name: 'Navy Again', phone1: '+1 415 555 0611' } },
  });
  expect(again.statusCode).toBe(409);
  expect(await events('action=message.converted')).toHaveLength(1);
});

test('adding a customer message to an existing prospect is an entry naming that prospect', async () => {
  const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.audit@engine.example', message: 'Following up on our call.' };
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/support/contact', body }), 200);
  const [message] = await t.db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.email, body.email));
  const prospect = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Analytical Engines', phone1: '+1 415 555 0630' },
    }),
    201,
  );
  const added = await t.request({
    method: 'POST',
    url: `/api/v1/support/messages/${message.id}/add-to-prospect`,
    token: f.staff,
    body: { prospect_id: prospect.id },
  });
  expectStatus(added, 200);

  const entries = (await events('action=message.converted')).filter((e) => e.target_id === prospect.id);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    actor_email: DEMO_STAFF.email,
    target_type: 'prospect',
    target_name: 'Analytical Engines',
    details: { message_id: message.id, prospect: 'existing, message added' },
  });
});

test('duplicating a quotation is an entry naming the copy by its number and the original it copies', async () => {
  const original = await createQuotation(t, f.staff, f.demoTenantId);
  const copy = expectStatus<{ id: string; number: string }>(
    await t.request({ method: 'POST', url: `/api/v1/quotations/${original.id}/duplicate`, token: f.staff }),
    201,
  );
  const [entry] = await events('action=quotation.duplicated');
  expect(entry).toMatchObject({
    actor_email: DEMO_STAFF.email,
    tenant_id: f.demoTenantId,
    target_type: 'quotation',
    target_id: copy.id,
    target_name: copy.number,
    details: { number: copy.number, copy_of: original.number, copy_of_id: original.id },
  });
  expect(copy.number).not.toBe(original.number);
});

test('targets are named: a tenant by its current name after a rename, a user by email, kept after the user is deleted', async () => {
  const tenant = expectStatus<{ id: string }>(
    await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'Before Rename', domain: 'before-rename.example.com' } }),
    201,
  );
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenant.id}`, token: f.admin, body: { name: 'After Rename' } }), 200);
  const tenantEntries = await events(`q=${tenant.id}`);
  expect(tenantEntries.map((e) => [e.action, e.target_id, e.target_name])).toEqual([
    ['tenant.updated', tenant.id, 'After Rename'],
    ['tenant.created', tenant.id, 'After Rename'],
  ]);

  const user = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email: 'named.target@example.com', password: 'named-target-pass-1' },
    }),
    201,
  );
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${user.id}`, token: f.admin }), 204);
  const userEntries = await events(`q=${user.id}`);
  expect(userEntries.map((e) => [e.action, e.target_name])).toEqual([
    ['user.deleted', 'named.target@example.com'],
    ['user.created', 'named.target@example.com'],
  ]);

  // Deleted prospects and leads keep the name they had; a sign-in names the user by email.
  const prospects = prospectRequests(t, f);
  const doomed = await prospects.create({ name: 'Named Doomed Ltd', phone1: '+1 415 555 0620' });
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${doomed.id}`, token: f.staff }), 200);
  expect((await events(`q=${doomed.id}`))[0]).toMatchObject({ action: 'prospect.deleted', target_name: 'Named Doomed Ltd' });
  const lead = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Named Lead Gone', phone1: '+1 415 555 0621' },
    }),
    201,
  );
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/leads/${lead.id}`, token: f.staff }), 200);
  expect((await events(`q=${lead.id}`))[0]).toMatchObject({ action: 'lead.deleted', target_name: 'Named Lead Gone' });
  expect((await events(`action=auth.signed_in&actor=${encodeURIComponent(DEMO_ADMIN.email)}`))[0].target_name).toBe(DEMO_ADMIN.email);
  // The name is searchable.
  expect((await events('q=named lead gone')).map((e) => [e.action, e.target_id])).toEqual([
    ['lead.deleted', lead.id],
    ['lead.created', lead.id],
  ]);
});

const asOwner = <T>(work: (db: Db) => Promise<T>) => withOwner(t.database.handle.url, work);

test('TRUNCATE of the trail is refused, even for the database owner, and the entries stay', async () => {
  const before = (await events('limit=100')).length;
  expect(before).toBeGreaterThan(0);
  const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only: TRUNCATE refused/) }) };
  await asOwner(async (db) => {
    await expect(db.execute(sql`truncate audit_events`)).rejects.toMatchObject(refusal);
    await expect(db.execute(sql`truncate table only audit_events restart identity`)).rejects.toMatchObject(refusal);
  });
  expect((await events('limit=100')).length).toBe(before);
});
