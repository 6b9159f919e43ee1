import type { Prospect, StatusOption } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';

type Requests = ReturnType<typeof prospectRequests>;

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  ({ create, list, get } = prospectRequests(t, f));
});
afterAll(() => t.close());

let create: Requests['create'];
let list: Requests['list'];
let get: Requests['get'];

describe('create, read, update, delete', () => {
  test('creates with trimmed fields, the first status and stage, and answers it whole', async () => {
    const prospect = await create({ name: '  Acme Ltd ', phone1: ' +1 (555) 010-1000 ', email: 'info@acme.example.com', city: '', industry: 'Retail' });
    expect(prospect).toMatchObject({
      tenant_id: f.demoTenantId,
      name: 'Acme Ltd',
      phone1: '+1 (555) 010-1000',
      email: 'info@acme.example.com',
      city: null,
      industry: 'Retail',
      status_name: 'New',
      pipeline_stage_name: 'New',
      pipeline_stage_color: '#6B7280',
      last_contacted: null,
    });
    expect(expectStatus(await get(prospect.id), 200)).toEqual(prospect);
  });

  test('the add dialog rules: company name and phone required, email checked', async () => {
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: ' ', phone1: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('Company name is required');
    expect(missing.json().detail).toContain('Phone1 is required');
    const email = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'X', phone1: '+1 555 010 0001', email: 'nope' },
    });
    expect(email.json()).toEqual({ detail: 'email: must be a valid email address' });
  });

  test('a website must be an http(s) address: a script address is 400 naming the field, on create, edit and for leads', async () => {
    const detail = 'website: must be a web address starting with http:// or https://, such as https://example.com';
    for (const website of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://files.example.com',
      '//evil.example.com',
      'http:evil.example.com',
      'https:\\evil.example.com',
    ]) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects',
        token: f.staff,
        body: { tenant_id: f.demoTenantId, name: 'Scripted', phone1: '+1 555 010 0901', website },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail });
    }
    const prospect = await create({ name: 'Linked', phone1: '+1 555 010 0902', website: 'linked.example.com' });
    expect(prospect.website).toBe('linked.example.com');
    const edit = await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff, body: { website: 'javascript:alert(1)' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ detail });
    const lead = await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Scripted lead', phone1: '+1 555 010 0903', website: 'JavaScript:alert(1)' },
    });
    expect(lead.statusCode).toBe(400);
    expect(lead.json()).toEqual({ detail });
    expect(expectStatus<Prospect>(await get(prospect.id), 200).website).toBe('linked.example.com');
  });

  test('a phone that is the number (E.164) of another prospect of the tenant is 409; other tenants may have it', async () => {
    await create({ name: 'First', phone1: '+44 20 7946 0001' });
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Second', phone1: '+44 (20) 7946-0001' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: First.' });
    await create({ name: 'Elsewhere', phone1: '+44 20 7946 0001' }, f.otherTenantId, f.outsider);
  });

  test('PUT changes only the fields sent; phone clashes are 409', async () => {
    const prospect = await create({ name: 'Before', phone1: '+1 555 030 0300', city: 'Oslo', email: 'a@b.co' });
    await create({ name: 'Holder', phone1: '+1 555 030 0301' });
    const updated = expectStatus<Prospect>(
      await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff, body: { name: 'After', email: '' } }),
      200,
    );
    expect(updated).toMatchObject({ name: 'After', city: 'Oslo', email: null, phone1: '+1 555 030 0300', phone1_e164: '+15550300300' });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(prospect.updated_at).getTime());
    const clash = await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff, body: { phone1: '(555) 030-0301' } });
    expect(clash.statusCode).toBe(409);
    const same = await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff, body: { phone1: '555.030.0300' } });
    expect(same.statusCode).toBe(200);
  });

  test('DELETE removes it (404 afterwards) and lowers the total', async () => {
    const prospect = await create({ name: 'Doomed', phone1: '+1 555 040 0400' });
    const before = (await list('')).pagination.total;
    expect(expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff }), 200)).toEqual({
      message: 'Prospect deleted.',
    });
    expect((await get(prospect.id)).statusCode).toBe(404);
    expect((await list('')).pagination.total).toBe(before - 1);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff })).statusCode).toBe(404);
  });

  test('a status or stage of another tenant cannot be given', async () => {
    const foreign = expectStatus<StatusOption[]>(
      await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.otherTenantId}`, token: f.outsider }),
      200,
    )[0];
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'X', phone1: '+1 555 099 9001', status_id: foreign.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'status_id: Status option not found.' });
  });
});

describe('the list', () => {
  let tenantId: string;
  let token: string;
  beforeAll(async () => {
    // A tenant of its own, so the numbers below are exact.
    const tenant = expectStatus<{ id: string }>(
      await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'Listing', domain: 'listing.example.com' } }),
      201,
    );
    tenantId = tenant.id;
    token = f.admin;
    const rows = Array.from({ length: 45 }, (_, i) => ({
      name: `Company ${String(i + 1).padStart(2, '0')}`,
      phone1: `+1 555 300 ${String(i).padStart(4, '0')}`,
      email: `c${i + 1}@example.com`,
    }));
    rows.push({ name: 'Zebra 100% Stripes_Co', phone1: '+1 555 999 0000', email: 'ZEBRA@Example.com' });
    expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects/bulk', token, body: { tenant_id: tenantId, prospects: rows } }), 200);
  });

  test('page 1 of 20 by default, newest first (the first row of an upload on top), with the total', async () => {
    const page = await list('', tenantId, token);
    expect(page.pagination).toEqual({ total: 46, page: 1, limit: 20 });
    expect(page.prospects).toHaveLength(20);
    expect(page.prospects[0].name).toBe('Company 01');
    const page3 = await list('page=3', tenantId, token);
    expect(page3.prospects.map((p) => p.name)).toEqual(['Company 41', 'Company 42', 'Company 43', 'Company 44', 'Company 45', 'Zebra 100% Stripes_Co']);
    const all = [...page.prospects, ...(await list('page=2', tenantId, token)).prospects, ...page3.prospects];
    expect(new Set(all.map((p) => p.id)).size).toBe(46);
  });

  test('each row of the list is the record GET answers, field for field, on every list shape', async () => {
    const filled = await create(
      {
        name: 'Full Record Ltd',
        phone1: '+1 555 777 0001',
        phone2: '+1 555 777 0002',
        phone3: '+1 555 777 0003',
        email: 'full@record.example.com',
        industry: 'Dental',
        city: 'Denver',
        website: 'https://record.example.com',
        anchor_href_link: 'https://maps.example.com/r',
        manager: 'Ann Lee',
        employees: '11-50',
        founding_date: '1999',
        address: '1 Main St',
        description: 'Quotes "and" \\ back\nslashes, ünïcödé',
      },
      tenantId,
      token,
    );
    await t.db.execute(sql`update prospects set last_contacted = '2026-03-04T05:06:07.089123Z' where id = ${filled.id}`);
    const detail = expectStatus<Prospect>(await get(filled.id, token), 200);
    expect(detail.last_contacted).toBe('2026-03-04T05:06:07.089Z');
    for (const query of ['', 'page=1&limit=5', 'q=full%20record', `status_id=${filled.status_id}&limit=100`]) {
      const row = (await list(query, tenantId, token)).prospects.find((p) => p.id === filled.id);
      expect(row).toEqual(detail);
    }
    expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${filled.id}`, token }), 200);
  });

  test('limit is 1..100; page at least 1', async () => {
    expect((await list('limit=100', tenantId, token)).prospects).toHaveLength(46);
    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=x']) {
      const response = await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenantId}&${query}`, token });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^(limit|page): /);
    }
  });

  test('a page past the largest is refused with that limit; the largest page answers, empty', async () => {
    const response = await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenantId}&page=10000000000000000`, token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'page: must be at most 9007199254740991' });
    expect((await list('page=9007199254740991&limit=100', tenantId, token)).prospects).toEqual([]);
  });

  test('q is a case-insensitive substring of name, email or phone1, across all pages; LIKE wildcards are literal', async () => {
    expect((await list('q=company%2004', tenantId, token)).prospects.map((p) => p.name)).toEqual(['Company 04']);
    expect((await list('q=C45%40EXAMPLE', tenantId, token)).prospects.map((p) => p.name)).toEqual(['Company 45']);
    expect((await list('q=300%200007', tenantId, token)).prospects.map((p) => p.name)).toEqual(['Company 08']);
    expect((await list('q=zebra%40example', tenantId, token)).pagination.total).toBe(1);
    expect((await list('q=100%25', tenantId, token)).pagination.total).toBe(1);
    expect((await list('q=s_c', tenantId, token)).pagination.total).toBe(1);
    expect((await list('q=%25', tenantId, token)).pagination.total).toBe(1);
    const many = await list('q=company&limit=5&page=2', tenantId, token);
    expect(many.pagination).toEqual({ total: 45, page: 2, limit: 5 });
    expect(many.prospects.map((p) => p.name)).toEqual(['Company 06', 'Company 07', 'Company 08', 'Company 09', 'Company 10']);
  });

  test('status_id and pipeline_stage_id filter, with the filtered total', async () => {
    const statuses = expectStatus<StatusOption[]>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${tenantId}`, token }), 200);
    const stages = expectStatus<Array<{ id: string; name: string }>>(
      await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${tenantId}`, token }),
      200,
    );
    const first = (await list('q=company%2002', tenantId, token)).prospects[0];
    const callBack = statuses.find((s) => s.name === 'Call Back')!;
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects/change-status',
        token,
        body: { prospect_id: first.id, status_id: callBack.id, prospect_contacted: false },
      }),
      200,
    );
    const contacted = stages.find((s) => s.name === 'Contacted')!;
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects/change-pipeline-stage',
        token,
        body: { prospect_id: first.id, pipeline_stage_id: contacted.id },
      }),
      200,
    );

    const byStatus = await list(`status_id=${callBack.id}`, tenantId, token);
    expect(byStatus.prospects.map((p) => p.id)).toEqual([first.id]);
    expect(byStatus.pagination.total).toBe(1);
    expect((await list(`pipeline_stage_id=${contacted.id}`, tenantId, token)).pagination.total).toBe(1);
    expect((await list(`status_id=${statuses[0].id}`, tenantId, token)).pagination.total).toBe(45);
    expect((await list(`status_id=${callBack.id}&q=zebra`, tenantId, token)).pagination.total).toBe(0);
    const bad = await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenantId}&status_id=nope`, token });
    expect(bad.json()).toEqual({ detail: 'status_id: must be a valid id' });
  });

  test('a tenant_id is required and must be valid', async () => {
    const missing = await t.request({ url: '/api/v1/crm/prospects', token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^tenant_id: /);
  });
});

describe('deep pages', () => {
  let tenantId: string;
  beforeAll(async () => {
    const tenant = expectStatus<{ id: string }>(
      await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'Deep', domain: 'deep.example.com' } }),
      201,
    );
    tenantId = tenant.id;
    const rows = Array.from({ length: 1150 }, (_, i) => ({
      name: `Row ${String(i + 1).padStart(4, '0')}${i % 2 ? ' odd' : ''}`,
      phone1: `+1 555 400 ${String(i).padStart(4, '0')}`,
    }));
    expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects/bulk', token: f.admin, body: { tenant_id: tenantId, prospects: rows } }), 200);
  });

  test('pages past the first thousand rows (ids from the index first) continue the same order', async () => {
    const shallow = await list('limit=100&page=11', tenantId, f.admin);
    const deep = await list('limit=100&page=12', tenantId, f.admin);
    expect(shallow.prospects.at(-1)!.name).toBe('Row 1100 odd');
    expect(deep.prospects.map((p) => p.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Row ${String(1101 + i).padStart(4, '0')}${(1100 + i) % 2 ? ' odd' : ''}`),
    );
    expect(deep.pagination).toEqual({ total: 1150, page: 12, limit: 100 });
    expect(deep.prospects[0].status_name).toBe('New');
  });

  test('filtered deep pages and pages past the end keep the right total', async () => {
    const deep = await list('limit=20&page=28&q=odd', tenantId, f.admin);
    expect(deep.pagination.total).toBe(575);
    expect(deep.prospects.map((p) => p.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Row ${String(1082 + 2 * i).padStart(4, '0')} odd`));
    expect(await list('limit=100&page=50&q=odd', tenantId, f.admin)).toMatchObject({ prospects: [], pagination: { total: 575 } });
    expect(await list('limit=100&page=50', tenantId, f.admin)).toMatchObject({ prospects: [], pagination: { total: 1150 } });
  });
});

test('a search typed in decomposed Unicode (an accent as its own mark) finds what the composed one finds', async () => {
  await create({ name: 'Café Décor', phone1: '+1 555 310 0001' });
  for (const q of ['Café', 'Cafe\u0301', 'De\u0301cor']) {
    expect({ q, found: (await list(`q=${encodeURIComponent(q)}`)).prospects.map((p) => p.name) }).toEqual({ q, found: ['Café Décor'] });
  }
});
