import fs from 'node:fs';
import path from 'node:path';
import { resolvedSharedVersions } from '@app/shared/build/remote-contract';
import { eq } from 'drizzle-orm';
import { emailAccounts } from '../db/schema';
import { localDate } from '../lib/today';
import { expectStatus, type CrmFixture } from './crm-fixture';
import { draftBody } from './quotation-helpers';
import type { TestApp } from './test-app';

/**
 * The write operations that leave no audit entry, each with why: signing in and out (the sign-in
 * itself is audited as auth.signed_in and auth.sign_in_failed), the public contact form and the
 * shell's failure reports (anonymous, rate-limited, kept in tables of their own). README.md
 * ("Audit log") lists the same.
 */
export const AUDIT_EXEMPT: Record<string, string> = {
  'POST /api/v1/auth/login': 'sign-in',
  'POST /api/v1/auth/refresh': 'sign-in',
  'POST /api/v1/auth/password-reset': 'sign-in',
  'POST /api/v1/auth/password-reset/confirm': 'sign-in',
  'POST /api/v1/support/contact': 'the public contact form',
  'POST /api/v1/releases/{remote}/failures': 'failure reports',
  'POST /api/v1/notifications/{id}/read': "marking one's own notifications read",
  'POST /api/v1/notifications/read-all': "marking one's own notifications read",
  'POST /api/v1/crm/mail-templates/preview': 'a preview: it fills a text and changes nothing',
};

/** One authorised request of an operation, with what its audit entry must name. */
export interface WriteSample {
  url: string;
  body?: unknown;
  /** The caller; none for the client's public quotation link. */
  token?: string;
  /** The user the entry must name as its actor, when the caller is not the admin (a sample that ends its caller's sessions). */
  actorUserId?: string;
  /** The entry's target id, when the sample knows it before the answer. */
  targetId?: string;
  /** Reads the target id from the answer (a created row's id). */
  targetFrom?: (answer: Record<string, unknown>) => string;
  /** Bulk actions: every record the entry must name. */
  records?: string[];
}

/** What the samples build on: the demo tenant, its admin and staff, and a CDN with one published crm version. */
export interface WriteWorld {
  t: TestApp;
  f: CrmFixture;
}

let serial = 0;
const next = () => (serial += 1);
const phone = () => `+1 555 07${String(next()).padStart(5, '0')}`;

/** A published crm version in a CDN folder, for the Releases operations. */
export function cdnWithRelease(cdn: string): void {
  const dir = path.join(cdn, 'crm', '1.0.0');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ remote: 'crm', version: '1.0.0', commit: 'abc1234', publishedAt: '2026-11-20T10:00:00.000Z', shared: resolvedSharedVersions('crm') }),
  );
}

async function post<T>({ t }: WriteWorld, token: string, url: string, body?: unknown, status = 201): Promise<T> {
  return expectStatus<T>(await t.request({ method: 'POST', url, token, body }), status);
}

const tenantOf = (w: WriteWorld) => w.f.demoTenantId;
const prospect = (w: WriteWorld, name = `Sweep Prospect ${next()}`) =>
  post<{ id: string }>(w, w.f.admin, '/api/v1/crm/prospects', { tenant_id: tenantOf(w), name, phone1: phone() });
const lead = (w: WriteWorld) =>
  post<{ id: string }>(w, w.f.admin, '/api/v1/crm/leads', { tenant_id: tenantOf(w), name: `Sweep Lead ${next()}`, phone1: phone(), value: 1000 });
const status = (w: WriteWorld) => post<{ id: string }>(w, w.f.admin, '/api/v1/crm/status-options', { tenant_id: tenantOf(w), name: `Sweep Status ${next()}` });
const stage = (w: WriteWorld) =>
  post<{ id: string }>(w, w.f.admin, '/api/v1/crm/pipeline-stage-options', { tenant_id: tenantOf(w), name: `Sweep Stage ${next()}` });
const goalBody = (w: WriteWorld) => ({ tenant_id: tenantOf(w), name: `Sweep Goal ${next()}`, target_count: 5, start_date: localDate(), end_date: localDate() });
const goal = (w: WriteWorld) => post<{ id: string }>(w, w.f.admin, '/api/v1/crm/goals', goalBody(w));
const productBody = (w: WriteWorld) => ({ tenant_id: tenantOf(w), name: `Sweep Product ${next()}`, unit: 'hour', price: 90, tax_rate: 20 });
const product = (w: WriteWorld) => post<{ id: string }>(w, w.f.admin, '/api/v1/crm/products', productBody(w));
const team = (w: WriteWorld) => post<{ id: string }>(w, w.f.admin, '/api/v1/crm/teams', { tenant_id: tenantOf(w), name: `Sweep Team ${next()}` });
const user = (w: WriteWorld) =>
  post<{ id: string }>(w, w.f.admin, '/api/v1/auth/users', {
    email: `sweep-${next()}@example.com`,
    password: 'sweep-password-123',
    tenant_id: tenantOf(w),
    is_staff: true,
  });
const quotation = (w: WriteWorld) => post<{ id: string }>(w, w.f.admin, '/api/v1/quotations', { tenant_id: tenantOf(w), ...draftBody() });
const mailbox = (w: WriteWorld) =>
  post<{ id: string }>(w, w.f.admin, '/api/v1/email/accounts', { email_address: `box${next()}@example.com`, provider: 'gmail', password: 'box-password' });
const view = (w: WriteWorld) =>
  post<{ id: string }>(w, w.f.admin, '/api/v1/crm/views', { tenant_id: tenantOf(w), name: `Sweep View ${next()}`, target: 'prospects', query: {} });

/** A customer message from the contact form, as staff find it on the Messages page. */
async function message(w: WriteWorld): Promise<string> {
  const subject = `Sweep message ${next()}`;
  await post(w, '', '/api/v1/support/contact', { firstName: 'Sweep', lastName: subject, email: `msg${next()}@example.com`, message: subject }, 200);
  const list = expectStatus<{ messages: Array<{ id: string; last_name?: string; lastName?: string; message: string }> }>(
    await w.t.request({ url: '/api/v1/support/messages?limit=100', token: w.f.admin }),
    200,
  );
  return list.messages.find((row) => row.message === subject)!.id;
}

/** A prospect claimed by the admin's call queue on a goal active today. */
async function claimed(w: WriteWorld): Promise<{ prospectId: string; goalId: string }> {
  const { id: goalId } = await goal(w);
  const { id } = await prospect(w, `Sweep Queue ${next()}`);
  const answer = await post<{ prospect: { id: string } }>(
    w,
    w.f.admin,
    '/api/v1/crm/call-queue/next',
    { tenant_id: tenantOf(w), goal_id: goalId, filter: { q: (await nameOf(w, id)) ?? '' } },
    200,
  );
  return { prospectId: answer.prospect.id, goalId };
}

async function nameOf(w: WriteWorld, prospectId: string): Promise<string | undefined> {
  return expectStatus<{ name: string }>(await w.t.request({ url: `/api/v1/crm/prospects/${prospectId}`, token: w.f.admin }), 200).name;
}

async function sentQuotationToken(w: WriteWorld): Promise<{ id: string; token: string }> {
  const { id } = await quotation(w);
  const sent = await post<{ share_url: string }>(w, w.f.admin, `/api/v1/quotations/${id}/send`, undefined, 200);
  return { id, token: sent.share_url.split('/q/')[1]! };
}

const idOf = (answer: Record<string, unknown>) => answer.id as string;

/** A new staff user of the demo tenant, signed in. */
async function ownUser(w: WriteWorld): Promise<{ id: string; token: string; password: string }> {
  const email = `sweep-own-${next()}@example.com`;
  const password = 'sweep-password-123';
  const created = expectStatus<{ id: string }>(
    await w.t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: w.f.admin,
      body: { email, password, tenant_id: tenantOf(w), is_staff: true },
    }),
    201,
  );
  return { id: created.id, token: await w.t.login(email, password), password };
}

/**
 * One authorised request per write operation of /api/openapi.json, keyed `METHOD path`. The audit
 * sweep (src/__tests__/audit-sweep.test.ts) fails for an operation that has neither a sample here
 * nor an exemption above, so a new endpoint must come with one.
 */
/** A note written by the admin on a new record of this kind, for the samples that change or delete it. */
async function note(w: WriteWorld, records: string, make: (w: WriteWorld) => Promise<{ id: string }>): Promise<{ recordId: string; id: string }> {
  const { id: recordId } = await make(w);
  const { id } = await post<{ id: string }>(w, w.f.admin, `/api/v1/crm/${records}/${recordId}/notes`, { body: 'Swept note' });
  return { recordId, id };
}

/** A task written by the admin on a new prospect, for the samples that change or delete it. */
async function task(w: WriteWorld): Promise<{ id: string }> {
  const { id } = await prospect(w);
  return post<{ id: string }>(w, w.f.admin, '/api/v1/crm/tasks', { prospect_id: id, type: 'todo', title: 'Swept task', due_date: localDate() });
}

/** A mailbox of the admin's taken as connected (as a check would leave it), for the mail samples; nothing is delivered in the sweep. */
async function connectedMailbox(w: WriteWorld): Promise<string> {
  const { id } = await post<{ id: string }>(w, w.f.admin, '/api/v1/email/accounts', {
    email_address: `sender${next()}@example.com`,
    provider: 'other',
    password: 'box-password',
    imap_host: '127.0.0.1',
    imap_port: 1,
    imap_security: 'none',
    smtp_host: '127.0.0.1',
    smtp_port: 1,
    smtp_security: 'none',
  });
  await w.t.db.update(emailAccounts).set({ connectedAt: new Date() }).where(eq(emailAccounts.id, id));
  return id;
}

/** A mail template of the demo tenant, for the samples that change or delete it. */
const mailTemplate = (w: WriteWorld) =>
  post<{ id: string }>(w, w.f.admin, '/api/v1/crm/mail-templates', {
    tenant_id: tenantOf(w),
    name: `Sweep Template ${next()}`,
    subject: 'Hi {{company}}',
    body: 'Hello',
  });
const templateBody = (w: WriteWorld) => ({ tenant_id: tenantOf(w), name: `Sweep Template ${next()}`, subject: 'Hello {{company}}', body: 'Hi {{first_name}}' });

/** Mail written from prospects or leads. */
function mailSamples(records: string, make: (w: WriteWorld) => Promise<{ id: string }>): Record<string, (w: WriteWorld) => Promise<WriteSample>> {
  return {
    [`POST /api/v1/crm/${records}/{id}/mails`]: async (w) => {
      const { id } = await make(w);
      await expectStatus(
        await w.t.request({ method: 'PUT', url: `/api/v1/crm/${records}/${id}`, token: w.f.admin, body: { email: 'client@example.com' } }),
        200,
      );
      const account = await connectedMailbox(w);
      return {
        url: `/api/v1/crm/${records}/${id}/mails`,
        body: { account_id: account, to: ['client@example.com'], subject: 'Swept', body: 'Hello' },
        targetId: id,
      };
    },
  };
}

/** The note operations of prospects or leads. */
function noteSamples(records: string, make: (w: WriteWorld) => Promise<{ id: string }>): Record<string, (w: WriteWorld) => Promise<WriteSample>> {
  return {
    [`POST /api/v1/crm/${records}/{id}/notes`]: async (w) => {
      const { id } = await make(w);
      return { url: `/api/v1/crm/${records}/${id}/notes`, body: { body: 'Swept' }, targetFrom: (answer) => String(answer.id) };
    },
    [`PUT /api/v1/crm/${records}/{id}/notes/{note_id}`]: async (w) => {
      const { recordId, id } = await note(w, records, make);
      return { url: `/api/v1/crm/${records}/${recordId}/notes/${id}`, body: { body: 'Swept again' }, targetId: id };
    },
    [`DELETE /api/v1/crm/${records}/{id}/notes/{note_id}`]: async (w) => {
      const { recordId, id } = await note(w, records, make);
      return { url: `/api/v1/crm/${records}/${recordId}/notes/${id}`, targetId: id };
    },
  };
}

export const WRITE_SAMPLES: Record<string, (w: WriteWorld) => Promise<WriteSample>> = {
  // A sign-in of its own, so the other samples keep theirs.
  'POST /api/v1/auth/logout': async (w) => ({ url: '/api/v1/auth/logout', token: await w.t.loginAdmin() }),
  // A user of their own: ending every session of the admin would end the other samples' too.
  'POST /api/v1/auth/logout-all': async (w) => {
    const user = await ownUser(w);
    return { url: '/api/v1/auth/logout-all', token: user.token, actorUserId: user.id, targetId: user.id };
  },
  'POST /api/v1/auth/change-password': async (w) => {
    const user = await ownUser(w);
    return {
      url: '/api/v1/auth/change-password',
      token: user.token,
      actorUserId: user.id,
      targetId: user.id,
      body: { current_password: user.password, new_password: 'sweep-changed-password-1' },
    };
  },
  'POST /api/v1/auth/users': async (w) => ({
    url: '/api/v1/auth/users',
    body: { email: `sweep-new-${next()}@example.com`, password: 'sweep-password-123', tenant_id: tenantOf(w), is_staff: true },
    targetFrom: idOf,
  }),
  'PUT /api/v1/auth/users/{id}': async (w) => {
    const { id } = await user(w);
    return { url: `/api/v1/auth/users/${id}`, body: { full_name: 'Sweep Renamed' }, targetId: id };
  },
  'DELETE /api/v1/auth/users/{id}': async (w) => {
    const { id } = await user(w);
    return { url: `/api/v1/auth/users/${id}`, targetId: id };
  },
  'PUT /api/v1/auth/users/{userId}/groups': async (w) => {
    const { id } = await user(w);
    const groups = expectStatus<Array<{ id: string; name: string }>>(await w.t.request({ url: '/api/v1/auth/groups', token: w.f.admin }), 200);
    return { url: `/api/v1/auth/users/${id}/groups`, body: groups.filter((group) => group.name === 'staff').map((group) => group.id), targetId: id };
  },
  'POST /api/v1/crm/tenants': async () => ({
    url: '/api/v1/crm/tenants',
    body: { name: `Sweep Co ${next()}`, domain: `sweep-${next()}.example.com` },
    targetFrom: idOf,
  }),
  'PUT /api/v1/crm/tenants/{id}': async (w) => ({ url: `/api/v1/crm/tenants/${tenantOf(w)}`, body: { description: 'Swept' }, targetId: tenantOf(w) }),
  'PUT /api/v1/crm/tenants/{id}/quotation-profile': async (w) => ({
    url: `/api/v1/crm/tenants/${tenantOf(w)}/quotation-profile`,
    body: { company_name: 'Sweep Profile Ltd' },
    targetId: tenantOf(w),
  }),
  'POST /api/v1/crm/status-options': async (w) => ({
    url: '/api/v1/crm/status-options',
    body: { tenant_id: tenantOf(w), name: `Sweep New Status ${next()}` },
    targetFrom: idOf,
  }),
  'PUT /api/v1/crm/status-options/{id}': async (w) => {
    const { id } = await status(w);
    return { url: `/api/v1/crm/status-options/${id}`, body: { description: 'Swept' }, targetId: id };
  },
  'DELETE /api/v1/crm/status-options/{id}': async (w) => {
    const { id } = await status(w);
    return { url: `/api/v1/crm/status-options/${id}`, targetId: id };
  },
  'POST /api/v1/crm/pipeline-stage-options': async (w) => ({
    url: '/api/v1/crm/pipeline-stage-options',
    body: { tenant_id: tenantOf(w), name: `Sweep New Stage ${next()}`, probability: 40 },
    targetFrom: idOf,
  }),
  'PUT /api/v1/crm/pipeline-stage-options/{id}': async (w) => {
    const { id } = await stage(w);
    return { url: `/api/v1/crm/pipeline-stage-options/${id}`, body: { probability: 99 }, targetId: id };
  },
  'DELETE /api/v1/crm/pipeline-stage-options/{id}': async (w) => {
    const { id } = await stage(w);
    return { url: `/api/v1/crm/pipeline-stage-options/${id}`, targetId: id };
  },
  'POST /api/v1/crm/teams': async (w) => ({ url: '/api/v1/crm/teams', body: { tenant_id: tenantOf(w), name: `Sweep New Team ${next()}` }, targetFrom: idOf }),
  'PUT /api/v1/crm/teams/{id}': async (w) => {
    const { id } = await team(w);
    return { url: `/api/v1/crm/teams/${id}`, body: { name: `Sweep Renamed Team ${next()}` }, targetId: id };
  },
  'DELETE /api/v1/crm/teams/{id}': async (w) => {
    const { id } = await team(w);
    return { url: `/api/v1/crm/teams/${id}`, targetId: id };
  },
  'POST /api/v1/crm/prospects': async (w) => ({
    url: '/api/v1/crm/prospects',
    body: { tenant_id: tenantOf(w), name: `Sweep New Prospect ${next()}`, phone1: phone() },
    targetFrom: idOf,
  }),
  'POST /api/v1/crm/prospects/bulk': async (w) => ({
    url: '/api/v1/crm/prospects/bulk',
    body: { tenant_id: tenantOf(w), file_name: 'sweep.json', prospects: [{ name: `Sweep Bulk ${next()}`, phone1: phone() }] },
    // The upload's target is its import (named by its file), which Imports lists.
    targetFrom: (answer) => String(answer.import_id),
  }),
  'POST /api/v1/crm/prospects/assign': async (w) => {
    const ids = [(await prospect(w)).id, (await prospect(w)).id];
    return { url: '/api/v1/crm/prospects/assign', body: { tenant_id: tenantOf(w), owner_id: null, ids }, records: ids };
  },
  'POST /api/v1/crm/prospects/change-status': async (w) => {
    const [{ id }, { id: statusId }] = [await prospect(w), await status(w)];
    return { url: '/api/v1/crm/prospects/change-status', body: { prospect_id: id, status_id: statusId, notes: 'Swept' }, targetId: id };
  },
  'POST /api/v1/crm/prospects/change-pipeline-stage': async (w) => {
    const [{ id }, { id: stageId }] = [await prospect(w), await stage(w)];
    return { url: '/api/v1/crm/prospects/change-pipeline-stage', body: { prospect_id: id, pipeline_stage_id: stageId }, targetId: id };
  },
  'PUT /api/v1/crm/prospects/{id}': async (w) => {
    const { id } = await prospect(w);
    return { url: `/api/v1/crm/prospects/${id}`, body: { city: 'Lisbon' }, targetId: id };
  },
  'DELETE /api/v1/crm/prospects/{id}': async (w) => {
    const { id } = await prospect(w);
    return { url: `/api/v1/crm/prospects/${id}`, targetId: id };
  },
  'POST /api/v1/crm/imports/{id}/revert': async (w) => {
    const upload = await post<{ import_id: string }>(
      w,
      w.f.admin,
      '/api/v1/crm/prospects/bulk',
      { tenant_id: tenantOf(w), file_name: 'revert.json', prospects: [{ name: `Sweep Revert ${next()}`, phone1: phone() }] },
      200,
    );
    return { url: `/api/v1/crm/imports/${upload.import_id}/revert`, targetId: upload.import_id };
  },
  'POST /api/v1/crm/leads': async (w) => ({
    url: '/api/v1/crm/leads',
    body: { tenant_id: tenantOf(w), name: `Sweep New Lead ${next()}`, phone1: phone(), value: 2500 },
    targetFrom: idOf,
  }),
  'POST /api/v1/crm/leads/assign': async (w) => {
    const ids = [(await lead(w)).id, (await lead(w)).id];
    return { url: '/api/v1/crm/leads/assign', body: { tenant_id: tenantOf(w), owner_id: null, ids }, records: ids };
  },
  'POST /api/v1/crm/leads/change-pipeline-stage': async (w) => {
    const [{ id }, { id: stageId }] = [await lead(w), await stage(w)];
    return { url: '/api/v1/crm/leads/change-pipeline-stage', body: { lead_id: id, pipeline_stage_id: stageId }, targetId: id };
  },
  'PUT /api/v1/crm/leads/{id}': async (w) => {
    const { id } = await lead(w);
    return { url: `/api/v1/crm/leads/${id}`, body: { value: 1500.5, probability: 40 }, targetId: id };
  },
  'DELETE /api/v1/crm/leads/{id}': async (w) => {
    const { id } = await lead(w);
    return { url: `/api/v1/crm/leads/${id}`, targetId: id };
  },
  ...noteSamples('prospects', prospect),
  ...noteSamples('leads', lead),
  'POST /api/v1/crm/tasks': async (w) => {
    const { id } = await prospect(w);
    return { url: '/api/v1/crm/tasks', body: { prospect_id: id, type: 'call', title: 'Swept', due_date: localDate() }, targetFrom: idOf };
  },
  'PUT /api/v1/crm/tasks/{id}': async (w) => {
    const { id } = await task(w);
    return { url: `/api/v1/crm/tasks/${id}`, body: { done: true }, targetId: id };
  },
  'DELETE /api/v1/crm/tasks/{id}': async (w) => {
    const { id } = await task(w);
    return { url: `/api/v1/crm/tasks/${id}`, targetId: id };
  },
  // A user of their own: the admin's feed stays as it is.
  'POST /api/v1/crm/calendar-feed': async (w) => {
    const own = await ownUser(w);
    return { url: '/api/v1/crm/calendar-feed', token: own.token, actorUserId: own.id, targetId: own.id };
  },
  'DELETE /api/v1/crm/calendar-feed': async (w) => {
    const own = await ownUser(w);
    return { url: '/api/v1/crm/calendar-feed', token: own.token, actorUserId: own.id, targetId: own.id };
  },
  'POST /api/v1/crm/call-queue/next': async (w) => {
    const { id: goalId } = await goal(w);
    const { id } = await prospect(w, `Sweep Next ${next()}`);
    return {
      url: '/api/v1/crm/call-queue/next',
      body: { tenant_id: tenantOf(w), goal_id: goalId, filter: { q: (await nameOf(w, id)) ?? '' } },
      targetId: id,
    };
  },
  'POST /api/v1/crm/call-queue/renew': async (w) => {
    await claimed(w);
    // A renewal holds every card the caller has open: its target is the caller.
    return { url: '/api/v1/crm/call-queue/renew', body: { tenant_id: tenantOf(w) } };
  },
  'POST /api/v1/crm/call-queue/{prospect_id}/outcome': async (w) => {
    const { prospectId, goalId } = await claimed(w);
    const { id: statusId } = await status(w);
    return { url: `/api/v1/crm/call-queue/${prospectId}/outcome`, body: { goal_id: goalId, status_id: statusId, note: 'Swept' }, targetId: prospectId };
  },
  'POST /api/v1/crm/call-queue/{prospect_id}/skip': async (w) => {
    const { prospectId } = await claimed(w);
    return { url: `/api/v1/crm/call-queue/${prospectId}/skip`, targetId: prospectId };
  },
  'POST /api/v1/crm/products': async (w) => ({ url: '/api/v1/crm/products', body: productBody(w), targetFrom: idOf }),
  'PUT /api/v1/crm/products/{id}': async (w) => {
    const { id } = await product(w);
    return { url: `/api/v1/crm/products/${id}`, body: { price: 95.5 }, targetId: id };
  },
  'DELETE /api/v1/crm/products/{id}': async (w) => {
    const { id } = await product(w);
    return { url: `/api/v1/crm/products/${id}`, targetId: id };
  },
  'POST /api/v1/crm/goals': async (w) => ({ url: '/api/v1/crm/goals', body: goalBody(w), targetFrom: idOf }),
  'PUT /api/v1/crm/goals/{id}': async (w) => {
    const { id } = await goal(w);
    return { url: `/api/v1/crm/goals/${id}`, body: { ...goalBody(w), target_count: 7 }, targetId: id };
  },
  'DELETE /api/v1/crm/goals/{id}': async (w) => {
    const { id } = await goal(w);
    return { url: `/api/v1/crm/goals/${id}`, targetId: id };
  },
  'POST /api/v1/crm/views': async (w) => ({
    url: '/api/v1/crm/views',
    body: { tenant_id: tenantOf(w), name: `Sweep New View ${next()}`, target: 'leads', query: {} },
    targetFrom: idOf,
  }),
  'DELETE /api/v1/crm/views/{id}': async (w) => {
    const { id } = await view(w);
    return { url: `/api/v1/crm/views/${id}`, targetId: id };
  },
  'PUT /api/v1/support/messages/{id}/solve': async (w) => {
    const id = await message(w);
    return { url: `/api/v1/support/messages/${id}/solve`, targetId: id };
  },
  'POST /api/v1/support/messages/{id}/convert': async (w) => {
    const id = await message(w);
    return {
      url: `/api/v1/support/messages/${id}/convert`,
      body: { tenant_id: tenantOf(w), fields: { name: `Sweep Converted ${next()}`, phone1: phone() } },
      targetFrom: (answer) => ((answer.prospect as { id?: string } | undefined)?.id ?? answer.id) as string,
    };
  },
  'POST /api/v1/support/messages/{id}/add-to-prospect': async (w) => {
    const [id, { id: prospectId }] = [await message(w), await prospect(w)];
    return { url: `/api/v1/support/messages/${id}/add-to-prospect`, body: { prospect_id: prospectId }, targetId: prospectId };
  },
  'DELETE /api/v1/support/messages/{id}': async (w) => {
    const id = await message(w);
    return { url: `/api/v1/support/messages/${id}`, targetId: id };
  },
  'POST /api/v1/email/accounts': async () => ({
    url: '/api/v1/email/accounts',
    body: { email_address: `newbox${next()}@example.com`, provider: 'zoho', password: 'box-password' },
    targetFrom: idOf,
  }),
  'PUT /api/v1/email/accounts/{id}': async (w) => {
    const { id } = await mailbox(w);
    return { url: `/api/v1/email/accounts/${id}`, body: { email_address: `renamed${next()}@example.com`, provider: 'outlook' }, targetId: id };
  },
  'POST /api/v1/email/accounts/check': async () => ({
    url: '/api/v1/email/accounts/check',
    // Port 1 of the loopback: refused at once, and the check (with what each server answered) is audited all the same.
    body: {
      email_address: `checked${next()}@example.com`,
      provider: 'other',
      password: 'box-password',
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_security: 'none',
      smtp_host: '127.0.0.1',
      smtp_port: 1,
      smtp_security: 'none',
    },
  }),
  'POST /api/v1/crm/mail-templates': async (w) => ({ url: '/api/v1/crm/mail-templates', body: templateBody(w), targetFrom: idOf }),
  'PUT /api/v1/crm/mail-templates/{id}': async (w) => {
    const { id } = await mailTemplate(w);
    return { url: `/api/v1/crm/mail-templates/${id}`, body: templateBody(w), targetId: id };
  },
  'DELETE /api/v1/crm/mail-templates/{id}': async (w) => {
    const { id } = await mailTemplate(w);
    return { url: `/api/v1/crm/mail-templates/${id}`, targetId: id };
  },
  ...mailSamples('prospects', prospect),
  ...mailSamples('leads', lead),
  'DELETE /api/v1/email/accounts/{id}': async (w) => {
    const { id } = await mailbox(w);
    return { url: `/api/v1/email/accounts/${id}`, targetId: id };
  },
  'POST /api/v1/quotations': async (w) => ({ url: '/api/v1/quotations', body: { tenant_id: tenantOf(w), ...draftBody() }, targetFrom: idOf }),
  'PUT /api/v1/quotations/{id}': async (w) => {
    const { id } = await quotation(w);
    return { url: `/api/v1/quotations/${id}`, body: draftBody({ title: 'Swept title' }), targetId: id };
  },
  'DELETE /api/v1/quotations/{id}': async (w) => {
    const { id } = await quotation(w);
    return { url: `/api/v1/quotations/${id}`, targetId: id };
  },
  'POST /api/v1/quotations/{id}/duplicate': async (w) => {
    const { id } = await quotation(w);
    return { url: `/api/v1/quotations/${id}/duplicate` };
  },
  'POST /api/v1/quotations/{id}/send': async (w) => {
    const { id } = await quotation(w);
    return { url: `/api/v1/quotations/${id}/send`, targetId: id };
  },
  'PUT /api/v1/notifications/preferences': async () => ({
    url: '/api/v1/notifications/preferences',
    body: { mail: { record_assigned: true, callback_due: false } },
  }),
  'POST /api/v1/quotations/{id}/accept': async (w) => {
    const { id } = await sentQuotationToken(w);
    return { url: `/api/v1/quotations/${id}/accept`, body: { name: 'Sweep Buyer' }, targetId: id };
  },
  'POST /api/v1/releases/{remote}/promote': async () => ({ url: '/api/v1/releases/crm/promote', body: { version: '1.0.0' }, targetId: 'crm' }),
  'POST /api/v1/releases/{remote}/rollback': async (w) => {
    await post(w, w.f.admin, '/api/v1/releases/crm/promote', { version: '1.0.0' }, 200);
    return { url: '/api/v1/releases/crm/rollback', targetId: 'crm' };
  },
  'POST /api/v1/public/quotations/{token}/accept': async (w) => {
    const { id, token } = await sentQuotationToken(w);
    return { url: `/api/v1/public/quotations/${token}/accept`, body: { name: 'Sweep Buyer' }, token: '', targetId: id };
  },
  'POST /api/v1/public/quotations/{token}/reject': async (w) => {
    const { id, token } = await sentQuotationToken(w);
    return { url: `/api/v1/public/quotations/${token}/reject`, body: { reason: 'Swept' }, token: '', targetId: id };
  },
};
