import type { Prospect } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { prospects } from '../../../db/schema';

type Requests = ReturnType<typeof prospectRequests>;

let t: TestApp;
let f: CrmFixture;
let create: Requests['create'];
let list: Requests['list'];
let get: Requests['get'];
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  ({ create, list, get } = prospectRequests(t, f));
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, tenantId = f.demoTenantId, token = f.staff) =>
  t.request({ method: 'POST', url: '/api/v1/crm/prospects', token, body: { tenant_id: tenantId, ...body } });
const put = (id: string, body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${id}`, token: f.staff, body });

async function tenant(name: string, country?: string): Promise<string> {
  const body = { name, domain: `${name.toLowerCase().replace(/\W+/g, '-')}.example.com`, ...(country ? { default_country: country } : {}) };
  return expectStatus<{ id: string }>(await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body }), 201).id;
}

describe('a phone is a phone number', () => {
  test.each([
    ['phone1', { phone1: 'call me maybe' }],
    ['phone1', { phone1: 'click"),+1 555 000 0002,,Nowhere' }],
    ['phone2', { phone1: '+1 555 600 0001', phone2: '12' }],
    ['phone3', { phone1: '+1 555 600 0002', phone3: 'ext. 12' }],
  ])('a %s that is not a possible number is 400 naming the field, and nothing is added', async (field, phones) => {
    const before = (await list('q=refused%20phone')).pagination.total;
    const response = await post({ name: 'Refused phone', ...phones });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: `${field}: must be a valid phone number` });
    expect((await list('q=refused%20phone')).pagination.total).toBe(before);
  });

  test('each phone is kept as typed and as E.164, read in the tenant country; the list writes the same record', async () => {
    const prospect = await create({ name: 'Dial Me', phone1: '(555) 601-0001 ext. 5', phone2: '+44 20 7946 0501', phone3: ' ' });
    expect(prospect).toMatchObject({
      phone1: '(555) 601-0001 ext. 5',
      phone1_e164: '+15556010001',
      phone1_shown: '+1 555 601 0001 ext. 5',
      phone2: '+44 20 7946 0501',
      phone2_e164: '+442079460501',
      phone2_shown: '+44 20 7946 0501',
      phone3: null,
      phone3_e164: null,
      phone3_shown: null,
    });
    expect((await list('q=dial%20me')).prospects).toEqual([prospect]);
    expect(expectStatus(await get(prospect.id), 200)).toEqual(prospect);
  });

  test('an edit is checked the same way: 400 naming the field, the prospect unchanged', async () => {
    const prospect = await create({ name: 'Edit Phones', phone1: '+1 555 602 0001' });
    const response = await put(prospect.id, { phone2: 'call me maybe' });
    expect(response.json()).toEqual({ detail: 'phone2: must be a valid phone number' });
    expect(response.statusCode).toBe(400);
    expect(expectStatus(await get(prospect.id), 200)).toEqual(prospect);
    const edited = expectStatus<Prospect>(await put(prospect.id, { phone1: '555-602-0002' }), 200);
    expect(edited).toMatchObject({ phone1: '555-602-0002', phone1_e164: '+15556020002', phone1_shown: '+1 555 602 0002' });
  });

  test("a tenant's default country reads numbers written without +; another country's tenant reads them its way", async () => {
    const london = await tenant('London Office', 'gb');
    const tenants = expectStatus<Array<{ id: string; default_country: string }>>(await t.request({ url: '/api/v1/crm/tenants', token: f.admin }), 200);
    expect(tenants.find((row) => row.id === london)?.default_country).toBe('GB');
    expect(tenants.find((row) => row.id === f.demoTenantId)?.default_country).toBe('US');
    const prospect = await create({ name: 'Bluebird', phone1: '020 7946 0502' }, london, f.admin);
    expect(prospect.phone1_e164).toBe('+442079460502');
    expect((await post({ name: 'Bluebird US', phone1: '020 7946 0502' })).json()).toEqual({ detail: 'phone1: must be a valid phone number' });
    // The same number with its country code is the same prospect there.
    expect((await post({ name: 'Bluebird again', phone1: '+44 20 7946 0502' }, london, f.admin)).statusCode).toBe(409);

    const bad = await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${london}`, token: f.admin, body: { default_country: 'XX' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'default_country: must be a two-letter country code, such as US' });
    const changed = expectStatus<{ default_country: string }>(
      await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${london}`, token: f.admin, body: { default_country: 'FR' } }),
      200,
    );
    expect(changed.default_country).toBe('FR');
  });
});

describe('duplicates compare E.164', () => {
  test('on create and edit, (555) 603-0001 in a US tenant is +1 555-603-0001', async () => {
    await create({ name: 'Holder One', phone1: '+1 555-603-0001' });
    const again = await post({ name: 'Copy', phone1: '(555) 603-0001' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: Holder One.' });
    const other = await create({ name: 'Holder Two', phone1: '+1 555 603 0002' });
    const edit = await put(other.id, { phone1: '1 (555) 603-0001' });
    expect(edit.statusCode).toBe(409);
  });

  test('an upload row that is not a number is a row error naming the field; the others are saved', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/bulk',
      token: f.staff,
      body: {
        tenant_id: f.demoTenantId,
        prospects: [
          { Name: 'Upload Words', Phone1: 'call me maybe' },
          { Name: 'Upload Ok', Phone1: '555.604.0001', Phone2: 'nope' },
          { Name: 'Upload Fine', Phone1: '555.604.0002' },
        ],
      },
    });
    expect(expectStatus(response, 200)).toMatchObject({
      total_created: 1,
      errors: [
        { row: 1, detail: 'phone1: must be a valid phone number' },
        { row: 2, detail: 'phone2: must be a valid phone number' },
      ],
    });
    expect((await list('q=upload%20fine')).prospects[0]).toMatchObject({
      phone1: '555.604.0002',
      phone1_e164: '+15556040002',
      phone1_shown: '+1 555 604 0002',
    });
  });
});

describe('search finds a number however it is written', () => {
  test.each([['5556051102'], ['15556051102'], ['+15556051102'], ['+1 555 605 1102'], ['(555) 605-1102'], ['555 605 1102'], ['605-1102']])('q=%s', async (q) => {
    await searchTarget;
    const found = await list(`q=${encodeURIComponent(q)}`);
    expect(found.prospects.map((p) => p.name)).toEqual(['Searched Co']);
  });

  let searchTarget: Promise<Prospect>;
  beforeAll(() => {
    searchTarget = create({ name: 'Searched Co', phone1: '+1 555-605-1102' });
  });
});

describe('search finds a number written with its trunk prefix in brackets after the country code', () => {
  test.each([['+44 (0)20 7946 0003'], ['+44 (0) 20 7946 0003'], ['+44(0)20 7946'], ['+44 20 7946 0003'], ['020 7946 0003']])('q=%s', async (q) => {
    await searchTarget;
    const found = await list(`q=${encodeURIComponent(q)}`);
    expect(found.prospects.map((p) => p.name)).toEqual(['London Co']);
  });

  let searchTarget: Promise<Prospect>;
  beforeAll(() => {
    searchTarget = create({ name: 'London Co', phone1: '+44 20 7946 0003' });
  });
});

describe('prospects whose phone is not a number (from before the rule)', () => {
  let tenantId: string;
  beforeAll(async () => {
    tenantId = await tenant('Legacy Phones');
    // Rows as they were before phones were read: their text kept, no E.164.
    await t.db.insert(prospects).values([
      { tenantId, name: 'Legacy Words', phone1: 'call me maybe', createdAt: new Date(Date.now() - 3000) },
      { tenantId, name: 'Legacy Second', phone1: '+1 555 606 0001', phone1E164: '+15556060001', phone2: 'ask for Bob', createdAt: new Date(Date.now() - 2000) },
      { tenantId, name: 'Legacy Fine', phone1: '+1 555 606 0002', phone1E164: '+15556060002' },
    ]);
  });

  test('invalid_phone=true lists them, newest first, with their count; the list shows their text without E.164', async () => {
    const page = await list('invalid_phone=true', tenantId, f.admin);
    expect(page.pagination.total).toBe(2);
    expect(page.prospects.map((p) => [p.name, p.phone1, p.phone1_e164])).toEqual([
      ['Legacy Second', '+1 555 606 0001', '+15556060001'],
      ['Legacy Words', 'call me maybe', null],
    ]);
    expect((await list('invalid_phone=false', tenantId, f.admin)).pagination.total).toBe(3);
    const bad = await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenantId}&invalid_phone=maybe`, token: f.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'invalid_phone: must be true or false' });
  });

  test('fixing the phone takes a prospect off the filter; the count goes down', async () => {
    const [words] = (await list('invalid_phone=true&q=legacy%20words', tenantId, f.admin)).prospects;
    const fixed = expectStatus<Prospect>(
      await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${words.id}`, token: f.admin, body: { phone1: '(555) 606-0003' } }),
      200,
    );
    expect(fixed).toMatchObject({ phone1_e164: '+15556060003', phone1_shown: '+1 555 606 0003' });
    const page = await list('invalid_phone=true', tenantId, f.admin);
    expect(page.pagination.total).toBe(1);
    expect(page.prospects.map((p) => p.name)).toEqual(['Legacy Second']);
    // Now a number, it is found by its digits and guards its number.
    expect((await list('q=5556060003', tenantId, f.admin)).prospects.map((p) => p.name)).toEqual(['Legacy Words']);
    expect((await post({ name: 'Twin', phone1: '+1 555 606 0003' }, tenantId, f.admin)).statusCode).toBe(409);
  });
});
